"""The record's hash chain, stored (issue 43): what is chained, and the links appended at commit.

Opt-out: every table of `Base.metadata` is chained, every column of it, except the short lists
below (derived, cached or ephemeral data, each with its reason). A table added later is chained
unless it is named here (tests/persistence/test_record_chain.py fails for a table in neither list).

How changes are caught: the ORM's flushes (new, changed and deleted objects of chained tables,
`after_flush`) and, explicitly, the few Core statements that write chained rows (`bind_rows`:
a hand's INSERT, the bets' INSERT and settling UPDATE, a betting closure's DELETE). Just before
the transaction commits, after its deferred events (events.py), the rows caught are read back
in the same transaction and one INSERT appends a link per row: what is bound is what commits.
On PostgreSQL the links are appended under the event log's advisory lock (taken again here if
the transaction appended no event), so links are appended, and become visible, in commit order;
SQLite has one writer at a time.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from typing import Any, Iterable, Iterator, Sequence

from sqlalchemy import JSON, BigInteger, Column, Select, Table, bindparam, event, func, inspect, select, text, tuple_
from sqlalchemy.orm import Session, sessionmaker

from roadsvc.domain.records import (
    DELETE, GENESIS, INSERT, SEAL, UPDATE, Link, canonical_row, make_links, row_key, stamp,
)
from roadsvc.persistence.events import APPEND_LOCK, APPENDED_INFO
from roadsvc.persistence.models import Base, RecordLink, utcnow

EXCLUDED_TABLES: dict[str, str] = {
    "record_links": "the chain itself",
    "events": "the live event log: pruned by the jobs process; each change it announces is chained as the row itself",
    "page_sessions": "a signed-in page's cookie and idle time: ephemeral, not a record of play (key changes are chained)",
    "monitor_tallies": "the alert rules' working counters, restarted by the rules; the alerts they raise are chained",
}
EXCLUDED_COLUMNS: dict[str, dict[str, str]] = {
    "shoes": {"revision": "a cache key, bumped by every write of the shoe",
              "summary": "the lobby's cached summary of the hands (derived from the chained hands)",
              "updated_at": "the time of the last cache bump"},
    "tables": {"revision": "the lobby's cache key", "updated_at": "the time of the last cache bump"},
    "dabang_matches": {"revision": "a cache key, bumped by every move (the moves are chained)"},
    "dabang_tournaments": {"revision": "a cache key, bumped by every change of the bracket"},
    "play_accounts": {"p_value": "the account's p-value as last judged: derived from its chained tallies"},
    "shift_report_files": {"body": "a stored report's PDF bytes: bound by their SHA-256 (`sha256`, chained)"},
}

PENDING_INFO = "roadsvc_chain_pending"  # Session.info key: {table: {key: op}}: rows to read back at commit
KNOWN_INFO = "roadsvc_chain_known"  # Session.info key: {table: {key: (op, ORM object or values)}}: rows as written


@dataclass(frozen=True)
class ChainedTable:
    name: str
    table: Table
    key: Column
    columns: tuple[Column, ...]  # the chained columns, the key among them
    key_index: int  # the key's place among them
    by_keys: Select  # the chained columns of the rows whose key is in :keys

    names: tuple[str, ...]  # their names

    attributes: tuple[str, ...] | None  # their ORM attribute names (None: no mapped class)
    defaults: dict[str, Any]  # a column's value when an INSERT leaves it out (None: NULL)
    generated: frozenset[str]  # columns whose value an INSERT that leaves them out makes (a callable, the server)
    documents: frozenset[str]  # JSON columns: a value as written is bound as it reads back

    def content(self, row: Any) -> dict[str, Any]:
        return dict(zip(self.names, row))

    def object_content(self, obj: Any) -> dict[str, Any]:
        """The chained columns of a persistent ORM object, as flushed (an expired attribute is loaded)."""
        return self._as_read({name: getattr(obj, attribute)
                              for name, attribute in zip(self.names, self.attributes or self.names)})

    def complete(self, values: dict[str, Any]) -> dict[str, Any]:
        return self._as_read({name: values[name] if name in values else self.defaults.get(name) for name in self.names})

    def _as_read(self, content: dict[str, Any]) -> dict[str, Any]:
        for name in self.documents:
            content[name] = as_read_back(content[name])
        return content


def as_read_back(document: Any) -> Any:
    """A JSON column's value as the database gives it back: the same value unless it holds what JSON
    changes (a tuple, a key that is not text), which then goes through JSON once."""
    return document if _plain(document) else json.loads(json.dumps(document))


def _plain(value: Any) -> bool:
    if isinstance(value, dict):
        return all(type(key) is str and _plain(item) for key, item in value.items())
    if isinstance(value, list):
        return all(_plain(item) for item in value)
    return value is None or type(value) in (str, int, float, bool)


def _chained(table: Table) -> ChainedTable:
    if len(table.primary_key.columns) != 1:
        raise ValueError(f"chained table {table.name} needs a one-column primary key")
    skipped = EXCLUDED_COLUMNS.get(table.name, {})
    columns = tuple(column for column in table.columns if column.name not in skipped)
    key = next(iter(table.primary_key.columns))
    by_keys = select(*columns).where(key.in_(bindparam("keys", expanding=True)))
    key_index = next(index for index, column in enumerate(columns) if column is key)
    defaults = {column.name: column.default.arg for column in columns
                if column.default is not None and column.default.is_scalar}
    generated = frozenset(column.name for column in columns if column.server_default is not None
                          or (column.default is not None and not column.default.is_scalar))
    documents = frozenset(column.name for column in columns if isinstance(column.type, JSON))
    return ChainedTable(table.name, table, key, columns, key_index, by_keys, tuple(c.name for c in columns),
                        _attribute_names(table, columns), defaults, generated, documents)


def _attribute_names(table: Table, columns: tuple[Column, ...]) -> tuple[str, ...] | None:
    mapper = next((m for m in Base.registry.mappers if m.local_table is table), None)
    if mapper is None:
        return None
    return tuple(mapper.get_property_by_column(column).key for column in columns)


@lru_cache(maxsize=1)
def chained_tables() -> dict[str, ChainedTable]:
    """Every chained table by name, in the metadata's order."""
    return {table.name: _chained(table) for table in Base.metadata.sorted_tables if table.name not in EXCLUDED_TABLES}


