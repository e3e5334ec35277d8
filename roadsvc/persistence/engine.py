"""The engine and sessions of one app (or one CLI run), with the SQLite settings it needs.

SQLite: WAL (readers never wait for the writer), foreign keys on, a busy timeout, and
write transactions that start with BEGIN IMMEDIATE so two writers queue at BEGIN instead
of deadlocking on a lock upgrade half-way. PostgreSQL: writers lock the shoe row with
SELECT ... FOR UPDATE (see the repositories); snapshot reads use REPEATABLE READ so a
shoe's revision and its hands come from the same moment.
"""

from __future__ import annotations

import os
import sqlite3
import threading
import time
import weakref
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator

from sqlalchemy import Connection, Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session, sessionmaker

WRITE_OPTION = "roadsvc_write"


class Database:
    """An engine plus a session factory; `write()` and `read()` are the two ways in."""

    def __init__(self, url: str, *, busy_timeout_ms: int = 5000, synchronous: str = "FULL", pool_size: int = 10):
        self.url = url
        self.engine = make_engine(url, busy_timeout_ms=busy_timeout_ms, synchronous=synchronous, pool_size=pool_size)
        self.is_sqlite = self.engine.dialect.name == "sqlite"
        # Hot one-row reads in autocommit: no transaction, so no ROLLBACK round trip when
        # the connection goes back to the pool (SQLite runs in-process and needs none).
        self._hot_engine = self.engine if self.is_sqlite else make_engine(url, pool_size=pool_size, autocommit=True)
        self._write_engine = self.engine.execution_options(**{WRITE_OPTION: True})
        self._read_sessions = sessionmaker(self.engine, expire_on_commit=False)
        self._write_sessions = sessionmaker(self._write_engine, expire_on_commit=False)
        self._hot = HotConnections(self._hot_engine)
        _forget_pools_after_fork(self)
        consistent = self.engine if self.is_sqlite else self.engine.execution_options(isolation_level="REPEATABLE READ")
        self._consistent_sessions = sessionmaker(consistent, expire_on_commit=False)

    @classmethod
    def from_settings(cls, settings: dict[str, Any]) -> "Database":
        return cls(
            settings["DATABASE_URL"],
            busy_timeout_ms=settings["SQLITE_BUSY_TIMEOUT_MS"],
            synchronous=settings["SQLITE_SYNCHRONOUS"],
            pool_size=settings["DB_POOL_SIZE"],
        )

    @contextmanager
    def write(self) -> Iterator[Session]:
        """One write transaction: committed on success, rolled back on any exception."""
        with self._write_sessions() as session, session.begin():
            yield session

    @contextmanager
    def read(self) -> Iterator[Session]:
        """A read-only session (rolled back at the end; never commits)."""
        with self._read_sessions() as session:
            yield session

    @contextmanager
    def consistent_read(self) -> Iterator[Session]:
        """A read session whose queries all see one moment of the database.

        SQLite in WAL mode gives that to any transaction; PostgreSQL needs REPEATABLE READ.
        """
        with self._consistent_sessions() as session:
            yield session

    @contextmanager
    def connect(self) -> Iterator[Connection]:
        """A plain connection for one small read outside any transaction (a key lookup)."""
        with self.engine.connect() as conn:
            yield conn

    def fetch_ints(self, sql: str, *params: int) -> tuple[int, ...] | None:
        """One row of integers (never NULL) from a tiny hot-path query with integer parameters.

        `sql` uses `?` placeholders. It runs on the thread's own raw connection, outside
        SQLAlchemy's statement machinery and the pool (see HotConnections): on the 304 path
        of a polled display those cost more than the indexed lookup itself.
        """
        return self._hot.fetch_ints(sql, params)

    def fetch_int_rows(self, sql: str, *params: int) -> tuple[tuple[int, ...], ...]:
        """Every row of integers (never NULL) of a small hot-path query, as fetch_ints reads one."""
        return self._hot.fetch_ints(sql, params, True)

    def dispose(self) -> None:
        self._hot.close_all()
        self.engine.dispose()
        self._hot_engine.dispose()


class HotConnections:
    """One raw connection per thread for the hot one-row reads, kept outside the pool.

    Each is detached from the pool once, so a poll costs no checkout, no reset on return
    and no pool bookkeeping. They never hold a transaction (SQLite runs in autocommit and
    the cursor is closed after its one row; PostgreSQL's hot engine is AUTOCOMMIT), so every
    read sees the newest commit. A connection whose query fails is closed and replaced on
    the next read (after a database restart, one poll fails, as with the pool).
    """

    def __init__(self, engine: Engine):
        self.engine = engine
        self._local = threading.local()
        self._open: list = []
        self._inherited: list = []  # a forked child's copies of its parent's: never used nor closed
        self._lock = threading.Lock()

    def fetch_ints(self, sql: str, params: tuple[int, ...], many: bool = False) -> Any:
        connection, reader = self._connection()
        try:
            return reader(sql, params, many)
        except Exception:
            self._discard(connection)
            raise

    def _connection(self) -> tuple[Any, Callable]:
        kept = getattr(self._local, "kept", None)
        if kept is None:
            connection = self.engine.raw_connection()
            connection.detach()  # ours now: close() really closes it
            kept = self._local.kept = (connection, reader_for(connection, self.engine.dialect.paramstyle))
            with self._lock:
                self._open.append(connection)
        return kept

    def _discard(self, connection) -> None:
        self._local.kept = None
        with self._lock:
            if connection in self._open:
                self._open.remove(connection)
        try:
            connection.close()
        except Exception:  # noqa: BLE001 - already broken; nothing more to do
            pass

    def close_all(self) -> None:
        with self._lock:
            connections, self._open = self._open, []
        self._local = threading.local()
        for connection in connections:
            try:
                connection.close()
            except Exception:  # noqa: BLE001 - closing at shutdown: nothing more to do
                pass

    def forget_after_fork(self) -> None:
        """In a forked child: keep the parent's connections referenced (closing or
        collecting them would close the parent's sockets) and start afresh."""
        with self._lock:
            self._inherited.extend(self._open)
            self._open = []
        self._local = threading.local()


