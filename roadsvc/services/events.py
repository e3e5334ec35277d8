"""The event log as the services see it: what each change reports, and the reads the
live stream and the jobs make.

Writers call the `*_event` helpers (or `append_event` for a new type) inside their write
transaction, after the revision bump, as the transaction's last statement. A hand's write
builds its event (`hand_event`, `hand_changed_event`) and appends it with any good_roads
event in one statement (services.hands).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from sqlalchemy.orm import Session

from roadsvc.domain.baccarat.dealing.hands import Hand
from roadsvc.domain.baccarat.roads.change import newest_marks
from roadsvc.persistence import events as log
from roadsvc.persistence import repositories as repo
from roadsvc.persistence.engine import Database
from roadsvc.persistence.events import ALL, OPERATORS, EventRecord, NewEvent, append_event
from roadsvc.persistence.models import Shoe, utcnow

__all__ = ["ALL", "OPERATORS", "EventRecord", "append_event"]

EVENT_TYPES = (
    "hand", "void", "correction", "shoe_opened", "cut_card", "shoe_closed",
    "betting_closed", "betting_cancelled", "table_changed",
    "hand_held", "hand_flown", "charter_started", "charter_ended",  # VIP and squeeze tables (issue 14)
    "pit_note",  # a pit boss's note on a table or shoe (issue 24; operators only)
    "key_revoked",  # a key was revoked: the push engine closes its streams (issue 37; operators only)
    "dealer_changed",  # a dealer took a table, or left it (issue 45; services/dealers/registry.py)
)


# What each write reports (called inside its transaction)


def hand_event(shoe: Shoe, number: int, hand: Hand, counted: dict[int, Hand], revision: int, **more: Any
               ) -> NewEvent:
    """A new hand: its number, result and pairs, and the bead and big-road mark it adds."""
    numbers = sorted(counted)
    marks = newest_marks([*(counted[n] for n in numbers), hand], [*numbers, number])
    data = {"number": number, "result": hand.result, "banker_pair": hand.banker_pair,
            "player_pair": hand.player_pair, **marks, **more}
    return NewEvent("hand", shoe.table_id, shoe.id, revision, data)


def hand_changed_event(kind: str, shoe: Shoe, number: int, result: str, revision: int) -> NewEvent:
    """A void or a correction: the roads change behind the newest hand; refetch /roads."""
    return NewEvent(kind, shoe.table_id, shoe.id, revision, {"number": number, "result": result})


def shoe_event(session: Session, kind: str, shoe: Shoe, revision: int, **data: Any) -> None:
    """shoe_opened, cut_card, shoe_closed, betting_closed, betting_cancelled."""
    append_event(session, kind, table_id=shoe.table_id, shoe_id=shoe.id, revision=revision,
                 data={"shoe_number": shoe.number, **data})


def table_event(session: Session, table_id: int, **data: Any) -> None:
    """The table was created or its name, rule set or settings changed."""
    shoe = repo.latest_shoe(session, table_id)
    append_event(session, "table_changed", table_id=table_id, shoe_id=shoe.id if shoe else None,
                 revision=_revision(session, shoe) if shoe else None, data=data)


def _revision(session: Session, shoe: Shoe) -> int:
    session.refresh(shoe, ["revision"])  # bumped by an UPDATE statement in this transaction
    return shoe.revision


# Reads for the stream and the jobs


def events_after(db: Database, after_id: int, limit: int = 1000, up_to: int | None = None) -> list[EventRecord]:
    with db.read() as session:
        return log.events_after(session, after_id, limit, up_to)


def events_by_id(db: Database, ids: list[int]) -> list[EventRecord]:
    """These events, oldest first, those still in the log (the engine's publisher moving a channel)."""
    with db.read() as session:
        return log.events_by_id(session, ids)


def newest_event_id(db: Database) -> int:
    """The newest id, by one indexed lookup on the hot path (no transaction)."""
    row = db.fetch_ints(log.NEWEST_EVENT_SQL)
    return row[0] if row else 0


def table_ids(db: Database) -> list[int]:
    """Every table's id (the engine publisher keeps each table's channels alive)."""
    return [row[0] for row in db.fetch_int_rows(log.TABLE_IDS_SQL)]


def oldest_after(db: Database, after_id: int) -> tuple[int, datetime] | None:
    """(how many events follow `after_id`, when the first of them was appended); None: none does (the engine's
    publisher is not behind: services.engine_watch)."""
    with db.read() as session:
        return log.oldest_after(session, after_id)


def event_id_range(db: Database) -> tuple[int, int]:
    with db.read() as session:
        return log.event_id_range(session)


def prune_events(db: Database, retention_seconds: float, now: datetime | None = None) -> int:
    """Delete events older than the retention (the newest is always kept)."""
    before = (now or utcnow()) - timedelta(seconds=retention_seconds)
    with db.write() as session:
        return log.prune_events(session, before)
