"""The queries the use cases share, each one small and named for what it finds."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Sequence

from sqlalchemy import Row, Text, bindparam, cast, exists, func, select, update
from sqlalchemy.orm import Session

from roadsvc.persistence.dealers.registry import DEALER_AT
from roadsvc.persistence.engine import Database
from roadsvc.persistence.records.binding import bind_inserted
from roadsvc.persistence.models import OPEN, DabangMatch, Hand, HeldHand, Shoe, Table, utcnow


# The statements of the posting path are built once, with bound parameters: SQLAlchemy
# then reuses each one's cache key and compiled form, where a statement built per call
# costs more to key than to run (bench/api_posts.py: a post's write lock is held half as long).
# Those that return plain rows are built on the tables, not the mapped classes: a Core
# statement skips the ORM's per-execution setup and its unit of work (bench/first_post.py).
_HANDS, _SHOES, _TABLES, _HELD = Hand.__table__, Shoe.__table__, Table.__table__, HeldHand.__table__
_LATEST_SHOE = select(Shoe).where(Shoe.table_id == bindparam("table_id")).order_by(Shoe.number.desc()).limit(1)
_LATEST_SHOE_LOCKED = _LATEST_SHOE.with_for_update()


def latest_shoe(session: Session, table_id: int, *, for_update: bool = False) -> Shoe | None:
    """The table's newest shoe (its current one, open or not); locked when `for_update`."""
    return session.scalars(_LATEST_SHOE_LOCKED if for_update else _LATEST_SHOE, {"table_id": table_id}).first()


def open_shoe(session: Session, table_id: int, *, for_update: bool = False) -> Shoe | None:
    shoe = latest_shoe(session, table_id, for_update=for_update)
    return shoe if shoe is not None and shoe.status == OPEN else None


def shoe_for_update(session: Session, shoe_id: int) -> Shoe | None:
    return session.scalars(select(Shoe).where(Shoe.id == shoe_id).with_for_update()).first()


def next_shoe_number(session: Session, table_id: int) -> int:
    return (session.scalar(select(func.max(Shoe.number)).where(Shoe.table_id == table_id)) or 0) + 1


_LAST_HAND_NUMBER = select(func.max(_HANDS.c.number)).where(_HANDS.c.shoe_id == bindparam("shoe_id"))


def last_hand_number(session: Session, shoe_id: int) -> int:
    """The highest hand number stored in the shoe (voided hands included), 0 if none."""
    return session.scalar(_LAST_HAND_NUMBER, {"shoe_id": shoe_id}) or 0


def hand_by_number(session: Session, shoe_id: int, number: int) -> Hand | None:
    return session.scalars(select(Hand).where(Hand.shoe_id == shoe_id, Hand.number == number)).first()


def shoe_hands(session: Session, shoe_id: int) -> Sequence[Hand]:
    return session.scalars(select(Hand).where(Hand.shoe_id == shoe_id).order_by(Hand.number)).all()


_BUMP_REVISION = (
    update(_SHOES)
    .where(_SHOES.c.id == bindparam("shoe_id"))
    .values(revision=_SHOES.c.revision + 1, updated_at=bindparam("now"))
    .returning(_SHOES.c.revision)
)
_BUMP_REVISION_WITH_SUMMARY = _BUMP_REVISION.values(summary=bindparam("summary", type_=_SHOES.c.summary.type))


def bump_revision(session: Session, shoe_id: int, summary: dict | None = None) -> int:
    """Every write to a shoe calls this inside its transaction: the cache key moves on.

    A write that changes the shoe's hands passes the lobby's new `summary` of its counted
    hands (services.summaries), stored by the same UPDATE. Returns the new revision. (A
    Shoe object the session holds keeps its old revision and summary.)"""
    if summary is None:
        return session.execute(_BUMP_REVISION, {"shoe_id": shoe_id, "now": utcnow()}).scalar_one()
    return session.execute(_BUMP_REVISION_WITH_SUMMARY,
                           {"shoe_id": shoe_id, "now": utcnow(), "summary": summary}).scalar_one()


