"""Hands: ingest (the next hand of a table's open shoe), void and correct, and history.

Posting is one transaction: lock the shoe (BEGIN IMMEDIATE on SQLite, SELECT ... FOR
UPDATE on PostgreSQL), take the next number, check the rules and the card supply,
insert, bump the revision. The unique (shoe_id, number) constraint is the last guard:
if two posters ever race past the lock, the loser is answered as a retry (same hand:
the stored one) or a conflict, never as an error.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Sequence

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from roadsvc.domain.baccarat.dealing.cards import Card, parse_card
from roadsvc.domain.baccarat.dealing.hands import Hand, parse_hand
from roadsvc.domain.baccarat.dealing.shoe import accepts_hand, check_card_supply
from roadsvc.domain.baccarat.roads.shoe_summary import Summary
from roadsvc.domain.table_modes import mode_settings
from roadsvc.persistence import repositories as repo
from roadsvc.persistence.engine import Database
from roadsvc.persistence.events import NewEvent, append_events
from roadsvc.persistence.models import OPEN, Hand as HandRow, HeldHand, Shoe, Table, utcnow
from roadsvc.services import admin_audit, events
from roadsvc.services.baccarat import audit, ledger, monitor
from roadsvc.services.baccarat.vip import holding
from roadsvc.services.errors import Conflict, DomainError, NotFound
from roadsvc.services.baccarat.good_road_events import good_roads_event
from roadsvc.services.baccarat.summaries import store_summary, summary_of, summary_of_hands
from roadsvc.services.baccarat.stored_hands import stored_hand


@dataclass(frozen=True, slots=True)
class HandView:
    """A stored hand as clients see it; `revision` is the shoe's after a write."""

    shoe_id: int
    number: int
    result: str
    voided: bool
    void_reason: str | None
    hand: dict[str, Any]
    created_at: datetime
    updated_at: datetime
    revision: int | None = None
    created: bool = False
    held: bool = False  # a VIP or squeeze table's hand, stored but not counted until opened
    deadline: datetime | None = None  # a held VIP hand opens by itself then


def view(row: HandRow, revision: int | None = None, created: bool = False) -> HandView:
    return HandView(
        row.shoe_id, row.number, row.result, row.voided, row.void_reason, row.data, row.created_at, row.updated_at,
        revision, created,
    )


# Posting


def ingest(db: Database, table_id: int, data: dict[str, Any], number: int | None = None,
           shoe_id: int | None = None, *, rules: bool = True) -> HandView:
    """Parse a posted hand and store it (post_hand). A hand the drawing rules or the card
    supply refuse is recorded for the monitor (refused_hands), then refused as before."""
    try:
        return post_hand(db, table_id, parse_posted_hand(data), number, shoe_id, rules=rules)
    except DomainError as error:
        if rules and monitor.is_rule_refusal(error):
            monitor.hand_refused(db, table_id, error, data, shoe_id)
        raise


def post_hand(
    db: Database, table_id: int, hand: Hand, number: int | None = None, shoe_id: int | None = None,
    *, rules: bool = True,
) -> HandView:
    """Store `hand` as the next hand of the table's open shoe (see the module docstring).

    `number`, when given, is the number the poster expects: a stored number with the
    same hand returns the stored hand (created=False), with another hand is a 409.
    `shoe_id`, when given, pins the shoe: a retry that arrives after the table moved to a
    new shoe still finds its hand, and a new hand for a shoe that is no longer current is
    a 409 instead of landing in the wrong shoe.
    """
    try:
        return _post(db, table_id, hand, number, shoe_id, rules)
    except IntegrityError:
        if number is None:
            return _post(db, table_id, hand, None, shoe_id, rules)
        return _stored_or_conflict(db, table_id, hand, number, shoe_id)


def _post(db: Database, table_id: int, hand: Hand, number: int | None, shoe_id: int | None, rules: bool
          ) -> HandView:
    with db.write() as session:
        return post_in(session, table_id, hand, number, shoe_id, rules)


def post_in(session: Session, table_id: int, hand: Hand, number: int | None, shoe_id: int | None, rules: bool
            ) -> HandView:
    """A post's work in the caller's write transaction (post_hand's, or the start-up rehearsal's,
    which rolls it back: roadsvc.services.warm)."""
    shoe, current = _target_shoe_locked(session, table_id, shoe_id)
    posted, counted = _stored_hands(session, shoe.id)
    if number is not None and number <= posted:
        return _same_or_conflict(repo.hand_by_number(session, shoe.id, number), hand, shoe.revision)
    settings, hand_held = repo.posting_table(session, shoe.table_id, shoe.id)
    held = holding.rows.still_held(session, shoe.id, posted + 1) if hand_held else None
    if held is not None:
        return held_view(holding.same_held_or_conflict(held, hand, number), shoe.revision)
    _refuse_new_hand(shoe, current, posted, number)
    check_card_supply([*counted.values(), hand], shoe.decks, burned_cards(shoe))
    mode = mode_settings(settings)
    if holding.holds(session, shoe, posted + 1, mode):
        held, revision = holding.hold(session, shoe, posted + 1, hand, mode)
        return held_view(held, revision, created=True)
    return count_hand(session, shoe, posted + 1, hand, counted, rules, settings)


