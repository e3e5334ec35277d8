"""The house's money (issue 24), for keys with `read_money`: per shoe, per table and shift,
per floor; the shoe's running win; the bets open on the hand in play; the expected hold.

Figures are computed from the settled ledger (roadsvc.domain.money) when asked: the floor's
tiles take one grouped read per floor build (never on a 304), a table's page or a report
reads the lines. JSON: amounts as decimal strings with two places, holds as fractions.

Every game that takes bets gives its lines here (`Ledger`: the lines and each stake's exact edge):
baccarat's bets ledger, 百人牛牛's settled rounds (roadsvc.services.niuniu.ledger); a table's, a
shift's and the floor's figures are the same functions of them whatever the game.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime
from fractions import Fraction
from functools import lru_cache
from typing import Any, Collection, Iterable, Sequence

from sqlalchemy.orm import Session

from roadsvc.domain import money as domain
from roadsvc.domain.amounts import money as amount
from roadsvc.domain.baccarat.bets.odds import odds_report
from roadsvc.domain.shifts import Shift
from roadsvc.persistence import money as repo
from roadsvc.persistence import repositories as shoes_repo
from roadsvc.persistence.engine import Database
from roadsvc.services.caches import LRU
from roadsvc.services.baccarat.ledger import rules_of
from roadsvc.services.niuniu import ledger as niuniu_ledger

HOLD_DIGITS = 6


def lines_of(rows: Iterable) -> list[domain.Line]:
    return [domain.Line((row.shoe_id, row.hand_number), row.account_id, row.code, int(row.stake), int(row.net or 0))
            for row in rows]


@lru_cache(maxsize=256)
def _edges(rules_key: str, decks: int) -> dict[str, Fraction]:
    return {odds.bet.code: odds.house_edge for odds in odds_report(rules_of(json.loads(rules_key)), decks)}


def house_edge(rules: dict[str, Any], decks: int, code: str) -> Fraction:
    """The bet's exact house edge on a fresh shoe of `decks` decks, under the rules its slip stored."""
    return _edges(json.dumps(rules, sort_keys=True), decks).get(code, Fraction(0))


def expected_hold(rows: Sequence) -> Fraction | None:
    return domain.expected_hold(baccarat_ledger(rows).stakes_and_edges)


def hold_value(hold: Fraction | None) -> float | None:
    return None if hold is None else round(float(hold), HOLD_DIGITS)


def money_json(figures: domain.Money, expected: Fraction | None = None) -> dict[str, Any]:
    return {"turnover": amount(figures.turnover), "win": amount(figures.win), "hold": hold_value(figures.hold),
            "expected_hold": hold_value(expected), "bets": figures.bets, "accounts": figures.accounts,
            "largest_bet": amount(figures.largest_bet), "largest_win": amount(figures.largest_win),
            "by_bet": {code: amount(cents) for code, cents in figures.by_bet.items()}}


@dataclass(frozen=True)
class Ledger:
    """Settled bets of any game: the lines, and each stake with its bet's exact edge (the expected hold's)."""

    lines: list[domain.Line] = field(default_factory=list)
    stakes_and_edges: list[tuple[int, Fraction]] = field(default_factory=list)

    def __add__(self, other: "Ledger") -> "Ledger":
        return Ledger(self.lines + other.lines, self.stakes_and_edges + other.stakes_and_edges)


def baccarat_ledger(rows: Sequence) -> Ledger:
    return Ledger(lines_of(rows), [(int(row.stake), house_edge(row.rules, row.decks, row.code)) for row in rows])


def niuniu_ledger_of(found: niuniu_ledger.TableLedger) -> Ledger:
    return Ledger(found.lines, found.stakes_and_edges)


def ledger_json(ledger: Ledger) -> dict[str, Any]:
    return money_json(domain.tally(ledger.lines), domain.expected_hold(ledger.stakes_and_edges))


def figures_json(rows: Sequence) -> dict[str, Any]:
    """A baccarat shoe's figures from its bets' rows."""
    return ledger_json(baccarat_ledger(rows))


# A shoe


@dataclass(frozen=True)
class ShoeMoney:
    figures: dict[str, Any]
    running_win: list[dict[str, Any]]  # [{"hand": n, "win": "12.00"}] after each counted hand
    open_bets: dict[str, dict[str, Any]]  # the hand in play: {code: {"stake", "bets"}}
    hand_in_play: int | None


