"""Placing a slip on the next hand of a table.

Placing a slip is one write transaction that locks the shoe row (BEGIN IMMEDIATE on
SQLite, SELECT ... FOR UPDATE on PostgreSQL, as posting a hand does), reads what the
hand already holds by bet code and checks the slip against it: two slips racing for the
last room under a hedge or total limit are serialised, and at most one gets it. Each
bet is accepted or refused with a stable reason code (the domain's, plus
`betting_closed`; `advantage` when the table closes bets in the player's favour, see
`roadsvc.services.baccarat.advantage`); the accepted ones become lines of the hand's ledger (settled by
`roadsvc.services.baccarat.ledger` when the hand is in). A slip carries the client's id, unique
per table: a retry gets the stored answer back, whatever happened since.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass
from decimal import Decimal, InvalidOperation
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from roadsvc.domain.baccarat.bets import BetCheck, Refusal, RuleSet, StakeRange, check_slip, held_for, stake_range
from roadsvc.domain.baccarat.bets.money import to_stake
from roadsvc.domain.baccarat.bets.refusals import ADVANTAGE
from roadsvc.persistence import bets as ledger
from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import BetSlip, Table
from roadsvc.services.baccarat.bet_rules import available_facts, overrides_of
from roadsvc.services.baccarat import monitor
from roadsvc.services.baccarat.vip import charters
from roadsvc.services.baccarat.betting_window import (
    BETTING_CLOSED, Window, betting_window, closed_refusal, require_hand, table_or_404,
)
from roadsvc.services.errors import Conflict
from roadsvc.services.baccarat.advantage import audit_closures, next_hand_or_none, stake_evs
from roadsvc.domain.amounts import from_cents, money, to_cents
from roadsvc.services.baccarat.ledger import rules_of

CENT = Decimal("0.01")


@dataclass(frozen=True)
class SlipRequest:
    """A slip as a game server sends it; stakes are decimal strings."""

    client_slip_id: str
    account_id: str
    account_range: tuple[str, str]
    bets: tuple[tuple[str, str], ...]
    hand_number: int | None = None

    def fingerprint(self) -> str:
        """What makes two requests the same slip (docs/game-servers.md): every field, the amounts by value
        ("10" is "10.00") and the bets as a collection (in any order; a bet twice counts twice)."""
        content = {**asdict(self), "account_range": [_by_value(amount) for amount in self.account_range],
                   "bets": sorted([bet, _by_value(stake)] for bet, stake in self.bets)}
        return hashlib.sha256(json.dumps(content, sort_keys=True).encode()).hexdigest()


def _by_value(amount: str) -> str:
    """A decimal string as its value in cents written one way; anything else as it was sent."""
    try:
        return str(Decimal(amount).quantize(CENT))
    except (InvalidOperation, TypeError, ValueError):
        return str(amount)


@dataclass(frozen=True)
class PlacedSlip:
    answer: dict[str, Any]
    created: bool


def place_slip(db: Database, table_id: int, request: SlipRequest, actor: str) -> PlacedSlip:
    """Check the slip against the next hand's rules and limits; record its accepted bets."""
    account = stake_range(*request.account_range, field="account_range")
    try:
        return _place(db, table_id, request, account, actor)
    except IntegrityError:  # a twin of this slip (same client id) was stored first
        with db.read() as session:
            stored = ledger.slip_by_client_id(session, table_id, request.client_slip_id)
            if stored is None:
                raise
            return _stored_answer(stored, request)


def _place(db: Database, table_id: int, request: SlipRequest, account: StakeRange, actor: str) -> PlacedSlip:
    with db.write() as session:
        table = table_or_404(session, table_id)
        window = betting_window(session, table_id, for_update=True)
        stored = ledger.slip_by_client_id(session, table_id, request.client_slip_id)
        if stored is not None:
            return _stored_answer(stored, request)
        require_hand(window)
        charters.refuse_other_accounts(session, table_id, request.account_id)
        stored_rules = {"rule_set": table.rule_set, "overrides": overrides_of(table.rule_set, table.settings)}
        rules = rules_of(stored_rules)  # the settings were checked when the table was written
        next_hand = next_hand_or_none(db, session, window.shoe, table)  # cached by the shoe's revision
        closed = next_hand.closures() if next_hand is not None else {}
        checks = _checks(session, table, rules, window, request, account, closed)
        audit_closures(session, window.shoe.id, window.hand_number, closed,
                       {check.code for check in checks if check.refusal and check.refusal.code == ADVANTAGE})
        _watch_late(session, window, request, checks)
        slip = BetSlip(
            table_id=table_id, shoe_id=window.shoe.id, hand_number=window.hand_number,
            client_slip_id=request.client_slip_id, account_id=request.account_id,
            request_hash=request.fingerprint(), rules=stored_rules, answer={}, actor=actor,
        )
        session.add(slip)
        session.flush()
        lines = _ledger_lines(slip, rules, checks, stake_evs(next_hand, {check.code for check in checks}))
        for line, bet_id in zip(lines.values(), ledger.insert_lines(session, list(lines.values()))):
            line["id"] = bet_id
        slip.answer = _answer(slip, account, checks, lines)
        if lines:
            charters.hand_has_a_bet(session, table_id, request.account_id)
    return PlacedSlip(slip.answer, created=True)