def count_hand(session: Session, shoe: Shoe, number: int, hand: Hand, counted: dict[int, Hand], rules: bool,
               settings: dict[str, Any] | None = None, dealt_at: datetime | None = None, **event_data) -> HandView:
    """Insert hand `number` as counted: settle its bets, tell the monitor, rewrite the
    summary, bump the revision and announce it and any change of its good roads (the
    transaction's last statements). `settings`: the table's, if the caller has read them;
    `dealt_at`: a held hand's holding (its dealer is the one at the table then)."""
    data, now = hand.to_dict(), utcnow()
    repo.insert_hand(session, shoe.id, number, data, hand.result, now, shoe.table_id, dealt_at)
    ledger.settle_hand(session, shoe.id, number, hand)
    if rules:
        monitor.hand_in(session, shoe, [*counted.values(), hand], number)
    before = shoe.summary if shoe.summary is not None else summary_of_hands(counted)
    after, revision = store_summary(session, shoe.id, {**counted, number: hand})
    _announce(session, events.hand_event(shoe, number, hand, counted, revision, **event_data), shoe, before, after,
              settings)
    return HandView(shoe.id, number, hand.result, False, None, data, now, now, revision, created=True)


def _announce(session: Session, event: NewEvent, shoe: Shoe, before: Summary, after: Summary,
              settings: dict[str, Any] | None = None) -> None:
    """Append the write's event and, if the table's announced good roads changed between the
    summaries, the good_roads event after it: one statement, the transaction's last."""
    if settings is None:
        settings = repo.table_settings(session, shoe.table_id) or {}
    good_roads = good_roads_event(shoe, before, after, event.revision, settings)
    append_events(session, [event] if good_roads is None else [event, good_roads])


def held_view(held: HeldHand, revision: int, created: bool = False) -> HandView:
    return HandView(held.shoe_id, held.number, held.result, False, None, held.data, held.held_at, held.held_at,
                    revision, created, held=True, deadline=held.deadline)


def _refuse_new_hand(shoe: Shoe, current: bool, posted: int, number: int | None) -> None:
    """Why the shoe cannot take a new hand now, if it cannot."""
    if not current:
        raise Conflict("shoe_changed", f"shoe {shoe.id} is no longer the table's current shoe", "shoe_id")
    if shoe.status != OPEN:
        raise Conflict("no_open_shoe", "this table has no open shoe; open one first")
    if number is not None and number > posted + 1:
        raise Conflict("hand_number_ahead", f"the next hand of this shoe is {posted + 1}, not {number}", "number")
    if not accepts_hand(posted, shoe.last_hand):
        raise Conflict("shoe_complete", f"the cut card is out and hand {shoe.last_hand}, the last, is in")


def _target_shoe_locked(session: Session, table_id: int, shoe_id: int | None) -> tuple[Shoe, bool]:
    """The shoe a post is for (the table's newest, locked, or the one named) and whether it is current."""
    latest = repo.latest_shoe(session, table_id, for_update=True)
    if latest is None and session.get(Table, table_id) is None:
        raise NotFound("table_not_found", f"no table {table_id}", "table_id")
    if shoe_id is None or (latest is not None and latest.id == shoe_id):
        if latest is None:
            raise Conflict("no_open_shoe", "this table has no open shoe; open one first")
        return latest, True
    named = session.get(Shoe, shoe_id)
    if named is None or named.table_id != table_id:
        raise NotFound("shoe_not_found", f"no shoe {shoe_id} at table {table_id}", "shoe_id")
    return named, False


def _stored_or_conflict(db: Database, table_id: int, hand: Hand, number: int, shoe_id: int | None) -> HandView:
    with db.read() as session:
        shoe = session.get(Shoe, shoe_id) if shoe_id else repo.latest_shoe(session, table_id)
        stored = repo.hand_by_number(session, shoe.id, number) if shoe else None
        held = holding.rows.still_held(session, shoe.id, number) if shoe and stored is None else None
        if held is not None:
            return held_view(holding.same_held_or_conflict(held, hand, number), shoe.revision)
        if shoe is None or stored is None:
            raise Conflict("hand_conflict", f"hand {number} could not be stored; post it again", "number")
        return _same_or_conflict(stored, hand, shoe.revision)