def shoe_money(db: Database, shoe_id: int) -> ShoeMoney:
    """The shoe's money, its running win after each counted hand, and the bets open on the hand in play."""
    with db.read() as session:
        rows = repo.shoe_lines(session, shoe_id)
        numbers = repo.counted_hand_numbers(session, shoe_id)
        in_play = shoes_repo.last_hand_number(session, shoe_id) + 1
        open_bets = repo.open_stakes(session, shoe_id, in_play)
    points = domain.running_win(lines_of(rows), [(shoe_id, number) for number in numbers])
    return ShoeMoney(figures_json(rows), [{"hand": hand[1], "win": amount(win)} for hand, win in points],
                     {code: {"stake": amount(stake), "bets": count} for code, (stake, count) in open_bets.items()},
                     in_play)


def shoe_money_json(found: ShoeMoney) -> dict[str, Any]:
    return {"money": found.figures, "running_win": found.running_win,
            "hand_in_play": {"hand_number": found.hand_in_play, "open_bets": found.open_bets}}


# A shift


def table_shift_money(db: Database, table_id: int, shift: Shift) -> dict[str, Any]:
    return ledger_json(shift_ledgers_by_table(db, shift, table_id).get(table_id, Ledger()))


def shift_ledgers_by_table(db: Database, shift: Shift, table_id: int | None = None) -> dict[int, Ledger]:
    """Every game's settled bets in the shift, per table (of one table, or all)."""
    with db.read() as session:
        rows = repo.period_lines(session, shift.begins, shift.ends, table_id)
        niuniu = niuniu_ledger.period_ledgers(session, shift.begins, shift.ends, table_id)
    by_table: dict[int, list] = {}
    for row in rows:
        by_table.setdefault(row.table_id, []).append(row)
    ledgers = {found: baccarat_ledger(table_rows) for found, table_rows in by_table.items()}
    for found, table_ledger in niuniu.items():
        ledgers[found] = ledgers.get(found, Ledger()) + niuniu_ledger_of(table_ledger)
    return ledgers


Sums = tuple[int, int, int]  # (turnover, win, bets) in cents


def floor_shift_money(session: Session, shift: Shift, cache: LRU[Sums] | None = None,
                      table_ids: Collection[int] | None = None) -> dict[int, Sums]:
    """Each table's (or these tables') turnover, win and bets in the shift: baccarat's in one grouped read,
    百人牛牛's from its rounds settled in the shift, kept in `cache` by (table, revision, shift): a floor rebuilt
    after one table's round reads that table's rounds again, not every table's."""
    sums = repo.table_sums(session, shift.begins, shift.ends, table_ids)
    niuniu = _niuniu_sums(session, shift, cache if cache is not None else LRU(0), table_ids)
    found = {table_id: (int(turnover or 0), -int(net or 0), int(bets)) for table_id, turnover, net, bets in sums}
    for table_id, table_sums in niuniu.items():
        found[table_id] = total([found.get(table_id, (0, 0, 0)), table_sums])
    return found


def _niuniu_sums(session, shift: Shift, cache: LRU[Sums], table_ids: Collection[int] | None) -> dict[int, Sums]:
    found = {}
    for table_id, revision in niuniu_ledger.table_revisions(session, table_ids).items():
        key = (table_id, revision, shift.key)
        sums = cache.get(key)
        if sums is None:
            sums = niuniu_ledger.period_sums(session, shift.begins, shift.ends, table_id)
            cache.put(key, sums)
        if sums[2]:
            found[table_id] = sums
    return found


def sums_json(sums: Sums) -> dict[str, Any]:
    turnover, win, bets = sums
    return {"turnover": amount(turnover), "win": amount(win), "bets": bets,
            "hold": hold_value(Fraction(win, turnover) if turnover else None)}


def total(sums: Iterable[Sums]) -> Sums:
    found = list(sums)
    return (sum(s[0] for s in found), sum(s[1] for s in found), sum(s[2] for s in found))


def shift_json(shift: Shift, zone_name: str) -> dict[str, Any]:
    return {"date": shift.day.isoformat(), "shift": shift.name, "time_zone": zone_name,
            "begins": shift.begins.isoformat(), "ends": shift.ends.isoformat()}


def now_in(shift: Shift, now: datetime) -> bool:
    return shift.begins <= now < shift.ends
