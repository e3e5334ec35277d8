"""The hand's ledger settled: on post, on void (refund), on correction (re-settled), and read.

Every bet is settled by the rules of the slip it came in (pays, losses and holds as they
were when it was accepted), inside the transaction of the write that decides it, so a
hand is never in without its bets settled. Amounts are integer cents in the database and
decimal strings with two places everywhere else.

A bet the posted hand has no facts for (a card bet on a hand entered by result) is never
guessed: it is settled `needs_cards` and gives back all it held (net 0). A correction that
brings the cards settles it properly. A void, or a shoe closed before the hand came,
gives back every bet (`void`); so does a round cancelled before dealing (`cancelled`), after
which the hand takes bets again.

A stored slip can never stop its hand from being posted: the hand is the truth. A bet
whose settlement cannot be computed under the rules its slip stored (rules no longer
valid, an amount beyond exact decimals or beyond what the ledger holds) is settled
`unsettleable`: all it held goes back (net 0), the failure is logged, and the hand goes
in with every other bet settled.
"""

from __future__ import annotations

import json
import logging
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime
from functools import lru_cache
from typing import Any, Iterable, Sequence

from sqlalchemy import Row
from sqlalchemy.orm import Session

from roadsvc.domain.amounts import from_cents, money, to_cents
from roadsvc.domain.baccarat.bets import RuleSet, rule_set
from roadsvc.domain.baccarat.bets.facts import facts_of
from roadsvc.domain.baccarat.bets.settlement import missing_facts, settle_facts
from roadsvc.domain.baccarat.dealing.hands import Hand
from roadsvc.persistence import bets as ledger
from roadsvc.persistence import repositories as repo
from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import Bet, Shoe, utcnow
from roadsvc.services.errors import DomainError, NotFound

OPEN, CANCELLED, VOID, NEEDS_CARDS = ledger.OPEN_STATUS, ledger.CANCELLED_STATUS, "void", "needs_cards"
UNSETTLEABLE = "unsettleable"
SETTLED = "settled"
MAX_CENTS = 2**63 - 1  # the ledger's BIGINT columns
# What computing a stored bet's settlement may raise: rules its slip stored that no longer
# build, and amounts beyond decimal precision (decimal.InvalidOperation is an ArithmeticError).
SETTLEMENT_FAILURES = (DomainError, ArithmeticError, KeyError, TypeError, ValueError)
log = logging.getLogger(__name__)

# Money: cents in the database, exact decimals outside.


@lru_cache(maxsize=256)
def stored_rules(text: str) -> RuleSet:
    """The RuleSet of a slip's stored rules, as their JSON text ({"rule_set", "overrides"}),
    built once per distinct text."""
    stored = json.loads(text)
    return rule_set(stored["rule_set"], stored["overrides"])


def rules_of(stored: dict[str, Any]) -> RuleSet:
    """The RuleSet a slip stored ({"rule_set", "overrides"}), built once per distinct rules."""
    return stored_rules(json.dumps(stored, sort_keys=True))


# Settling, in the transaction of the hand's write.


def settle_hand(session: Session, shoe_id: int, hand_number: int, hand: Hand) -> None:
    """Settle every bet of the hand by `hand` (called by posting)."""
    ledger.write_settlements(session, _settled(ledger.hand_lines(session, shoe_id, hand_number), hand))


def resettle_hand(session: Session, shoe_id: int, hand_number: int, hand: Hand | None) -> dict[str, Any]:
    """Settle the hand's bets again by `hand` (a correction), or refund them (None: a void).

    Returns what the audit record keeps: each account's net before and after, and the
    difference; {} when the hand had no bets.
    """
    lines = ledger.hand_lines(session, shoe_id, hand_number)
    if not lines:
        return {}
    values = _refunded(lines) if hand is None else _settled(lines, hand)
    ledger.write_settlements(session, values)
    accounts = [line.account_id for line in lines]
    return {"settlement": _differences(_nets(accounts, [line.net for line in lines]),
                                       _nets(accounts, [value["net"] for value in values]))}


def cancel_round(session: Session, shoe_id: int, hand_number: int) -> dict[str, str]:
    """The round of hand `hand_number` was cancelled before dealing: its bets are given back
    (`cancelled`: no later post, void or correction of the hand touches them). Returns what
    each account gets back."""
    lines = ledger.hand_lines(session, shoe_id, hand_number, OPEN)
    ledger.write_settlements(session, _refunded(lines, CANCELLED))
    refunded: dict[str, int] = defaultdict(int)
    for line in lines:
        refunded[line.account_id] += line.held
    return {account: money(cents) for account, cents in sorted(refunded.items())}


def cancel_open_bets(session: Session, shoe_id: int) -> None:
    """The shoe closed with bets on a hand that never came: every one is given back."""
    ledger.write_settlements(session, _refunded(ledger.open_lines_of_shoe(session, shoe_id)))


