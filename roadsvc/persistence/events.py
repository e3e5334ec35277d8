"""The event log: one row per committed change, the one mechanism every live reader uses.

Every service that changes something calls `append_event(session, ...)` inside the
transaction of that change, as its last statement: a rolled-back write leaves no event,
a committed one is never lost (it is in the same commit). The stream, the floor monitor
and the jobs read the log by id (`events_after`).

Order: ids only increase, and they become visible in id order. SQLite has one writer at
a time (BEGIN IMMEDIATE). On PostgreSQL, the INSERT that appends takes a transaction-scoped
advisory lock before its rows take their ids, so two appends commit in id order and a reader
that has seen id N never later finds a smaller id committing. It also queues a NOTIFY on
the events channel; PostgreSQL delivers it at commit (never on rollback), which wakes
every listening worker on every machine.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from functools import lru_cache
from typing import Any, Callable, Sequence

from sqlalchemy import (
    BigInteger, Insert, Integer, String, bindparam, delete, event, func, insert, literal, select, true, union_all,
)
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session, sessionmaker

from roadsvc.persistence.models import Event, utcnow

ALL = "all"  # every role that may read the stream
OPERATORS = "operators"  # pit boss and admin keys only (alerts, odds)
AUDIENCES = (ALL, OPERATORS)

CHANNEL_INFO = "roadsvc_events_channel"  # Session.info key: the NOTIFY channel of this database
DEFAULT_CHANNEL = "roadsvc_events"
APPEND_LOCK = 0x726F61647376  # pg_advisory_xact_lock key serialising appends ("roadsv")
APPEND_LOCK_INFO = "roadsvc_append_lock"  # Session.info key: another key for this transaction's appends (a rehearsal's)


@dataclass(frozen=True, slots=True)
class EventRecord:
    id: int
    type: str
    table_id: int | None
    shoe_id: int | None
    revision: int | None
    audience: str
    data: dict[str, Any]
    created_at: datetime


@dataclass(frozen=True, slots=True)
class NewEvent:
    """An event to append (its id and time come from the log). `type` is the SSE event name
    (`hand`, `void`, `alert`...); `data` is JSON-able and goes to clients beside table_id,
    shoe_id and revision. `audience` is ALL or OPERATORS."""

    type: str
    table_id: int | None
    shoe_id: int | None = None
    revision: int | None = None
    data: dict[str, Any] = field(default_factory=dict)
    audience: str = ALL

    def __post_init__(self) -> None:
        if self.audience not in AUDIENCES:
            raise ValueError(f"audience must be one of {AUDIENCES}, not {self.audience!r}")


def append_event(
    session: Session,
    type: str,
    *,
    table_id: int | None,
    shoe_id: int | None = None,
    revision: int | None = None,
    data: dict[str, Any] | None = None,
    audience: str = ALL,
) -> int:
    """Add one event to the log in the session's open write transaction; returns its id.
    Call it last in the transaction (after every row lock the write takes)."""
    return append_events(session, [NewEvent(type, table_id, shoe_id, revision, data or {}, audience)])[0]


def append_events(session: Session, events: Sequence[NewEvent]) -> list[int]:
    """Add these events to the log, in this order, by one INSERT in the session's open write
    transaction; returns their ids (increasing). Call it last in the transaction."""
    if not events:
        return []
    session.flush()  # changes the session still holds take their row locks before the log's lock
    session.info[APPENDED_INFO] = True
    now = utcnow()
    rows = [{"type": e.type, "table_id": e.table_id, "shoe_id": e.shoe_id, "revision": e.revision,
             "audience": e.audience, "data": e.data, "created_at": now} for e in events]
    if session.get_bind().dialect.name == "postgresql":
        params = {f"{name}_{index}": value for index, row in enumerate(rows) for name, value in row.items()}
        params.update(key=append_lock_key(session), channel=session.info.get(CHANNEL_INFO, DEFAULT_CHANNEL))
        return sorted(session.execute(_locked_append(len(rows)), params).scalars())
    return list(session.execute(_APPEND, rows[0] if len(rows) == 1 else rows).scalars())


def append_lock_key(session: Session) -> int:
    """The key of the advisory lock this transaction's appends take: the event log's, unless the transaction
    names its own (a rehearsal that rolls back, roadsvc.services.warm: the same statements, and no live write
    waits for it)."""
    return session.info.get(APPEND_LOCK_INFO, APPEND_LOCK)


DEFERRED_INFO = "roadsvc_deferred_events"  # Session.info key: events appended at commit
APPENDED_INFO = "roadsvc_appended_events"  # Session.info key: this transaction appended events


def defer_event(session: Session, type: str, **fields: Any) -> None:
    """Append this event when the session's transaction commits, after its last statement.

    For writers in the middle of another write's transaction (an alert raised while a hand
    is posted): the event still commits with the change, and `append_event` stays last
    (the advisory lock on PostgreSQL is taken once every row lock of the write is held).
    A rolled-back transaction appends nothing. Arguments as `append_event`'s."""
    event = NewEvent(type, fields.pop("table_id"), data=fields.pop("data", None) or {}, **fields)
    session.info.setdefault(DEFERRED_INFO, []).append(event)


def append_deferred_at_commit(sessions: sessionmaker) -> None:
    """Make the sessions of `sessions` append their deferred events just before commit."""
    event.listen(sessions, "before_commit", _append_deferred)
    event.listen(sessions, "after_transaction_end", _forget_deferred)


def wake_readers_at_commit(sessions: sessionmaker, wake: Callable[[], Any]) -> None:
    """Call `wake()` once each transaction of `sessions` that appended events has committed
    (SQLite's wake-ups of the stream hubs, wakeups.py; PostgreSQL's NOTIFY needs none)."""
    def after_commit(session: Session) -> None:
        if session.info.pop(APPENDED_INFO, False):
            wake()

    event.listen(sessions, "after_commit", after_commit)