def _same_or_conflict(stored: HandRow | None, hand: Hand, revision: int) -> HandView:
    if stored is not None and stored.data == hand.to_dict():
        return view(stored, revision, created=False)
    number = stored.number if stored else "?"
    raise Conflict("hand_conflict", f"hand {number} is already stored with a different hand", "number")


def counted_hands(session: Session, shoe_id: int) -> dict[int, Hand]:
    """The shoe's hands that count (not voided), by number, parsed from their JSON."""
    return {row.number: stored_hand(row.data_json) for row in repo.counted_hand_rows(session, shoe_id)}


def _stored_hands(session: Session, shoe_id: int) -> tuple[int, dict[int, Hand]]:
    """(the highest number stored, voided hands included, 0 if none; the hands that count, by number)."""
    rows = repo.shoe_hand_rows(session, shoe_id)
    return (rows[-1].number if rows else 0), {row.number: stored_hand(row.data_json) for row in rows if not row.voided}


def burned_cards(shoe: Shoe) -> list[Card]:
    return [parse_card(shoe.burn_card)] if shoe.burn_card else []


# Pit boss: void and correct


def void_hand(db: Database, shoe_id: int, number: int, reason: str, actor: str) -> HandView:
    """Leave the hand out of the roads (its number stays used), with an audit record."""
    reason = admin_audit.check_reason(reason)
    with db.write() as session:
        shoe, row = _hand_locked(session, shoe_id, number)
        if row.voided:
            raise Conflict("hand_already_voided", f"hand {number} is already void", "number")
        summary_before = summary_of(session, shoe.id, shoe.summary)
        before = _state(row)
        row.voided, row.void_reason = True, reason
        after = {**_state(row), **ledger.resettle_hand(session, shoe.id, number, None)}
        audit.record(session, shoe.id, number, "void", actor, reason, before, after)
        monitor.hand_corrected(session, shoe, number, "void", actor, reason)
        session.flush()
        after, revision = store_summary(session, shoe.id, counted_hands(session, shoe.id))
        _announce(session, events.hand_changed_event("void", shoe, number, row.result, revision), shoe,
                  summary_before, after)
    return view(row, revision)


def correct_hand(db: Database, shoe_id: int, number: int, hand: Hand, reason: str, actor: str) -> HandView:
    """Replace a hand's cards or result; refused (422) if the shoe would break a rule."""
    reason = admin_audit.check_reason(reason)
    with db.write() as session:
        shoe, row = _hand_locked(session, shoe_id, number)
        if row.voided:
            raise Conflict("hand_voided", f"hand {number} is void; it cannot be corrected", "number")
        counted = counted_hands(session, shoe.id)
        summary_before = summary_of(session, shoe.id, shoe.summary)
        counted[number] = hand
        check_card_supply([counted[n] for n in sorted(counted)], shoe.decks, burned_cards(shoe))
        before = _state(row)
        row.data, row.result = hand.to_dict(), hand.result
        after = {**_state(row), **ledger.resettle_hand(session, shoe.id, number, hand)}
        audit.record(session, shoe.id, number, "correct", actor, reason, before, after)
        monitor.hand_corrected(session, shoe, number, "correct", actor, reason)
        session.flush()
        after, revision = store_summary(session, shoe.id, counted)
        _announce(session, events.hand_changed_event("correction", shoe, number, row.result, revision), shoe,
                  summary_before, after)
    return view(row, revision)


def _hand_locked(session: Session, shoe_id: int, number: int) -> tuple[Shoe, HandRow]:
    shoe = repo.shoe_for_update(session, shoe_id)
    if shoe is None:
        raise NotFound("shoe_not_found", f"no shoe {shoe_id}", "shoe_id")
    row = repo.hand_by_number(session, shoe_id, number)
    if row is None:
        raise NotFound("hand_not_found", f"shoe {shoe_id} has no hand {number}", "number")
    return shoe, row


def _state(row: HandRow) -> dict[str, Any]:
    return {"hand": dict(row.data), "voided": row.voided, "void_reason": row.void_reason}


# History


def list_hands(db: Database, shoe_id: int) -> list[HandView]:
    with db.read() as session:
        if session.get(Shoe, shoe_id) is None:
            raise NotFound("shoe_not_found", f"no shoe {shoe_id}", "shoe_id")
        rows: Sequence[HandRow] = repo.shoe_hands(session, shoe_id)
        return [view(row) for row in rows]


def parse_posted_hand(data: dict[str, Any]) -> Hand:
    """The domain hand from a request body (the hand's JSON form, see roadsvc.domain.baccarat.dealing.hands)."""
    if not data:
        raise DomainError("missing_field", "a hand needs `cards` or `result`", "result")
    return parse_hand(data)