def _settled(lines: Sequence[Row], hand: Hand) -> list[dict[str, Any]]:
    facts = facts_of(hand)
    available, now = facts.available, utcnow()
    values = []
    for line in lines:
        try:
            values.append(_settled_line(line, stored_rules(line.rules), facts, available, now))
        except SETTLEMENT_FAILURES as error:
            log.error("bet %s (slip %s) cannot be settled under its stored rules: %r; refunded as %s",
                      line.id, line.slip_id, error, UNSETTLEABLE)
            values.append(_value(line, UNSETTLEABLE, None, None, line.held, now))
    return values


def _settled_line(line: Row, rules: RuleSet, facts, available: frozenset[str], now: datetime) -> dict[str, Any]:
    spec = rules.bets[line.code]
    if missing_facts(spec, available):
        return _value(line, NEEDS_CARDS, None, None, line.held, now)
    settled = settle_facts(spec, from_cents(line.stake), facts, available=available)
    returned = to_cents(settled.returned)
    if not 0 <= returned <= MAX_CENTS:
        raise ArithmeticError(f"returned {settled.returned} is beyond what the ledger holds")
    pay = None if settled.pay is None else str(settled.pay)
    return _value(line, settled.outcome.kind, settled.outcome.tier, pay, returned, now)


def _refunded(lines: Sequence[Row], status: str = VOID) -> list[dict[str, Any]]:
    now = utcnow()
    return [_value(line, status, None, None, line.held, now) for line in lines]


def _value(line: Row, status: str, tier: str | None, pay: str | None, returned: int, now: datetime) -> dict[str, Any]:
    return {"id": line.id, "status": status, "tier": tier, "pay": pay, "returned": returned,
            "net": returned - line.held, "settled_at": now}


def _nets(accounts: list[str], nets: list[int | None]) -> dict[str, int]:
    totals: dict[str, int] = defaultdict(int)
    for account, net in zip(accounts, nets):
        totals[account] += net or 0
    return totals


def _differences(before: dict[str, int], after: dict[str, int]) -> dict[str, dict[str, str]]:
    return {
        account: {
            "net_before": money(before[account]),
            "net_after": money(after[account]),
            "difference": money(after[account] - before[account]),
        }
        for account in sorted(after)
    }


# Reading a hand's settlement.


@dataclass(frozen=True)
class HandSettlement:
    """A hand's bets and their settlement, per bet and per account."""

    shoe_id: int
    hand_number: int
    status: str  # open (hand not in yet), settled, void
    result: str | None
    bets: list[dict[str, Any]]
    accounts: list[dict[str, Any]] = field(default_factory=list)
    totals: dict[str, Any] = field(default_factory=dict)


def hand_settlement(db: Database, shoe_id: int, hand_number: int, account_id: str | None = None) -> HandSettlement:
    """The settlement of hand `hand_number` (the next hand: its open bets), optionally one account's."""
    with db.read() as session:
        if session.get(Shoe, shoe_id) is None:
            raise NotFound("shoe_not_found", f"no shoe {shoe_id}", "shoe_id")
        row = repo.hand_by_number(session, shoe_id, hand_number)
        if row is None and hand_number != repo.last_hand_number(session, shoe_id) + 1:
            raise NotFound("hand_not_found", f"shoe {shoe_id} has no hand {hand_number}", "number")
        bets = list(ledger.hand_bets(session, shoe_id, hand_number))
    if account_id is not None:
        bets = [bet for bet in bets if bet.account_id == account_id]
    status = _hand_status(row, bets)
    return HandSettlement(
        shoe_id, hand_number, status, row.result if row is not None and not row.voided else None,
        [bet_view(bet) for bet in bets], _accounts(bets), _sums(bets),
    )


def _hand_status(row, bets: Iterable[Bet]) -> str:
    if row is not None:
        return VOID if row.voided else SETTLED
    return VOID if any(bet.status == VOID for bet in bets) else OPEN  # void: the shoe closed first


def bet_view(bet: Bet) -> dict[str, Any]:
    return {
        "bet_id": bet.id,
        "slip_id": bet.slip_id,
        "account_id": bet.account_id,
        "bet": bet.code,
        "stake": money(bet.stake),
        "held": money(bet.held),
        "status": bet.status,
        "tier": bet.tier,
        "pay": bet.pay,
        "returned": money(bet.returned),
        "net": money(bet.net),
    }


def _accounts(bets: Sequence[Bet]) -> list[dict[str, Any]]:
    by_account: dict[str, list[Bet]] = defaultdict(list)
    for bet in bets:
        by_account[bet.account_id].append(bet)
    return [{"account_id": account, **_sums(lines)} for account, lines in sorted(by_account.items())]


def _sums(bets: Sequence[Bet]) -> dict[str, Any]:
    """Totals of some bets; returned and net are null while any of them is open."""
    settled = all(bet.status != OPEN for bet in bets)
    return {
        "bets": len(bets),
        "staked": money(sum(bet.stake for bet in bets)),
        "held": money(sum(bet.held for bet in bets)),
        "returned": money(sum(bet.returned for bet in bets)) if settled else None,
        "net": money(sum(bet.net for bet in bets)) if settled else None,
    }