def _append_deferred(session: Session) -> None:
    deferred = session.info.pop(DEFERRED_INFO, None)
    if deferred:
        append_events(session, deferred)


def _forget_deferred(session: Session, transaction: Any) -> None:
    if transaction.parent is None:  # the whole transaction ended (a savepoint's end keeps them)
        session.info.pop(DEFERRED_INFO, None)
        session.info.pop(APPENDED_INFO, None)


_EVENTS = Event.__table__  # appended through Core: the ORM's bulk-insert path costs a post ~0.1 ms per event
_COLUMNS = ("type", "table_id", "shoe_id", "revision", "audience", "data", "created_at")
# SQLite (one writer at a time): built once (a statement built per call is keyed per call). Several
# rows go in one statement, their ids in the order given (SQLAlchemy's "insertmanyvalues").
_APPEND = _EVENTS.insert().returning(_EVENTS.c.id, sort_by_parameter_order=True)


@lru_cache(maxsize=16)
def _locked_append(count: int) -> Insert:
    """PostgreSQL: INSERT ... SELECT of `count` rows whose source takes the append lock and queues
    the NOTIFY (one round trip where a separate lock statement made two). The rows are sorted
    by their position before they take their ids, so the lock is held when the first id is
    drawn (the plan: nextval above the Sort, above the lock's Result) and ids follow the order given."""
    lock = select(func.pg_advisory_xact_lock(bindparam("key", type_=BigInteger)).label("locked"),
                  func.pg_notify(bindparam("channel", type_=String), "").label("notified")).subquery("append_lock")
    rows = [select(*(bindparam(f"{name}_{index}", type_=_EVENTS.c[name].type).label(name) for name in _COLUMNS),
                   literal(index, Integer).label("position")) for index in range(count)]
    new = (rows[0] if count == 1 else union_all(*rows)).subquery("new")
    source = select(*(new.c[name] for name in _COLUMNS)).select_from(lock).join(new, true()).order_by(new.c.position)
    return insert(_EVENTS).from_select(_COLUMNS, source).returning(_EVENTS.c.id)


def channel_for(url: str, configured: str | None = None) -> str:
    """The NOTIFY channel: the configured name, else one derived from the schema in the
    URL's search_path (so test runs on their own schemas never hear each other)."""
    if configured:
        return configured
    options = make_url(url).query.get("options", "")
    found = re.search(r"search_path=([\w$]+)", options if isinstance(options, str) else " ".join(options))
    return f"{DEFAULT_CHANNEL}_{found.group(1)}"[:63] if found else DEFAULT_CHANNEL


def events_after(session: Session, after_id: int, limit: int, up_to: int | None = None) -> list[EventRecord]:
    """Events with id > after_id (and <= up_to), oldest first, at most `limit`."""
    query = select(Event).where(Event.id > after_id).order_by(Event.id).limit(limit)
    if up_to is not None:
        query = query.where(Event.id <= up_to)
    return [_record(row) for row in session.scalars(query)]


def events_by_id(session: Session, ids: list[int]) -> list[EventRecord]:
    """These events, oldest first (those still in the log: a pruned one is not there)."""
    if not ids:
        return []
    return [_record(row) for row in session.scalars(select(Event).where(Event.id.in_(ids)).order_by(Event.id))]


def _record(row: Event) -> EventRecord:
    return EventRecord(
        row.id, row.type, row.table_id, row.shoe_id, row.revision, row.audience, row.data, row.created_at
    )


def event_id_range(session: Session) -> tuple[int, int]:
    """(oldest, newest) retained ids; (0, 0) when the log is empty."""
    oldest, newest = session.execute(select(func.min(Event.id), func.max(Event.id))).one()
    return oldest or 0, newest or 0


_NEWEST = select(func.max(Event.id))


def newest_event_id(session: Session) -> int:
    """The newest retained id (0 when the log is empty), by the index alone."""
    return session.execute(_NEWEST).scalar() or 0


_CHANGED = (select(Event.table_id, func.min(Event.id), func.max(Event.id))
            .where(Event.id >= bindparam("after"), Event.id <= bindparam("up_to")).group_by(Event.table_id))


def tables_changed(session: Session, after_id: int, up_to: int) -> set[int] | None:
    """The tables the events in (after_id, up_to] name, in one read; None when one names no table or
    the log no longer holds event `after_id` (pruned: so may be the ones after it): anything may have
    changed."""
    rows = session.execute(_CHANGED, {"after": after_id, "up_to": up_to}).all()
    if after_id == 0 or not any(first == after_id for _, first, _ in rows):
        return None
    found = {table_id for table_id, _, last in rows if last > after_id}
    return None if None in found else found


def oldest_after(session: Session, after_id: int) -> tuple[int, datetime] | None:
    """(how many events have id > after_id, when the first of them was appended), or None: none has."""
    count, first = session.execute(select(func.count(Event.id), func.min(Event.id)).where(Event.id > after_id)).one()
    if not count:
        return None
    return count, session.scalar(select(Event.created_at).where(Event.id == first))


NEWEST_EVENT_SQL = "SELECT coalesce(max(id), 0) FROM events"
TABLE_IDS_SQL = "SELECT id FROM tables ORDER BY id"


def prune_events(session: Session, before: datetime) -> int:
    """Delete events created before `before`, always keeping the newest (so the newest
    id stays known and a resuming client can be told it is current). Returns the count."""
    newest = select(func.max(Event.id)).scalar_subquery()
    result = session.execute(delete(Event).where(Event.created_at < before, Event.id < newest))
    return result.rowcount or 0

