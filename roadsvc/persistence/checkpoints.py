"""SQLite WAL checkpoints, run beside the dealers' commits, never inside one.

SQLite's automatic checkpoint runs inside the commit that takes the WAL past 1000 pages:
that dealer's post copies the WAL into the database file and syncs it, and with the write
lock still held every other post waits too (on a stalling disk, seconds). So the app's
connections run with `wal_autocheckpoint=0`, and a Checkpointer thread in each process
that writes runs PASSIVE checkpoints on a connection of its own every few seconds. A
PASSIVE checkpoint never takes the write lock: posts go on while it copies and syncs
(sqlite3 releases the GIL while it works).

The WAL stays bounded: each checkpoint lets the next writer start the WAL over from its
beginning, and `journal_size_limit` truncates the file back to the limit when that
happens. The checkpointer keeps the figures of its runs (WalStatus) and logs a warning
whenever the WAL file is over the limit and a checkpoint could not copy all of it (it cannot
while a reader holds an old snapshot).

Its connection stays open for the life of the process, so no request's connection is
ever the last to close (SQLite checkpoints on the last close too).
"""

from __future__ import annotations

import logging
import os
import sqlite3
import threading
import time
from dataclasses import dataclass

from sqlalchemy.engine import make_url

LOG = logging.getLogger(__name__)


@dataclass(frozen=True)
class WalStatus:
    """The WAL as the last checkpoint left it, and this process's checkpoint figures."""

    wal_bytes: int  # the -wal file's size now
    wal_frames: int  # frames in the WAL at the last checkpoint
    checkpointed_frames: int  # of those, copied into the database file
    checkpoints: int  # run by this process
    last_ms: float
    worst_ms: float
    over_limit: bool  # the -wal file is bigger than the limit and the checkpoint could not copy all of it


class Checkpointer:
    """PASSIVE checkpoints of one SQLite file every `interval` seconds, on a thread of its own.

    `ensure_running()` is cheap and starts the thread in the calling process once (a
    forked gunicorn worker starts its own: threads do not survive fork). `checkpoint()`
    runs one at once, on the caller's thread.
    """

    def __init__(self, path: str, *, interval: float, wal_limit_bytes: int, synchronous: str = "FULL"):
        self.path, self.interval, self.wal_limit_bytes = path, interval, wal_limit_bytes
        self.synchronous = synchronous.upper()
        self._lock, self._start_lock = threading.Lock(), threading.Lock()  # the connection; the thread's start
        self._pid: int | None = None
        self._connection: sqlite3.Connection | None = None
        self._inherited: list[sqlite3.Connection] = []  # a forked child's copies: never used nor closed
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._status = WalStatus(0, 0, 0, 0, 0.0, 0.0, False)

    def ensure_running(self) -> None:
        if self._pid == os.getpid():
            return
        with self._start_lock:
            if self._pid == os.getpid():
                return
            self._pid, self._stop = os.getpid(), threading.Event()
            self._thread = threading.Thread(target=self._loop, args=(self._stop,), name="roadsvc-wal-checkpoint",
                                            daemon=True)
            self._thread.start()

    def forget_after_fork(self) -> None:
        """In a forked child: no thread runs here yet, and the parent's connection is kept
        referenced but never used (closing it would drop this process's locks on the file)."""
        self._lock, self._start_lock = threading.Lock(), threading.Lock()
        if self._connection is not None:
            self._inherited.append(self._connection)
        self._connection, self._pid, self._thread, self._stop = None, None, None, threading.Event()
        self._status = WalStatus(0, 0, 0, 0, 0.0, 0.0, False)

    def _loop(self, stop: threading.Event) -> None:
        while not stop.wait(self.interval):
            if not os.path.exists(self.path):
                return  # the database is gone (a test's scratch folder): nothing left to checkpoint
            try:
                self.checkpoint()
            except sqlite3.Error:
                LOG.exception("WAL checkpoint of %s failed; the next one is in %g s", self.path, self.interval)

    def checkpoint(self) -> WalStatus:
        """One PASSIVE checkpoint now; the status it leaves."""
        with self._lock:
            connection = self._open()
            start = time.perf_counter()
            _busy, frames, copied = connection.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
            elapsed = (time.perf_counter() - start) * 1000
            self._status = self._next_status(frames, copied, elapsed)
        if self._status.over_limit:
            LOG.warning("the WAL of %s is %d bytes, over its %d byte limit (%d of %d frames checkpointed): "
                        "a reader may be holding an old snapshot", self.path, self._status.wal_bytes,
                        self.wal_limit_bytes, copied, frames)
        return self._status

    def _next_status(self, frames: int, copied: int, elapsed_ms: float) -> WalStatus:
        wal_bytes = self.wal_bytes()
        return WalStatus(wal_bytes, max(frames, 0), max(copied, 0), self._status.checkpoints + 1, elapsed_ms,
                         max(self._status.worst_ms, elapsed_ms), wal_bytes > self.wal_limit_bytes and copied < frames)

    def wal_bytes(self) -> int:
        try:
            return os.stat(self.path + "-wal").st_size
        except FileNotFoundError:
            return 0

    def status(self) -> WalStatus:
        return self._status

    def _open(self) -> sqlite3.Connection:
        if self._connection is None:
            connection = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            connection.execute("PRAGMA busy_timeout=0")
            connection.execute(f"PRAGMA synchronous={self.synchronous}")
            connection.execute("PRAGMA wal_autocheckpoint=0")
            connection.execute(f"PRAGMA journal_size_limit={int(self.wal_limit_bytes)}")
            self._connection = connection
        return self._connection

    @property
    def running(self) -> bool:
        """Whether this process's checkpoint thread is alive."""
        thread = self._thread
        return thread is not None and self._pid == os.getpid() and thread.is_alive()

    def stop_soon(self) -> None:
        """Let the thread end at once, from any thread (the Database was garbage-collected)."""
        self._stop.set()

    def stop(self) -> None:
        """Stop the thread (if this process runs one) and close the connection."""
        self._stop.set()
        thread = self._thread
        if thread is not None and self._pid == os.getpid() and thread is not threading.current_thread():
            thread.join(timeout=10)
        with self._lock:
            if self._connection is not None:
                self._connection.close()
            self._connection, self._pid, self._thread = None, None, None


def sqlite_checkpointer(url: str, interval: float, wal_limit_bytes: int, synchronous: str) -> Checkpointer | None:
    """The WAL's checkpointer for an SQLite file (None for PostgreSQL, in-memory databases, or
    `interval` 0: SQLite's own automatic checkpoints, inside the commits)."""
    parsed = make_url(url)
    database = parsed.database
    if parsed.get_backend_name() != "sqlite" or interval <= 0 or not database or database == ":memory:" \
            or database.startswith("file:"):
        return None
    return Checkpointer(database, interval=interval, wal_limit_bytes=wal_limit_bytes, synchronous=synchronous)
