"""`roadsvc odds`: exact odds, house edge and RTP of every bet of a rule set, for a fresh shoe;
`--game niuniu`: a 百人牛牛 table's exact odds for a commission (roadsvc.domain.niuniu.odds).

    roadsvc odds [--rule-set NAME] [--decks 8] [--json]
    roadsvc odds --game niuniu [--commission-percent 5] [--json]

Computed by exact enumeration of the dealing (P1 B1 P2 B2 P3 B3 without
replacement), not by simulation. Counts are out of N (N-1) ... (N-5) ordered
dealings of six cards, N the cards in the shoe.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from roadsvc.cli import REFUSED
from roadsvc.domain.baccarat.bets.bet_odds import BetOdds, unit_net
from roadsvc.domain.baccarat.bets.odds import odds_report
from roadsvc.domain.baccarat.bets.rule_sets import rule_set, rule_set_names
from roadsvc.domain.errors import DomainError
from roadsvc.domain.baccarat.dealing.shoe import DEFAULT_DECKS
from roadsvc.domain.niuniu import odds as niuniu_odds
from roadsvc.domain.niuniu.settings import niuniu_settings
from roadsvc.translations import api_name


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "odds",
        help="exact odds, house edge and RTP of every bet of a rule set",
        description="Print every bet's probability of each outcome (win per pay tier, push, lose), its house "
        "edge and RTP for a full shoe, by exact enumeration of the dealing.",
    )
    parser.add_argument("--rule-set", default="classic", choices=rule_set_names(), help="default classic")
    parser.add_argument("--decks", type=int, default=DEFAULT_DECKS, help="decks in the shoe (default 8)")
    parser.add_argument("--json", action="store_true", help="one JSON document instead of a table")
    parser.add_argument("--game", default="baccarat", choices=("baccarat", "niuniu"), help="default baccarat")
    parser.add_argument("--commission-percent", default="0", help="百人牛牛: the table's commission (default 0)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.game == "niuniu":
        return run_niuniu(args)
    try:
        report = odds_report(rule_set(args.rule_set), args.decks)
    except DomainError as error:
        sys.stderr.write(f"roadsvc odds: {error.message} [{error.code}]\n")
        return REFUSED
    if args.json:
        document = {"rule_set": args.rule_set, "decks": args.decks, "bets": [_with_chinese(odds.as_dict()) for odds in report]}
        sys.stdout.write(json.dumps(document, ensure_ascii=False, indent=1) + "\n")
    else:
        sys.stdout.write(render_table(args.rule_set, args.decks, report))
    return 0


def _with_chinese(odds: dict) -> dict:
    """A bet's odds as `--json` has always written them: `zh`, the operator's name (the zh-Hans catalogue's), after `bet`."""
    bet, rest = odds["bet"], {key: value for key, value in odds.items() if key != "bet"}
    return {"bet": bet, "zh": api_name(odds["en"]), **rest}


def render_table(name: str, decks: int, report: list[BetOdds]) -> str:
    lines = [
        f"rule set {name}, {decks} decks, {report[0].total:,} ordered six-card dealings",
        "pays: net per unit staked, to 1",
        "",
    ]
    for odds in report:
        bet = odds.bet
        lines.append(f"{bet.code} ({api_name(bet.en)}, {bet.en}): house edge {float(odds.house_edge):.4%}, "
                     f"RTP {float(odds.rtp):.4%}")
        for label, count in odds.counts.items():
            lines.append(f"  {label:<22} {str(unit_net(bet, label)):>7}  {float(odds.probability(label)):.6f}"
                         f"  {count:>22,}")
    return "\n".join(lines) + "\n"


def run_niuniu(args: argparse.Namespace) -> int:
    try:
        settings = niuniu_settings({"commission_percent": args.commission_percent})
    except DomainError as error:
        sys.stderr.write(f"roadsvc odds: {error.message} [{error.code}]\n")
        return REFUSED
    report = niuniu_odds.odds_report(niuniu_odds.table_multiples(), str(settings.commission_percent))
    if args.json:
        sys.stdout.write(json.dumps(report, ensure_ascii=False, indent=1) + "\n")
        return 0
    area, edge = report["areas"]["player_1"], report["house_edge"]
    lines = [f"百人牛牛, {report['deck']}-card deck, {report['hands']:,} hands, {report['pairs']:,} ordered pairs "
             f"(an area's hand and the banker's), commission {report['commission_percent']}%", "",
             f"{'type':<12} {'multiple':>8} {'hands':>9} {'probability':>15}"]
    lines += [f"{row['type']:<12} {row['multiple']:>8} {row['hands']:>9,} {row['probability']:>15}"
              for row in report["types"]]
    lines += ["", f"an area beats the banker: {area['win_probability']} ({report['exact']['area_win']})",
              f"won per unit staked {area['won_per_unit']}, lost {area['lost_per_unit']}; "
              f"EV per area {area['ev']} ({report['exact']['area_ev']})",
              f"house edge {edge['of_stake']} of the stake, {edge['of_money_changing_hands']} of the money that "
              "changes hands"]
    sys.stdout.write("\n".join(lines) + "\n")
    return 0
