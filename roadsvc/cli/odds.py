"""`roadsvc odds`: exact odds, house edge and RTP of every bet of a rule set, for a fresh shoe.

    roadsvc odds [--rule-set NAME] [--decks 8] [--json]

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
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        report = odds_report(rule_set(args.rule_set), args.decks)
    except DomainError as error:
        sys.stderr.write(f"roadsvc odds: {error.message} [{error.code}]\n")
        return REFUSED
    if args.json:
        document = {"rule_set": args.rule_set, "decks": args.decks, "bets": [odds.as_dict() for odds in report]}
        sys.stdout.write(json.dumps(document, ensure_ascii=False, indent=1) + "\n")
    else:
        sys.stdout.write(render_table(args.rule_set, args.decks, report))
    return 0


def render_table(name: str, decks: int, report: list[BetOdds]) -> str:
    lines = [
        f"rule set {name}, {decks} decks, {report[0].total:,} ordered six-card dealings",
        "pays: net per unit staked, to 1",
        "",
    ]
    for odds in report:
        bet = odds.bet
        lines.append(f"{bet.code} ({bet.zh}, {bet.en}): house edge {float(odds.house_edge):.4%}, "
                     f"RTP {float(odds.rtp):.4%}")
        for label, count in odds.counts.items():
            lines.append(f"  {label:<22} {str(unit_net(bet, label)):>7}  {float(odds.probability(label)):.6f}"
                         f"  {count:>22,}")
    return "\n".join(lines) + "\n"
