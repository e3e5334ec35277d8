"""Binding a transaction's changes into the record's chain at its commit (issue 43).

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

from typing import Any, Iterable, Iterator, Sequence

from sqlalchemy import BigInteger, bindparam, event, inspect, text
from sqlalchemy.orm import Session, sessionmaker

from roadsvc.domain.records import DELETE, GENESIS, INSERT, UPDATE, Link, canonical_row, make_links, row_key
from roadsvc.persistence.events import APPENDED_INFO, append_lock_key
from roadsvc.persistence.models import utcnow
from roadsvc.persistence.records.chained import chained_attributes, chained_tables, read_rows

PENDING_INFO = "roadsvc_chain_pending"  # Session.info key: {table: {key: op}}: rows to read back at commit
KNOWN_INFO = "roadsvc_chain_known"  # Session.info key: {table: {key: (op, ORM object or values)}}: rows as written


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
            attributes = chained_attributes(state.mapper)
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
        session.execute(_LOCK, {"key": append_lock_key(session)})


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


def bind_records_at_commit(sessions: sessionmaker) -> None:
    """Make the write sessions of `sessions` append their links at commit (after the deferred events)."""
    event.listen(sessions, "after_flush", _caught_in_flush)
    event.listen(sessions, "before_commit", _append_links)
    event.listen(sessions, "after_transaction_end", _forget_pending)