def _checks(
    session: Session, table: Table, rules: RuleSet, window: Window, request: SlipRequest, account: StakeRange,
    advantage: dict[str, Refusal],
) -> list[BetCheck]:
    closed = window.closed or _expected_hand_refusal(request.hand_number, window.hand_number)
    if closed is not None:
        return [BetCheck(code, to_stake(stake, f"bets[{i}].stake"), closed)
                for i, (code, stake) in enumerate(request.bets)]
    held = ledger.hand_totals(session, window.shoe.id, window.hand_number)
    totals = {code: from_cents(cents) for code, cents in held.items()}
    return check_slip(rules, window.hand_number, request.bets, account, totals, available_facts(table.settings),
                      advantage).checks


NOT_LATE = frozenset({"cards_known", "flown"})  # holding.window_closure: the table's mode closed the hand


def _watch_late(session: Session, window: Window, request: SlipRequest, checks: list[BetCheck]) -> None:
    """A slip refused as betting_closed is a late bet: the monitor counts it (late_slips). Not a
    slip refused because the hand is held (its cards are known) or flown: the table's mode
    closed that hand to everyone, nobody bet late."""
    refusals = [check.refusal for check in checks if check.refusal is not None]
    if (checks and len(refusals) == len(checks) and refusals[0].code == BETTING_CLOSED
            and refusals[0].detail.get("why") not in NOT_LATE):
        monitor.slip_refused_late(session, window.shoe, request.hand_number or window.hand_number,
                                  request.client_slip_id, request.account_id, refusals[0].detail.get("why", ""))


def _expected_hand_refusal(expected: int | None, next_hand: int) -> Refusal | None:
    if expected is None or expected == next_hand:
        return None
    return closed_refusal("hand_changed", f"the slip is for hand {expected}; bets are taken on hand {next_hand}",
                          hand_number=expected, next_hand=next_hand)


def _ledger_lines(slip: BetSlip, rules: RuleSet, checks: list[BetCheck], evs: dict[str, float | None]
                  ) -> dict[int, dict[str, Any]]:
    """The accepted bets as ledger lines (column values), by their position in the slip, each with its
    exact EV on the hand (None where the table's composition is not known)."""
    return {
        position: {
            "slip_id": slip.id, "shoe_id": slip.shoe_id, "hand_number": slip.hand_number,
            "account_id": slip.account_id, "position": position, "code": check.code,
            "stake": to_cents(check.stake), "held": to_cents(held_for(rules.bets[check.code], check.stake)),
            "status": ledger.OPEN_STATUS, "ev": evs.get(check.code),
        }
        for position, check in enumerate(checks)
        if check.accepted
    }


def _answer(slip: BetSlip, account: StakeRange, checks: list[BetCheck], lines: dict[int, dict[str, Any]]
            ) -> dict[str, Any]:
    bets = [_check_entry(check, lines.get(position)) for position, check in enumerate(checks)]
    return {
        "slip_id": slip.id,
        "client_slip_id": slip.client_slip_id,
        "table_id": slip.table_id,
        "shoe_id": slip.shoe_id,
        "hand_number": slip.hand_number,
        "account_id": slip.account_id,
        "account_range": account.as_dict(),
        "bets": bets,
        "accepted": len(lines),
        "refused": len(checks) - len(lines),
        "staked": money(sum(line["stake"] for line in lines.values())),
        "held": money(sum(line["held"] for line in lines.values())),
        "placed_at": slip.created_at.isoformat(),
    }


def _check_entry(check: BetCheck, line: dict[str, Any] | None) -> dict[str, Any]:
    return {
        "bet": check.code,
        "stake": str(check.stake),
        "accepted": check.accepted,
        "bet_id": line["id"] if line else None,
        "held": money(line["held"]) if line else None,
        "refusal": check.refusal.as_dict() if check.refusal else None,
    }


def _stored_answer(stored: BetSlip, request: SlipRequest) -> PlacedSlip:
    if stored.request_hash != request.fingerprint():
        raise Conflict("slip_conflict", f"slip {request.client_slip_id!r} was placed already with other bets",
                       "client_slip_id")
    return PlacedSlip(stored.answer, created=False)

