"""Bets at a table: what the next hand takes, a dealer closing its betting, placing slips.

Betting window. Bets are taken on one hand at a time: the next hand of the table's open
shoe. Betting on hand N opens when hand N-1 is in (or the shoe opens) and closes when a
dealer closes it or hand N arrives. A dealer cannot reopen it (a bet must never get in
after the cards may have been seen). A void of hand N-1 reopens nothing: its number stays
used, so the next hand is still N. Only a pit boss cancelling the round before dealing
(`cancel_round`: every bet on it given back) opens betting on hand N again, for the round
that replaces it. Once the cut card's hand is in, or the shoe is closed, nothing is taken
until a new shoe opens.

Placing a slip is one write transaction that locks the shoe row (BEGIN IMMEDIATE on
SQLite, SELECT ... FOR UPDATE on PostgreSQL, as posting a hand does), reads what the
hand already holds by bet code and checks the slip against it: two slips racing for the
last room under a hedge or total limit are serialised, and at most one gets it. Each
bet is accepted or refused with a stable reason code (the domain's, plus
`betting_closed`); the accepted ones become lines of the hand's ledger (settled by
`roadsvc.services.ledger` when the hand is in). A slip carries the client's id, unique
per table: a retry gets the stored answer back, whatever happened since.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from roadsvc.domain.bets import BetCheck, Refusal, RuleSet, StakeRange, check_slip, held_for, open_bets, stake_range
from roadsvc.domain.bets.money import to_stake
from roadsvc.domain.shoe import accepts_hand
from roadsvc.persistence import bets as ledger
from roadsvc.persistence import repositories as repo
from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import OPEN, BetSlip, BettingClosure, Shoe, Table
from roadsvc.services import audit
from roadsvc.services import ledger as ledger_service
from roadsvc.services.bet_rules import available_facts, overrides_of, table_rules
from roadsvc.services.errors import Conflict, NotFound
from roadsvc.services.ledger import from_cents, money, rules_of, to_cents
from roadsvc.services.snapshots import table_shoe_revision

BETTING_CLOSED = "betting_closed"
PAYS_BASIS = "to 1"


# The betting window


@dataclass(frozen=True)
class Window:
    """The table's newest shoe, the hand bets are taken on, and why betting is closed (if it is)."""

    shoe: Shoe | None
    hand_number: int | None
    closed: Refusal | None

    @property
    def open(self) -> bool:
        return self.closed is None


def closed_refusal(why: str, message: str, **detail: Any) -> Refusal:
    return Refusal(BETTING_CLOSED, message, {"why": why, **detail})


def betting_window(session: Session, table_id: int, *, for_update: bool = False) -> Window:
    """The table's betting window now (the shoe row locked when `for_update`)."""
    shoe = repo.latest_shoe(session, table_id, for_update=for_update)
    if shoe is None or shoe.status != OPEN:
        return Window(shoe, None, closed_refusal("no_open_shoe", "the table has no open shoe"))
    posted = repo.last_hand_number(session, shoe.id)
    if not accepts_hand(posted, shoe.last_hand):
        return Window(shoe, None, closed_refusal("shoe_complete", f"the cut card is out and hand {posted}, the last, "
                                                 "is in"))
    closure = ledger.closure(session, shoe.id, posted + 1)
    if closure is not None:
        message = f"a dealer closed betting on hand {posted + 1}"
        return Window(shoe, posted + 1, closed_refusal("closed_by_dealer", message, hand_number=posted + 1,
                                                       closed_at=closure.closed_at.isoformat()))
    return Window(shoe, posted + 1, None)


def _require_hand(window: Window, expected: int | None = None) -> Window:
    """The window, if it has a hand to take bets on (and it is `expected`, when given); else 409."""
    if window.hand_number is None:
        raise Conflict(window.closed.detail["why"], window.closed.message)
    if expected is not None and expected != window.hand_number:
        raise Conflict("hand_changed", f"bets are on hand {window.hand_number}, not {expected}", "hand_number")
    return window


def _table(session: Session, table_id: int) -> Table:
    table = session.get(Table, table_id)
    if table is None:
        raise NotFound("table_not_found", f"no table {table_id}", "table_id")
    return table


# What the next hand takes


def open_bets_document(db: Database, table_id: int, account: StakeRange | None = None) -> dict[str, Any]:
    """The next hand's number, whether betting is open, and every bet type with its rule and range."""
    with db.consistent_read() as session:
        table = _table(session, table_id)
        window = betting_window(session, table_id)
    rules = table_rules(table.rule_set, table.settings)
    statuses = open_bets(rules, window.hand_number or 1, available_facts(table.settings), account)
    return {
        "table_id": table.id,
        "rule_set": rules.name,
        "shoe_id": window.shoe.id if window.shoe else None,
        "revision": window.shoe.revision if window.shoe else None,
        "hand_number": window.hand_number,
        "betting": _betting_state(window),
        "pays_basis": PAYS_BASIS,
        "hedge_limit": str(rules.hedge_limit),
        "account_range": account.as_dict() if account else None,
        "bets": [_bet_entry(status, window.closed) for status in statuses],
    }


def _betting_state(window: Window) -> dict[str, Any]:
    return {"open": window.open, "closed_by": window.closed.as_dict() if window.closed else None}


