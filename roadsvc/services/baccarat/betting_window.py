"""Bets at a table: the betting window, what the next hand takes, a dealer closing its betting.

Betting window. Bets are taken on one hand at a time: the next hand of the table's open
shoe. Betting on hand N opens when hand N-1 is in (or the shoe opens) and closes when a
dealer closes it or hand N arrives. A dealer cannot reopen it (a bet must never get in
after the cards may have been seen). A void of hand N-1 reopens nothing: its number stays
used, so the next hand is still N. Only a pit boss cancelling the round before dealing
(`cancel_round`: every bet on it given back) opens betting on hand N again, for the round
that replaces it. Once the cut card's hand is in, or the shoe is closed, nothing is taken
until a new shoe opens.

Placing slips: `roadsvc.services.baccarat.slips`; settling them: `roadsvc.services.baccarat.ledger`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy.orm import Session

from roadsvc.domain.baccarat.bets import Refusal, StakeRange, open_bets
from roadsvc.domain.baccarat.dealing.shoe import accepts_hand
from roadsvc.persistence import bets as ledger
from roadsvc.persistence import repositories as repo
from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import OPEN, BettingClosure, Shoe, Table
from roadsvc.services import admin_audit, events
from roadsvc.services.baccarat import audit
from roadsvc.services.baccarat.vip import holding
from roadsvc.services.baccarat import ledger as ledger_service
from roadsvc.services.baccarat.bet_rules import available_facts, table_rules
from roadsvc.services.errors import Conflict, NotFound
from roadsvc.services.baccarat.advantage import advantage_closures
from roadsvc.services.baccarat.snapshots import table_shoe_revision
from roadsvc.translations import api_name

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
    return Window(shoe, posted + 1, holding.window_closure(session, shoe, posted + 1))


def require_hand(window: Window, expected: int | None = None) -> Window:
    """The window, if it has a hand to take bets on (and it is `expected`, when given); else 409."""
    if window.hand_number is None:
        raise Conflict(window.closed.detail["why"], window.closed.message)
    if expected is not None and expected != window.hand_number:
        raise Conflict("hand_changed", f"bets are on hand {window.hand_number}, not {expected}", "hand_number")
    return window


def table_or_404(session: Session, table_id: int) -> Table:
    table = session.get(Table, table_id)
    if table is None:
        raise NotFound("table_not_found", f"no table {table_id}", "table_id")
    return table


# What the next hand takes


def open_bets_document(db: Database, table_id: int, account: StakeRange | None = None) -> dict[str, Any]:
    """The next hand's number, whether betting is open, and every bet type with its rule and range."""
    with db.consistent_read() as session:
        table = table_or_404(session, table_id)
        window = betting_window(session, table_id)
        closed = advantage_closures(db, session, window.shoe, table) if window.open else {}
        play = holding.play_state(session, window.shoe, window.hand_number, window.open)
    rules = table_rules(table.rule_set, table.settings)
    statuses = open_bets(rules, window.hand_number or 1, available_facts(table.settings), account, closed)
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
        "play": play,
    }


def _betting_state(window: Window) -> dict[str, Any]:
    return {"open": window.open, "closed_by": window.closed.as_dict() if window.closed else None}


def _bet_entry(status, betting_closed: Refusal | None) -> dict[str, Any]:
    bet, refusal = status.bet, betting_closed or status.refusal
    return {
        "bet": bet.code,
        "name": api_name(bet.en),
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
        table_or_404(session, table_id)
        window = require_hand(betting_window(session, table_id, for_update=True), hand_number)
        if window.open:
            session.add(BettingClosure(shoe_id=window.shoe.id, hand_number=window.hand_number, actor=actor))
            session.flush()
            revision = repo.bump_revision(session, window.shoe.id)
            events.shoe_event(session, "betting_closed", window.shoe, revision, hand_number=window.hand_number)
        window = betting_window(session, table_id)
    return {"table_id": table_id, "shoe_id": window.shoe.id, "hand_number": window.hand_number,
            "betting": _betting_state(window)}


# A pit boss cancels a round before dealing


def cancel_round(db: Database, table_id: int, hand_number: int, reason: str, actor: str) -> dict[str, Any]:
    """Hand `hand_number` was cancelled after betting closed but before dealing began (001):
    every bet on it is given back, audited, and betting on the hand opens again for the
    round that replaces it."""
    reason = admin_audit.check_reason(reason)
    with db.write() as session:
        table_or_404(session, table_id)
        window = require_hand(betting_window(session, table_id, for_update=True), hand_number)
        if window.closed is not None and window.closed.detail.get("why") == "cards_known":
            raise Conflict("cards_known", f"hand {hand_number} is dealt and held: a round is cancelled only before "
                           "dealing; void it after it is opened", "hand_number")
        refunded = ledger_service.cancel_round(session, window.shoe.id, hand_number)
        ledger.delete_closure(session, window.shoe.id, hand_number)
        audit.record(session, window.shoe.id, hand_number, "cancel_round", actor, reason, None, {"refunded": refunded})
        revision = repo.bump_revision(session, window.shoe.id)
        events.shoe_event(session, "betting_cancelled", window.shoe, revision, hand_number=hand_number)
        window = betting_window(session, table_id)
    return {"table_id": table_id, "shoe_id": window.shoe.id, "hand_number": window.hand_number,
            "betting": _betting_state(window), "refunded": refunded}