def bump_table_revisions(session: Session, table_id: int) -> None:
    """A table's settings feed its shoes' snapshots (good-road thresholds)."""
    session.execute(
        update(Shoe).where(Shoe.table_id == table_id).values(revision=Shoe.revision + 1, updated_at=utcnow())
    )


# The hot 304 path: raw one-row lookups by index (see Database.fetch_ints).

SHOE_REVISION_SQL = "SELECT revision FROM shoes WHERE id = ?"
CURRENT_SHOE_SQL = "SELECT id, revision FROM shoes WHERE table_id = ? ORDER BY number DESC LIMIT 1"
TABLE_EXISTS_SQL = "SELECT id FROM tables WHERE id = ?"
SHOE_TABLE_SQL = "SELECT table_id FROM shoes WHERE id = ?"


def shoe_revision(db: Database, shoe_id: int) -> int | None:
    row = db.fetch_ints(SHOE_REVISION_SQL, shoe_id)
    return None if row is None else row[0]


def current_shoe_revision(db: Database, table_id: int) -> tuple[int, int] | None:
    """(id, revision) of the table's newest shoe: one lookup on the (table_id, number) index."""
    row = db.fetch_ints(CURRENT_SHOE_SQL, table_id)
    return None if row is None else (row[0], row[1])


def table_exists(db: Database, table_id: int) -> bool:
    return db.fetch_ints(TABLE_EXISTS_SQL, table_id) is not None


def shoe_table_id(db: Database, shoe_id: int) -> int | None:
    """The table a shoe belongs to (None: no such shoe)."""
    row = db.fetch_ints(SHOE_TABLE_SQL, shoe_id)
    return None if row is None else row[0]


# Built once, as the posting path's are: the roads' document reads it after every new revision.
_SHOE_WITH_TABLE = select(Shoe, Table).join(Table, Table.id == Shoe.table_id).where(Shoe.id == bindparam("shoe_id"))


def shoe_with_table(session: Session, shoe_id: int) -> Row | None:
    """(Shoe, Table) for a shoe id, or None."""
    return session.execute(_SHOE_WITH_TABLE, {"shoe_id": shoe_id}).first()


_DATA_JSON = cast(_HANDS.c.data, Text).label("data_json")
_COUNTED_HAND_ROWS = (
    select(_HANDS.c.number, _DATA_JSON)
    .where(_HANDS.c.shoe_id == bindparam("shoe_id"), _HANDS.c.voided.is_(False))
    .order_by(_HANDS.c.number)
)
_SHOE_HAND_ROWS = (
    select(_HANDS.c.number, _HANDS.c.voided, _DATA_JSON)
    .where(_HANDS.c.shoe_id == bindparam("shoe_id"))
    .order_by(_HANDS.c.number)
)


def counted_hand_rows(session: Session, shoe_id: int) -> Sequence[Row]:
    """(number, data_json) of the shoe's hands that count (not voided), in order; `data_json` is the
    stored JSON text, undecoded (services.stored_hands parses each text once per process)."""
    return session.execute(_COUNTED_HAND_ROWS, {"shoe_id": shoe_id}).all()


def shoe_hand_rows(session: Session, shoe_id: int) -> Sequence[Row]:
    """(number, voided, data_json) of every hand stored in the shoe, voided ones included, in
    order: a post reads its next number and the hands that count in one statement."""
    return session.execute(_SHOE_HAND_ROWS, {"shoe_id": shoe_id}).all()


_INSERT_HAND = _HANDS.insert().values(dealer_id=DEALER_AT).returning(_HANDS.c.id, _HANDS.c.dealer_id)


def insert_hand(session: Session, shoe_id: int, number: int, data: dict[str, Any], result: str,
                now: datetime, table_id: int, dealt_at: datetime | None = None) -> None:
    """Store hand `number` of the shoe, counted: one INSERT (no unit of work, no object) naming the dealer at the
    table when it was dealt (`dealt_at`: a held hand's holding, else now), bound into the chain as written."""
    row = {"shoe_id": shoe_id, "number": number, "data": data, "result": result, "voided": False, "void_reason": None,
           "created_at": now, "updated_at": now}
    written = session.execute(_INSERT_HAND, {**row, "dealer_table": table_id, "dealer_at": dealt_at or now}).one()
    row["id"], row["dealer_id"] = written.id, written.dealer_id
    bind_inserted(session, "hands", (row,))


