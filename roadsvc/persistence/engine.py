"""The engine and sessions of one app (or one CLI run), with the SQLite settings it needs.

SQLite: WAL (readers never wait for the writer), foreign keys on, a busy timeout, and
write transactions that start with BEGIN IMMEDIATE so two writers queue at BEGIN instead
of deadlocking on a lock upgrade half-way. PostgreSQL: writers lock the shoe row with
SELECT ... FOR UPDATE (see the repositories); snapshot reads use REPEATABLE READ so a
shoe's revision and its hands come from the same moment.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
import time
import uuid
import weakref
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

from sqlalchemy import Connection, Engine, create_engine, event, text
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session, sessionmaker

from roadsvc.persistence.checkpoints import WalStatus, sqlite_checkpointer
from roadsvc.persistence.events import CHANNEL_INFO, append_deferred_at_commit, channel_for, wake_readers_at_commit
from roadsvc.persistence.hot_reads import HotConnections
from roadsvc.persistence.notify import NotifyListener
from roadsvc.persistence.records.binding import bind_records_at_commit
from roadsvc.persistence.wakeups import WakeListener, wake_folder, wake_readers

WRITE_OPTION = "roadsvc_write"


DATABASE_INFO = "roadsvc_database"  # Session.info key: the token of the Database that made the session


class Database:
    """An engine plus a session factory; `write()` and `read()` are the two ways in."""

    def __init__(self, url: str, *, busy_timeout_ms: int = 5000, synchronous: str = "FULL", pool_size: int = 10,
                 checkpoint_interval: float = 1.0, wal_limit_bytes: int = 64 * 1024 * 1024,
                 events_channel: str | None = None, engine: Engine | None = None):
        """`engine`: one this class made before for the same URL and settings (`Database(...).engine`), disposed
        or not, rather than a new one: its compiled statements are kept (a new engine compiles each statement
        anew on first use). The tests' worker keeps one per PostgreSQL schema; a service has one Database."""
        self.url = url
        self.events_channel = channel_for(url, events_channel)  # NOTIFY channel of the event log
        self.checkpointer = sqlite_checkpointer(url, checkpoint_interval, wal_limit_bytes, synchronous)
        if self.checkpointer is not None:  # an app dropped without dispose() leaves no thread behind
            weakref.finalize(self, self.checkpointer.stop_soon)
        self.engine = engine or make_engine(url, busy_timeout_ms=busy_timeout_ms, synchronous=synchronous,
                                            pool_size=pool_size,
                                            wal_limit_bytes=wal_limit_bytes if self.checkpointer else None)
        self.is_sqlite = self.engine.dialect.name == "sqlite"
        # Hot one-row reads in autocommit: no transaction, so no ROLLBACK round trip when
        # the connection goes back to the pool (SQLite runs in-process and needs none).
        self._hot_engine = self.engine if self.is_sqlite else make_engine(url, pool_size=pool_size, autocommit=True)
        self._write_engine = self.engine.execution_options(**{WRITE_OPTION: True})
        # Each session knows its Database by a token of this object's own: a process-wide cache of what rows
        # decide (a 打棒 match's replay) keys on it, and never serves a row of another Database at the same URL
        # (a database emptied and filled again since: a test's schema, a restore).
        self.token = uuid.uuid4().hex
        self._read_sessions = sessionmaker(self.engine, expire_on_commit=False, info={DATABASE_INFO: self.token})
        self._write_sessions = sessionmaker(
            self._write_engine, expire_on_commit=False,
            info={CHANNEL_INFO: self.events_channel, DATABASE_INFO: self.token},
        )
        append_deferred_at_commit(self._write_sessions)
        bind_records_at_commit(self._write_sessions)  # after the deferred events: the chain's links come last
        self.wake_folder = _wake_folder(url) if self.is_sqlite else None  # SQLite file: its readers' sockets
        if (folder := self.wake_folder) is not None:  # (the listener holds the folder, not the Database)
            wake_readers_at_commit(self._write_sessions, lambda: wake_readers(folder))
        self._hot = HotConnections(self._hot_engine, limit=pool_size)
        self._writer_lock: Any = threading.Lock() if self.is_sqlite else contextlib.nullcontext()
        _forget_pools_after_fork(self)
        consistent = self.engine if self.is_sqlite else self.engine.execution_options(isolation_level="REPEATABLE READ")
        self._consistent_sessions = sessionmaker(consistent, expire_on_commit=False, info={DATABASE_INFO: self.token})

    @classmethod
    def from_settings(cls, settings: dict[str, Any], engine: Engine | None = None) -> "Database":
        return cls(
            settings["DATABASE_URL"],
            busy_timeout_ms=settings["SQLITE_BUSY_TIMEOUT_MS"],
            synchronous=settings["SQLITE_SYNCHRONOUS"],
            pool_size=settings["DB_POOL_SIZE"],
            checkpoint_interval=settings["SQLITE_CHECKPOINT_INTERVAL"],
            wal_limit_bytes=settings["SQLITE_WAL_LIMIT_BYTES"],
            events_channel=settings.get("EVENTS_CHANNEL"),
            engine=engine,
        )

    @contextmanager
    def write(self) -> Iterator[Session]:
        """One write transaction: committed on success, rolled back on any exception.

        On SQLite the writers of one process queue on a lock first: SQLite has one writer
        at a time anyway, and under gevent a hundred greenlets polling BEGIN IMMEDIATE
        (see _begin_immediate) would spend the worker's CPU on retries. Only one writer
        per process then meets the other processes' writers at BEGIN IMMEDIATE.
        """
        if self.checkpointer is not None:
            self.checkpointer.ensure_running()  # this process writes: its WAL checkpoints run beside it
        with self._writer_lock, self._write_sessions() as session, session.begin():
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

    def event_listener(self) -> NotifyListener | WakeListener | None:
        """What wakes a reader of the event log at each commit that appended events: LISTEN on
        PostgreSQL, this file's wake-up socket on SQLite; None (poll) for an in-memory database."""
        if not self.is_sqlite:
            return NotifyListener(self.url, self.events_channel)
        return None if self.wake_folder is None else WakeListener(self.wake_folder)

    def wake_event_readers(self) -> None:
        """Wake every reader of the event log as a commit would (a reader being stopped)."""
        if self.wake_folder is not None:
            wake_readers(self.wake_folder)
        elif not self.is_sqlite:
            with self._hot_engine.connect() as conn:
                conn.execute(text("SELECT pg_notify(:channel, '')"), {"channel": self.events_channel})

    def wal_status(self) -> WalStatus | None:
        """The SQLite WAL's size and this process's checkpoint figures (None: not a checkpointed SQLite file)."""
        return None if self.checkpointer is None else self.checkpointer.status()
    def fetch_int_rows(self, sql: str, *params: int) -> tuple[tuple[int, ...], ...]:
        """Every row of integers (never NULL) of a small hot-path query, as fetch_ints reads one."""
        return self._hot.fetch_ints(sql, params, True)

    def dispose(self) -> None:
        if self.checkpointer is not None:
            self.checkpointer.stop()
        self._hot.close_all()
        self.engine.dispose()
        self._hot_engine.dispose()


