"""Pit notes (issue 24): a pit boss's note on a table or one of its shoes. Written with its
audit record (the shoe's log, or the administrative trail for a table without a shoe) and
a `pit_note` event for the operators, in one transaction."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select

from roadsvc.persistence import repositories as shoes_repo
from roadsvc.persistence.engine import Database
from roadsvc.persistence.events import OPERATORS, append_event
from roadsvc.persistence.models import PitNote, Shoe, Table, utcnow
from roadsvc.services import admin_audit
from roadsvc.services.baccarat import audit
from roadsvc.services.admin_audit import Actor
from roadsvc.services.errors import NotFound


@dataclass(frozen=True)
class Note:
    id: int
    table_id: int
    shoe_id: int | None
    author: str
    text: str
    created_at: datetime


def _note(row: PitNote) -> Note:
    return Note(row.id, row.table_id, row.shoe_id, row.author, row.text, row.created_at)


def add_note(db: Database, table_id: int, text: str, actor: Actor, shoe_id: int | None = None,
             now: datetime | None = None) -> Note:
    """A note on the table (or on its shoe `shoe_id`); NotFound for another table's shoe."""
    text = admin_audit.check_reason(text, "note")
    now = now or utcnow()
    with db.write() as session:
        if session.get(Table, table_id) is None:
            raise NotFound("table_not_found", f"no table {table_id}", "table_id")
        shoe = session.get(Shoe, shoe_id) if shoe_id is not None else shoes_repo.latest_shoe(session, table_id)
        if shoe_id is not None and (shoe is None or shoe.table_id != table_id):
            raise NotFound("shoe_not_found", f"table {table_id} has no shoe {shoe_id}", "shoe_id")
        note = PitNote(table_id=table_id, shoe_id=shoe_id, author=actor.name, text=text, created_at=now)
        session.add(note)
        session.flush()
        after = {"note_id": note.id, "text": text}
        if shoe is not None:
            audit.record(session, shoe.id, 0, "pit_note", actor.name, text, None, after)
        else:
            admin_audit.record(session, "pit_note.added", actor, f"table {table_id}", table_id, None, after)
        append_event(session, "pit_note", table_id=table_id, shoe_id=shoe.id if shoe else None, audience=OPERATORS,
                     data={"note_id": note.id, "shoe_id": shoe_id, "author": actor.name, "text": text})
        return _note(note)


def table_notes(db: Database, table_id: int, limit: int = 200) -> list[Note]:
    """The table's notes, newest first."""
    with db.read() as session:
        query = select(PitNote).where(PitNote.table_id == table_id).order_by(PitNote.id.desc()).limit(limit)
        return [_note(row) for row in session.scalars(query)]


def notes_between(db: Database, begins: datetime, ends: datetime) -> list[Note]:
    """Every note written in [begins, ends), oldest first (the shift report)."""
    with db.read() as session:
        query = (select(PitNote).where(PitNote.created_at >= begins, PitNote.created_at < ends)
                 .order_by(PitNote.id))
        return [_note(row) for row in session.scalars(query)]