_TABLE_SETTINGS = select(_TABLES.c.settings).where(_TABLES.c.id == bindparam("table_id"))
_POSTING_TABLE = _TABLE_SETTINGS.add_columns(
    exists().where(_HELD.c.shoe_id == bindparam("shoe_id"), _HELD.c.opened_at.is_(None)).label("hand_held")
)


def table_settings(session: Session, table_id: int) -> dict[str, Any] | None:
    """The table's settings (None: no such table)."""
    return session.execute(_TABLE_SETTINGS, {"table_id": table_id}).scalar()


def posting_table(session: Session, table_id: int, shoe_id: int) -> tuple[dict[str, Any], bool]:
    """What a post reads of the shoe's table in one statement: its settings, and whether the
    shoe has a hand held and not opened yet (a VIP or squeeze table's)."""
    settings, hand_held = session.execute(_POSTING_TABLE, {"table_id": table_id, "shoe_id": shoe_id}).one()
    return settings or {}, bool(hand_held)


# The lobby (services.lobby): one row of integers per table names the state of its row.

LOBBY_VERSIONS_SQL = (
    "SELECT t.id, t.revision, COALESCE(s.id, 0), COALESCE(s.revision, 0), COALESCE(m.id, 0), COALESCE(m.revision, 0) "
    "FROM tables t "
    "LEFT JOIN shoes s ON s.table_id = t.id AND s.number = (SELECT max(number) FROM shoes WHERE table_id = t.id) "
    "LEFT JOIN dabang_matches m ON m.table_id = t.id AND m.id = (SELECT max(id) FROM dabang_matches WHERE table_id = t.id) "
    "ORDER BY t.id"
)
"""(table id, table revision, current shoe id, its revision, current 打棒 match id, its revision) of every
table, 0 for none."""


def lobby_versions(db: Database) -> tuple[tuple[int, ...], ...]:
    return db.fetch_int_rows(LOBBY_VERSIONS_SQL)


_NEWEST_NUMBER = select(func.max(Shoe.number)).where(Shoe.table_id == Table.id).correlate(Table).scalar_subquery()
_NEWEST_MATCH = (select(func.max(DabangMatch.id)).where(DabangMatch.table_id == Table.id).correlate(Table)
                 .scalar_subquery())
_LOBBY_ALL = (
    select(Table.id, Table.revision, Table.name, Table.rule_set, Table.game, Table.settings,
           Shoe.id.label("shoe_id"), Shoe.revision.label("shoe_revision"), Shoe.number, Shoe.status, Shoe.summary,
           DabangMatch.id.label("match_id"), DabangMatch.revision.label("match_revision"))
    .outerjoin(Shoe, (Shoe.table_id == Table.id) & (Shoe.number == _NEWEST_NUMBER))
    .outerjoin(DabangMatch, (DabangMatch.table_id == Table.id) & (DabangMatch.id == _NEWEST_MATCH))
    .order_by(Table.id)
)
_LOBBY_SOME = _LOBBY_ALL.where(Table.id.in_(bindparam("ids", expanding=True)))


def lobby_details(session: Session, table_ids: Sequence[int] | None = None) -> Sequence[Row]:
    """What the lobby rows of these tables (None: all) show: the table, its newest shoe (or NULLs),
    the shoe's summary, its newest 打棒 match's id and revision (or NULLs)."""
    if table_ids is None:
        return session.execute(_LOBBY_ALL).all()
    return session.execute(_LOBBY_SOME, {"ids": list(table_ids)}).all()


def table_game(db: Database, table_id: int) -> str | None:
    """The table's game (None: no such table)."""
    with db.read() as session:
        return session.scalar(select(Table.game).where(Table.id == table_id))