def _wake_folder(url: str) -> Path | None:
    database = make_url(url).database
    if not database or database == ":memory:" or database.startswith("file:"):
        return None
    return wake_folder(database)


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
            if database.checkpointer is not None:
                database.checkpointer.forget_after_fork()
            if database.is_sqlite:
                database._writer_lock = threading.Lock()  # a parent's thread may have held it

    os.register_at_fork(after_in_child=after_fork)


def make_engine(
    url: str, *, busy_timeout_ms: int = 5000, synchronous: str = "FULL", pool_size: int = 10, autocommit: bool = False,
    wal_limit_bytes: int | None = None,
) -> Engine:
    """`wal_limit_bytes` (SQLite): no automatic checkpoints on these connections (a Checkpointer
    runs them) and the WAL file truncated to that size when it starts over."""
    if make_url(url).get_backend_name() != "sqlite":
        # No pre-ping: it would double the round trips of every poll. After a server
        # restart the first request on a stale connection fails and the pool is renewed.
        options = {"isolation_level": "AUTOCOMMIT"} if autocommit else {}
        return create_engine(url, pool_size=pool_size, max_overflow=pool_size, **options)
    _make_parent_folder(url)
    engine = create_engine(url, pool_size=pool_size, max_overflow=pool_size, connect_args={"check_same_thread": False})
    _configure_sqlite(engine, busy_timeout_ms, synchronous, wal_limit_bytes)
    return engine


def _make_parent_folder(url: str) -> None:
    """The SQLite file's folder (the instance folder by default) exists before connecting;
    both are created readable by their owner only (0700 and 0600: the file holds the keys'
    hashes and the money). SQLite gives its -wal and -shm files the database file's mode."""
    database = make_url(url).database
    if database and database != ":memory:" and not database.startswith("file:"):
        private_folder(Path(database).parent)
        private_file(Path(database))


def private_folder(folder: Path) -> None:
    """`folder` and any missing parents, created 0700 whatever the umask (existing ones are left as they are)."""
    missing = [p for p in (folder, *folder.parents) if not p.exists()]
    for path in reversed(missing):
        path.mkdir(mode=0o700, exist_ok=True)
        path.chmod(0o700)


def private_file(path: Path) -> None:
    """An empty `path` made 0600 unless it exists (SQLite would create it 0644 under the usual umask)."""
    try:
        os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
    except FileExistsError:
        return
    path.chmod(0o600)


def _configure_sqlite(engine: Engine, busy_timeout_ms: int, synchronous: str, wal_limit_bytes: int | None) -> None:
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
        if wal_limit_bytes is not None:
            cursor.execute("PRAGMA wal_autocheckpoint=0")
            cursor.execute(f"PRAGMA journal_size_limit={int(wal_limit_bytes)}")
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