def _bet_entry(status, betting_closed: Refusal | None) -> dict[str, Any]:
    bet, refusal = status.bet, betting_closed or status.refusal
    return {
        "bet": bet.code,
        "name": bet.zh,
        "name_en": bet.en,
        "open": refusal is None,
        "closed_by": refusal.as_dict() if refusal else None,
        "pays": {tier: str(pay) for tier, pay in bet.pays.items()},
        "losses": {tier: str(multiple) for tier, multiple in bet.losses.items()},
        "hold": str(bet.hold),
        "cutoff": bet.cutoff,
        "table_range": {"min": str(bet.min_stake), "max": str(bet.max_stake)},
        "range": status.range.as_dict() if status.range else None,
        "total_limit": None if bet.total_limit is None else str(bet.total_limit),
        "hedge_side": bet.hedge_side,
    }


def current_revision(db: Database, table_id: int) -> tuple[int, int]:
    """(shoe id, revision) of the table's newest shoe: the open bets' cache key (404 without one)."""
    return table_shoe_revision(db, table_id)


# A dealer closes betting


def close_betting(db: Database, table_id: int, actor: str, hand_number: int | None = None) -> dict[str, Any]:
    """Close betting on the next hand (final for that hand; closing it again changes nothing)."""
    with db.write() as session:
        _table(session, table_id)
        window = _require_hand(betting_window(session, table_id, for_update=True), hand_number)
        if window.open:
            session.add(BettingClosure(shoe_id=window.shoe.id, hand_number=window.hand_number, actor=actor))
            session.flush()
            repo.bump_revision(session, window.shoe.id)
        window = betting_window(session, table_id)
    return {"table_id": table_id, "shoe_id": window.shoe.id, "hand_number": window.hand_number,
            "betting": _betting_state(window)}


# A pit boss cancels a round before dealing


def cancel_round(db: Database, table_id: int, hand_number: int, reason: str, actor: str) -> dict[str, Any]:
    """Hand `hand_number` was cancelled after betting closed but before dealing began (001):
    every bet on it is given back, audited, and betting on the hand opens again for the
    round that replaces it."""
    reason = audit.check_reason(reason)
    with db.write() as session:
        _table(session, table_id)
        window = _require_hand(betting_window(session, table_id, for_update=True), hand_number)
        refunded = ledger_service.cancel_round(session, window.shoe.id, hand_number)
        ledger.delete_closure(session, window.shoe.id, hand_number)
        audit.record(session, window.shoe.id, hand_number, "cancel_round", actor, reason, None, {"refunded": refunded})
        repo.bump_revision(session, window.shoe.id)
        window = betting_window(session, table_id)
    return {"table_id": table_id, "shoe_id": window.shoe.id, "hand_number": window.hand_number,
            "betting": _betting_state(window), "refunded": refunded}


# Placing a slip


@dataclass(frozen=True)
class SlipRequest:
    """A slip as a game server sends it; stakes are decimal strings."""

    client_slip_id: str
    account_id: str
    account_range: tuple[str, str]
    bets: tuple[tuple[str, str], ...]
    hand_number: int | None = None

    def fingerprint(self) -> str:
        return hashlib.sha256(json.dumps(asdict(self), sort_keys=True).encode()).hexdigest()


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
        table = _table(session, table_id)
        window = betting_window(session, table_id, for_update=True)
        stored = ledger.slip_by_client_id(session, table_id, request.client_slip_id)
        if stored is not None:
            return _stored_answer(stored, request)
        _require_hand(window)
        stored_rules = {"rule_set": table.rule_set, "overrides": overrides_of(table.rule_set, table.settings)}
        rules = rules_of(stored_rules)  # the settings were checked when the table was written
        checks = _checks(session, table, rules, window, request, account)
        slip = BetSlip(
            table_id=table_id, shoe_id=window.shoe.id, hand_number=window.hand_number,
            client_slip_id=request.client_slip_id, account_id=request.account_id,
            request_hash=request.fingerprint(), rules=stored_rules, answer={}, actor=actor,
        )
        session.add(slip)
        session.flush()
        lines = _ledger_lines(slip, rules, checks)
        for line, bet_id in zip(lines.values(), ledger.insert_lines(session, list(lines.values()))):
            line["id"] = bet_id
        slip.answer = _answer(slip, account, checks, lines)
    return PlacedSlip(slip.answer, created=True)


def _checks(
    session: Session, table: Table, rules: RuleSet, window: Window, request: SlipRequest, account: StakeRange
) -> list[BetCheck]:
    closed = window.closed or _expected_hand_refusal(request.hand_number, window.hand_number)
    if closed is not None:
        return [BetCheck(code, to_stake(stake, f"bets[{i}].stake"), closed) for i, (code, stake) in enumerate(request.bets)]
    totals = {code: from_cents(cents) for code, cents in ledger.hand_totals(session, window.shoe.id,
                                                                            window.hand_number).items()}
    return check_slip(rules, window.hand_number, request.bets, account, totals, available_facts(table.settings)).checks


def _expected_hand_refusal(expected: int | None, next_hand: int) -> Refusal | None:
    if expected is None or expected == next_hand:
        return None
    return closed_refusal("hand_changed", f"the slip is for hand {expected}; bets are taken on hand {next_hand}",
                          hand_number=expected, next_hand=next_hand)


def _ledger_lines(slip: BetSlip, rules: RuleSet, checks: list[BetCheck]) -> dict[int, dict[str, Any]]:
    """The accepted bets as ledger lines (column values), by their position in the slip."""
    return {
        position: {
            "slip_id": slip.id, "shoe_id": slip.shoe_id, "hand_number": slip.hand_number,
            "account_id": slip.account_id, "position": position, "code": check.code,
            "stake": to_cents(check.stake), "held": to_cents(held_for(rules.bets[check.code], check.stake)),
            "status": ledger.OPEN_STATUS,
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