@lru_cache(maxsize=None)
def _chained_attributes(mapper: Any) -> tuple[str, ...] | None:
    """The attribute names of a mapped class's chained columns (None: its table is not chained)."""
    chained = chained_tables().get(mapper.local_table.name)
    if chained is None:
        return None
    names = {column.name for column in chained.columns}
    return tuple(prop.key for prop in mapper.column_attrs if prop.columns[0].name in names)


def bind_rows(session: Session, table: str, keys: Iterable[Any], op: str = UPDATE) -> None:
    """Bind these rows of a chained table, as they are at commit (read back then), into the chain: a Core
    write's explicit call (the ORM's writes are caught by themselves). `op`: INSERT, UPDATE or DELETE."""
    pending = session.info.setdefault(PENDING_INFO, {}).setdefault(table, {})
    for key in keys:
        pending[key] = _op(pending.get(key), op)


def bind_inserted(session: Session, table: str, rows: Sequence[dict[str, Any]]) -> None:
    """Bind rows a Core INSERT wrote with these values (each with its key), with no read back: the
    values given, a chained column not given taking its scalar default (or NULL). A row read back
    anyway (bind_rows) is bound as read. Not for an INSERT inside a savepoint that may roll back
    (bind_rows it instead: a row not found at commit is not bound)."""
    known = session.info.setdefault(KNOWN_INFO, {}).setdefault(table, {})
    chained = chained_tables()[table]
    for row in rows:
        if chained.generated.difference(row):
            bind_rows(session, table, (row[chained.key.name],), INSERT)
        else:
            known[row[chained.key.name]] = (INSERT, chained.complete(row))


def _op(before: str | None, op: str) -> str:
    return INSERT if before == INSERT and op == UPDATE else op


def _caught_in_flush(session: Session, _context: Any) -> None:
    known = session.info.setdefault(KNOWN_INFO, {})
    for objects, op in ((session.new, INSERT), (session.dirty, UPDATE), (session.deleted, DELETE)):
        for obj in objects:
            state = inspect(obj)
            attributes = _chained_attributes(state.mapper)
            if attributes is None:
                continue
            if op == UPDATE and not any(state.attrs[name].history.has_changes() for name in attributes):
                continue
            key = state.mapper.primary_key_from_instance(obj)[0]
            rows = known.setdefault(state.mapper.local_table.name, {})
            before = rows.get(key)
            rows[key] = (_op(None if before is None else before[0], op), obj)


def _forget_pending(session: Session, transaction: Any) -> None:
    if transaction.parent is None:
        session.info.pop(PENDING_INFO, None)
        session.info.pop(KNOWN_INFO, None)


