"""百人牛牛's money as the house's ledger lines (roadsvc.domain.money), read from the settled rounds.

A round's settlement holds each bet's outcome, commission and net. Each settled bet is one line, keyed
by its round; leavers' refunded bets and voided rounds took no money and are not lines. The house's win
on a bet depends on who banked: when the house banks it is the opposite of the bettor's net (the
commission included, as the banker's result is the house's); when a player banks, the house takes the
commission only and the banker's result is that player's. A round counts in the shift it was settled in
(a correction moves its figures, not its shift).

The expected hold is the table's exact house edge (roadsvc.domain.niuniu.odds.house_edge: the commission's
expected share of a stake; the banker's result is worth 0 on average) under its settings now.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache
from typing import Any, Collection, Iterable, Mapping

from sqlalchemy.orm import Session

from roadsvc.domain.games import NIUNIU
from roadsvc.domain.money import Line, account_wins
from roadsvc.domain.niuniu.odds import house_edge, table_multiples
from roadsvc.persistence import niuniu as repo
from roadsvc.services.niuniu.tables import settings_of

GAME = NIUNIU


@dataclass(frozen=True)
class TableLedger:
    """A table's settled lines in a period and its exact edge (the expected hold per unit staked)."""

    lines: list[Line]
    edge: Fraction

    @property
    def stakes_and_edges(self) -> list[tuple[int, Fraction]]:
        return [(line.stake, self.edge) for line in self.lines]


def cents(amount: str) -> int:
    """A settlement's amount ("95.00", "-40.00") in cents: a floor reads thousands of them."""
    whole, point, fraction = amount.partition(".")
    if point and len(fraction) == 2 and whole.lstrip("-").isdigit() and fraction.isdigit():
        value = int(whole.lstrip("-")) * 100 + int(fraction)
        return -value if whole.startswith("-") else value
    return int(Decimal(amount).scaleb(2))


def round_lines(table_id: int, number: int, banker_account: str | None, settlement: Mapping[str, Any]) -> list[Line]:
    """The settled bets of one round as ledger lines."""
    house_banks = banker_account is None
    return [Line((GAME, table_id, number), account_id, bet["area"], cents(bet["stake"]), cents(bet["net"]),
                 None if house_banks else cents(bet["commission"]))
            for account_id, entry in settlement["accounts"].items() for bet in entry["bets"]]


def round_wins(number: int, banker_account: str | None, settlement: Mapping[str, Any], table_id: int = 0
               ) -> dict[str, int]:
    """What each account won on the round (cents): each bettor's nets, and a player banker's result
    (the house's, when it banks, is no account's)."""
    wins = account_wins(round_lines(table_id, number, banker_account, settlement))
    if banker_account is not None:
        wins[banker_account] = wins.get(banker_account, 0) + cents(settlement["banker"]["net"])
    return wins


def period_sums(session: Session, begins: datetime, ends: datetime, table_id: int) -> tuple[int, int, int]:
    """The table's (turnover, house win, bets) in cents over the rounds settled in [begins, ends): the floor's
    figures, from the same lines as the table's money (without tallying accounts and wins)."""
    lines = [line for row in repo.settled_between(session, begins, ends, table_id) for line in round_lines(*row)]
    return sum(line.stake for line in lines), sum(line.house_win for line in lines), len(lines)


def period_ledgers(session: Session, begins: datetime, ends: datetime,
                   table_id: int | None = None) -> dict[int, TableLedger]:
    """Per 百人牛牛 table with a round settled in [begins, ends): its lines and edge."""
    lines: dict[int, list[Line]] = {}
    for row in repo.settled_between(session, begins, ends, table_id):
        lines.setdefault(row.table_id, []).extend(round_lines(*row))
    edges = table_edges(session, lines)
    return {found: TableLedger(table_lines, edges[found]) for found, table_lines in lines.items()}


def table_revisions(session: Session, table_ids: Collection[int] | None = None) -> dict[int, int]:
    """Every 百人牛牛 table's (or these tables') revision (bumped by each settlement, void and correction):
    what names its money."""
    return repo.table_revisions(session, table_ids)


def table_edges(session: Session, table_ids: Iterable[int]) -> dict[int, Fraction]:
    """Each 百人牛牛 table's exact edge under its settings now."""
    return {table.id: edge_of(str(settings_of(table).commission_percent))
            for table in repo.tables_of(session, list(table_ids))}


@lru_cache(maxsize=64)
def edge_of(commission_percent: str) -> Fraction:
    return house_edge(table_multiples(), commission_percent)


# The shift report's rounds (roadsvc.services.pit.shift_reports)

AUDIT_ACTIONS = {"void": "void", "correction": "correct"}  # the report's words for a round's changes


def shift_rounds(session: Session, begins: datetime, ends: datetime) -> dict[int, dict[str, Any]]:
    """Per 百人牛牛 table active in [begins, ends): the rounds dealt (posted, not voided), the voids, the
    changes (voids and corrections: round, who, why, when; never a card) and the leaves (逃跑)."""
    found: dict[int, dict[str, Any]] = {}

    def entry(table_id: int) -> dict[str, Any]:
        return found.setdefault(table_id, {"hands": 0, "voids": 0, "changes": [], "leaves": 0})

    for table_id, posted, voided in repo.dealt_between(session, begins, ends):
        entry(table_id).update(hands=int(posted) - int(voided or 0), voids=int(voided or 0))
    for record in repo.audit_between(session, begins, ends):
        if record.action == "leave":
            entry(record.table_id)["leaves"] += 1
        elif record.action in AUDIT_ACTIONS:
            entry(record.table_id)["changes"].append(
                {"shoe": None, "hand": record.round_number, "action": AUDIT_ACTIONS[record.action],
                 "by": record.actor, "why": record.reason, "at": record.at.isoformat()})
    return found