def reader_for(connection, paramstyle: str) -> Callable[[str, tuple[int, ...], bool], Any]:
    """How one kept connection runs a hot read: libpq's prepared statements under psycopg 3,
    a DB-API cursor otherwise (SQLite, which runs in-process)."""
    pgconn = getattr(connection.dbapi_connection, "pgconn", None)
    if pgconn is not None:
        return PreparedReads(pgconn).fetch_ints

    def fetch_ints(sql: str, params: tuple[int, ...], many: bool = False) -> Any:
        """One row (None if there is none), or with `many` every row."""
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


def _forget_pools_after_fork(db: "Database") -> None:
    """A forked child (gunicorn --preload) must not share its parent's connections:
    it drops the inherited pools without closing them, and opens its own."""
    ref = weakref.ref(db)

    def after_fork() -> None:
        database = ref()
        if database is not None:
            database.engine.dispose(close=False)
            database._hot_engine.dispose(close=False)
            database._hot.forget_after_fork()

    os.register_at_fork(after_in_child=after_fork)


def make_engine(
    url: str, *, busy_timeout_ms: int = 5000, synchronous: str = "FULL", pool_size: int = 10, autocommit: bool = False
) -> Engine:
    if make_url(url).get_backend_name() != "sqlite":
        # No pre-ping: it would double the round trips of every poll. After a server
        # restart the first request on a stale connection fails and the pool is renewed.
        options = {"isolation_level": "AUTOCOMMIT"} if autocommit else {}
        return create_engine(url, pool_size=pool_size, max_overflow=pool_size, **options)
    _make_parent_folder(url)
    engine = create_engine(url, pool_size=pool_size, max_overflow=pool_size, connect_args={"check_same_thread": False})
    _configure_sqlite(engine, busy_timeout_ms, synchronous)
    return engine


def _make_parent_folder(url: str) -> None:
    """The SQLite file's folder (the instance folder by default) exists before connecting."""
    database = make_url(url).database
    if database and database != ":memory:" and not database.startswith("file:"):
        Path(database).parent.mkdir(parents=True, exist_ok=True)


def _configure_sqlite(engine: Engine, busy_timeout_ms: int, synchronous: str) -> None:
    if synchronous.upper() not in {"OFF", "NORMAL", "FULL", "EXTRA"}:
        raise ValueError(f"SQLITE_SYNCHRONOUS must be OFF, NORMAL, FULL or EXTRA, not {synchronous!r}")

    @event.listens_for(engine, "connect")
    def on_connect(dbapi_connection, _record) -> None:
        # Let SQLAlchemy's "begin" event below emit BEGIN, not pysqlite's own logic.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={int(busy_timeout_ms)}")
        cursor.execute(f"PRAGMA synchronous={synchronous.upper()}")
        cursor.close()

    @event.listens_for(engine, "begin")
    def on_begin(conn: Connection) -> None:
        if conn.get_execution_options().get(WRITE_OPTION, False):
            _begin_immediate(conn, busy_timeout_ms)
        else:
            conn.exec_driver_sql("BEGIN")


def _begin_immediate(conn: Connection, timeout_ms: int) -> None:
    """BEGIN IMMEDIATE, tried again every 0.5 to 2 ms until `timeout_ms` has passed.

    SQLite's own busy handler sleeps 1, 2, 5, 10, 15, 20, 25, 25... ms between tries, so a
    writer queued behind a write of a few milliseconds often slept 20 ms or more (three
    dealers posting at once saw a p99 of 160 ms, bench/api_posts.py). Short polls hand the
    write lock on within about a millisecond of its release; the timeout is unchanged.
    """
    raw = conn.connection.driver_connection
    raw.execute("PRAGMA busy_timeout=0")
    try:
        deadline, pause = time.monotonic() + timeout_ms / 1000, 0.0005
        while True:
            try:
                raw.execute("BEGIN IMMEDIATE")
                return
            except sqlite3.OperationalError as error:
                if "locked" not in str(error) or time.monotonic() >= deadline:
                    break
            time.sleep(pause)
            pause = min(pause * 2, 0.002)
        conn.exec_driver_sql("BEGIN IMMEDIATE")  # the last try: a failure raises as SQLAlchemy's error
    finally:
        raw.execute(f"PRAGMA busy_timeout={int(timeout_ms)}")


def open_database(overrides: dict[str, Any] | None = None) -> Database:
    """The database the settings name (ROADSVC_ environment), for the CLI and jobs."""
    from roadsvc.config import load_settings

    return Database.from_settings(load_settings(overrides=overrides))
