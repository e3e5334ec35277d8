"""The hot one-row reads (a polled display's revision lookup), outside SQLAlchemy.

A free list of raw connections detached from the pool (HotConnections: one per concurrent
reader, threads and gevent greenlets alike); on
PostgreSQL a read goes straight through libpq's prepared statements (psycopg.pq, the
documented low-level layer: PreparedReads), on SQLite through a DB-API cursor.
`Database.fetch_ints` (roadsvc.persistence.engine) is the way in.
"""

from __future__ import annotations

import threading
from typing import Any, Callable

from sqlalchemy import Engine


class HotConnections:
    """Raw connections for the hot one-row reads, kept outside the pool.

    Each is detached from the pool once, so a poll costs no checkout, no reset on return
    and no pool bookkeeping: a read pops a free one (or opens one) and pushes it back
    (list pop/append are atomic, so this holds for threads and for gevent's greenlets,
    where a thread-local would open a connection per request). They never hold a
    transaction (SQLite runs in autocommit and the cursor is closed after its one row;
    PostgreSQL's hot engine is AUTOCOMMIT), so every read sees the newest commit. A
    connection whose query fails is closed and replaced on the next read (after a
    database restart, one poll fails, as with the pool).

    At most `limit` are open: past it, a reader waits for one to come back. Connecting
    yields to other greenlets, so without a bound a burst of requests (a floor's displays
    reconnecting at once) opened a connection each and kept them all, past the database's
    own limit (PostgreSQL's max_connections), and every other request then failed.
    """

    def __init__(self, engine: Engine, limit: int = 10):
        self.engine, self.limit = engine, limit
        self._free: list = []
        self._open: list = []
        self._inherited: list = []  # a forked child's copies of its parent's: never used nor closed
        self._lock = threading.Lock()
        self._returned = threading.Condition(self._lock)
        self._waiting = 0  # readers waiting for a connection to come back

    def fetch_ints(self, sql: str, params: tuple[int, ...], many: bool = False) -> Any:
        """One row of integers (None if there is none), or with `many` every row."""
        kept = self._checkout()
        try:
            row = kept[1](sql, params, many)
        except BaseException:  # a failed read, or its greenlet killed: the connection's state is unknown
            self._discard(kept[0])
            raise
        self._free.append(kept)
        if self._waiting:
            with self._returned:
                self._returned.notify()
        return row

    def _checkout(self) -> tuple[Any, Callable]:
        try:
            return self._free.pop()  # the hot path: no lock
        except IndexError:
            pass
        with self._lock:
            self._waiting += 1  # before looking: a connection given back after the look then wakes this reader
            try:
                while not self._free and len(self._open) >= self.limit:
                    self._returned.wait()
            finally:
                self._waiting -= 1
            if self._free:
                return self._free.pop()
            self._open.append(None)  # the place of the connection being opened
        try:
            connection = self.engine.raw_connection()
        except BaseException:  # (a greenlet killed while connecting, too: its place is given back)
            self._forget(None)
            raise
        connection.detach()  # ours now: close() really closes it
        with self._lock:
            if None in self._open:
                self._open[self._open.index(None)] = connection
            else:  # every connection was closed meanwhile (close_all): this one is counted anew
                self._open.append(connection)
        return connection, reader_for(connection, self.engine.dialect.paramstyle)

    def _discard(self, connection) -> None:
        self._forget(connection)
        try:
            connection.close()
        except Exception:  # noqa: BLE001 - already broken; nothing more to do
            pass

    def _forget(self, connection) -> None:
        """No longer count `connection` (None: one that failed to open); a waiting reader may open another."""
        with self._returned:
            if connection in self._open:
                self._open.remove(connection)
            self._returned.notify()

    def close_all(self) -> None:
        with self._lock:
            connections, self._open, self._free = self._open, [], []
        for connection in filter(None, connections):  # (None: one being opened)
            try:
                connection.close()
            except Exception:  # noqa: BLE001 - closing at shutdown: nothing more to do
                pass

    def forget_after_fork(self) -> None:
        """In a forked child: keep the parent's connections referenced (closing or
        collecting them would close the parent's sockets) and start afresh."""
        self._lock = threading.Lock()  # (the parent's may be held by a thread the child does not have)
        self._returned, self._waiting = threading.Condition(self._lock), 0
        self._inherited.extend(filter(None, self._open))
        self._open, self._free = [], []


def reader_for(connection, paramstyle: str) -> Callable[[str, tuple[int, ...], bool], Any]:
    """How one kept connection runs a hot read: libpq's prepared statements under psycopg 3,
    a DB-API cursor otherwise (SQLite, which runs in-process)."""
    pgconn = getattr(connection.dbapi_connection, "pgconn", None)
    if pgconn is not None:
        return PreparedReads(pgconn).fetch_ints

    def fetch_ints(sql: str, params: tuple[int, ...], many: bool = False) -> Any:
        cursor = connection.cursor()
        cursor.execute(sql if paramstyle == "qmark" else sql.replace("?", "%s"), params)
        if many:
            rows = tuple(tuple(row) for row in cursor.fetchall())
            cursor.close()
            return rows
        row = cursor.fetchone()
        cursor.close()
        return None if row is None else tuple(row)

    return fetch_ints


class PreparedReads:
    """Hot reads on one PostgreSQL connection, straight through libpq (psycopg.pq).

    Each statement is prepared once per connection; a read is then one PQexecPrepared
    with the integers as text, and the row's integers parsed from text. psycopg's cursor
    (query conversion, parameter dumping, its prepare bookkeeping, result loaders) costs
    more client CPU than the whole round trip, measured in bench/api_polls.py. The
    connection is in autocommit, so no transaction is left open between reads. (Named
    prepared statements need a session-pooling PgBouncer, as psycopg's own do.)
    """

    def __init__(self, pgconn):
        from psycopg import OperationalError, pq

        self.pgconn, self.names = pgconn, {}
        self.succeeded = (pq.ExecStatus.TUPLES_OK, pq.ExecStatus.COMMAND_OK)
        self.error = OperationalError

    def fetch_ints(self, sql: str, params: tuple[int, ...], many: bool = False) -> Any:
        name = self.names.get(sql) or self._prepare(sql)
        result = self.pgconn.exec_prepared(name, [b"%d" % value for value in params])
        self._check(result)
        if many:
            get, columns = result.get_value, range(result.nfields)
            return tuple(tuple(int(get(row, column)) for column in columns) for row in range(result.ntuples))
        if result.ntuples == 0:
            return None
        return tuple(int(result.get_value(0, column)) for column in range(result.nfields))

    def _prepare(self, sql: str) -> bytes:
        first, *rest = sql.split("?")  # `?` placeholders become $1, $2...
        numbered = first + "".join(f"${number}{part}" for number, part in enumerate(rest, start=1))
        name = f"roadsvc_hot_{len(self.names)}".encode()
        self._check(self.pgconn.prepare(name, numbered.encode()))
        self.names[sql] = name
        return name

    def _check(self, result) -> None:
        if result.status not in self.succeeded:
            raise self.error(result.error_message.decode("utf-8", "replace"))