_LINKS = RecordLink.__table__
_HEAD = select(_LINKS.c.seq, _LINKS.c.digest, _LINKS.c.at).order_by(_LINKS.c.seq.desc()).limit(1)
_LOCK = text("SELECT pg_advisory_xact_lock(:key)").bindparams(bindparam("key", type_=BigInteger))


def _append_links(session: Session) -> None:
    """before_commit: one link per row caught in the transaction, appended by one INSERT, last."""
    session.flush()  # the changes the session still holds are caught (after_flush) before the links are made
    pending, known = session.info.pop(PENDING_INFO, None) or {}, session.info.pop(KNOWN_INFO, None) or {}
    if not pending and not known:
        return
    changes = list(_changes(session, _resolved(known, pending)))
    if not changes:
        return
    if not session.info.get(APPENDED_INFO):  # (else the event log's append took the lock already)
        lock_appends(session)
    append_changes(session, changes)


def lock_appends(session: Session) -> None:
    """PostgreSQL: take the appends' transaction-scoped advisory lock (the event log's) until commit."""
    if session.get_bind().dialect.name == "postgresql":
        session.execute(_LOCK, {"key": APPEND_LOCK})


# A commit's two statements go to the driver as they are (plain integers and texts both ways): the
# ORM's and the compiler's per-statement work cost more than the statements (bench/records_post_cost.py).
_HEAD_SQL = "SELECT seq, digest FROM record_links ORDER BY seq DESC LIMIT 1"
_APPEND_SQL = ("INSERT INTO record_links (seq, at, table_name, row_key, op, \"row\", prev, digest) "
               "VALUES ({0}, {0}, {0}, {0}, {0}, {0}, {0}, {0})")
_PLACEHOLDERS = {"qmark": "?", "format": "%s", "pyformat": "%s"}


def append_changes(session: Session, changes: Sequence[tuple[str, str, str, str]]) -> list[Link]:
    """Append links for these (table, key, op, canonical row) after the head; the caller serialises."""
    conn = session.connection()
    head = conn.exec_driver_sql(_HEAD_SQL).first()
    prev, first = (GENESIS, 1) if head is None else (head[1], head[0] + 1)
    links = make_links(prev, first, utcnow(), changes)
    rows = [(link.seq, link.at, link.table, link.key, link.op, link.row, link.prev, link.digest) for link in links]
    conn.exec_driver_sql(_APPEND_SQL.format(_PLACEHOLDERS[conn.dialect.paramstyle]), rows if len(rows) > 1 else rows[0])
    return links


def _resolved(known: dict[str, dict[Any, tuple[str, Any]]],
              pending: dict[str, dict[Any, str]]) -> dict[str, dict[Any, tuple[str, Any]]]:
    """{table: {key: (op, content or None)}}: None is read back at commit (a Core write's row, or an ORM
    object no longer persistent: a savepoint rolled back its insert or its delete); a delete needs nothing."""
    tables = chained_tables()
    resolved: dict[str, dict[Any, tuple[str, Any]]] = {}
    for name, rows in known.items():
        chained, out = tables[name], resolved.setdefault(name, {})
        for key, (op, source) in rows.items():
            if isinstance(source, dict):
                out[key] = (op, source)
                continue
            state = inspect(source)
            if op == DELETE:
                out[key] = (UPDATE, None) if state.persistent else (DELETE, None)
            else:
                out[key] = (op, chained.object_content(source) if state.persistent else None)
    for name, rows in pending.items():
        out = resolved.setdefault(name, {})
        for key, op in rows.items():
            before = out.get(key)
            out[key] = (_op(None if before is None else before[0], op), None)
    return resolved


def _changes(session: Session, resolved: dict[str, dict[Any, tuple[str, Any]]]) -> Iterator[tuple[str, str, str, str]]:
    tables = chained_tables()
    for name, rows in resolved.items():
        chained = tables[name]
        unread = [key for key, (op, content) in rows.items() if content is None and op != DELETE]
        found = {row[chained.key_index]: chained.content(row) for row in read_rows(session, chained, unread)}
        for key, (op, content) in rows.items():
            if op != DELETE and content is None:
                content = found.get(key)
            if content is None and op == INSERT:
                continue  # inserted and gone in the same transaction (a savepoint rolled back)
            yield name, row_key(key), DELETE if content is None else op, "null" if content is None else canonical_row(
                content)


def read_rows(session: Session, chained: ChainedTable, keys: Sequence[Any], chunk: int = 500) -> Iterator[Any]:
    """The chained columns of these rows, in the session's transaction (on its connection: a Core
    statement needs none of the ORM's per-execution work)."""
    conn = session.connection()
    for start in range(0, len(keys), chunk):
        yield from conn.execute(chained.by_keys, {"keys": list(keys[start:start + chunk])})


def bind_records_at_commit(sessions: sessionmaker) -> None:
    """Make the write sessions of `sessions` append their links at commit (after the deferred events)."""
    event.listen(sessions, "after_flush", _caught_in_flush)
    event.listen(sessions, "before_commit", _append_links)
    event.listen(sessions, "after_transaction_end", _forget_pending)


# Reading the chain.

def head(session: Session) -> Any:
    """(seq, digest, at) of the newest link, or None."""
    return session.execute(_HEAD).first()


def _as_link(row: Any) -> Link:
    return Link(row.seq, row.at, row.table_name, row.row_key, row.op, row.row, row.prev, row.digest)


_LINK_COLUMNS = (_LINKS.c.seq, _LINKS.c.at, _LINKS.c.table_name, _LINKS.c.row_key, _LINKS.c.op, _LINKS.c.row,
                 _LINKS.c.prev, _LINKS.c.digest)


def links_naming(session: Session, refs: Sequence[tuple[str, str]]) -> list[Link]:
    """Every link naming one of these (table, key), oldest first."""
    found: list[Link] = []
    for start in range(0, len(refs), 200):
        query = select(*_LINK_COLUMNS).where(tuple_(_LINKS.c.table_name, _LINKS.c.row_key).in_(refs[start:start + 200]))
        found.extend(_as_link(row) for row in session.execute(query))
    return sorted(found, key=lambda link: link.seq)


def first_seq_naming(session: Session, refs: Sequence[tuple[str, str]]) -> int | None:
    """The oldest link naming one of these (table, key), or None."""
    found = [session.execute(select(func.min(_LINKS.c.seq)).where(
        tuple_(_LINKS.c.table_name, _LINKS.c.row_key).in_(refs[start:start + 200]))).scalar()
        for start in range(0, len(refs), 200)]
    return min((seq for seq in found if seq is not None), default=None)


def links(session: Session, first_seq: int = 1, last_seq: int | None = None, batch: int = 20000) -> Iterator[Link]:
    """The links from `first_seq` on (to `last_seq`), in order, read in batches."""
    after = first_seq - 1
    while True:
        query = select(*_LINK_COLUMNS).where(_LINKS.c.seq > after).order_by(_LINKS.c.seq).limit(batch)
        if last_seq is not None:
            query = query.where(_LINKS.c.seq <= last_seq)
        rows = session.execute(query).all()
        for row in rows:
            yield _as_link(row)
        if len(rows) < batch:
            return
        after = rows[-1].seq


def link_at(session: Session, seq: int) -> Link | None:
    row = session.execute(select(*_LINK_COLUMNS).where(_LINKS.c.seq == seq)).first()
    return None if row is None else _as_link(row)


def seq_range_between(session: Session, begins: datetime, ends: datetime) -> tuple[int, int] | None:
    """(first, last) seq of the links appended in [begins, ends), or None."""
    first, last = session.execute(select(func.min(_LINKS.c.seq), func.max(_LINKS.c.seq))
                                  .where(_LINKS.c.at >= stamp(begins), _LINKS.c.at < stamp(ends))).one()
    return None if first is None else (first, last)


def all_rows(session: Session, chained: ChainedTable, batch: int = 20000) -> Iterator[tuple[str, dict[str, Any]]]:
    """(key, content) of every row of a chained table, by key, read in batches."""
    after = None
    while True:
        query = select(*chained.columns).order_by(chained.key).limit(batch)
        if after is not None:
            query = query.where(chained.key > after)
        rows = session.execute(query).all()
        index = chained.key_index
        for row in rows:
            yield row_key(row[index]), chained.content(row)
        if len(rows) < batch:
            return
        after = rows[-1][index]


def chain_is_empty(session: Session) -> bool:
    return head(session) is None


__all__ = ["EXCLUDED_TABLES", "EXCLUDED_COLUMNS", "ChainedTable", "chained_tables", "bind_rows", "append_changes",
           "bind_records_at_commit", "head", "links_naming", "first_seq_naming", "links", "link_at", "seq_range_between", "all_rows",
           "read_rows", "chain_is_empty", "lock_appends", "bind_inserted", "SEAL"]
