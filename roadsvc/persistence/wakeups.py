"""SQLite's wake-ups of the event hubs: a datagram from each commit that appended events.

An SQLite file is one machine's, so every process that reads its event log (each
worker's hub) is on the machine that writes it. Each reader binds a Unix datagram socket
named by its pid in a folder named after the database file; a write transaction that
appended events sends one empty datagram to every socket there once it has committed
(`wake_readers`, from the write sessions' `after_commit`). The reader's `wait` returns at
once: no polling interval holds an event back, and an idle hub sleeps in `recv`.

Why sockets: they need no service beside SQLite (Redis is optional), they reach every
process that writes (workers, `roadsvc jobs`, the CLI) without a common parent (a pipe
needs one), a full receive queue means a wake-up is already pending (nothing to block on),
and a socket left by a killed process is found (connection refused) and removed. The hub
still checks the log every `EVENTS_FALLBACK_CHECK` seconds in case a wake-up was lost.
PostgreSQL uses LISTEN/NOTIFY instead (notify.py), which also crosses machines.
"""

from __future__ import annotations

import hashlib
import itertools
import os
import socket
import tempfile
from pathlib import Path

WAKE = b"!"
_numbers = itertools.count(1)


def wake_folder(database_path: str) -> Path:
    """The folder of the readers' sockets for this database file (short: a socket path has
    at most 107 bytes). The first reader creates it (0700); the last one to close removes it."""
    digest = hashlib.sha1(os.path.realpath(database_path).encode()).hexdigest()[:16]
    return Path(tempfile.gettempdir()) / f"roadsvc-wake-{digest}"


def wake_readers(folder: Path) -> int:
    """Send a wake-up to every reader of the folder; returns how many were sent. Sockets
    whose process is gone are removed; a reader whose queue is full is already due to wake."""
    try:
        names = os.listdir(folder)
    except OSError:  # the folder was removed (a temp-dir cleaner): no reader is listening there
        return 0
    sent = 0
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sender:
        sender.setblocking(False)
        for name in names:
            path = folder / name
            try:
                sender.sendto(WAKE, str(path))
                sent += 1
            except BlockingIOError:
                sent += 1
            except (ConnectionRefusedError, FileNotFoundError):
                path.unlink(missing_ok=True)
            except OSError:
                continue  # not a socket of ours: leave it
    return sent


class WakeListener:
    """This process's socket in the folder: `wait` as NotifyListener's (opened on first wait)."""

    def __init__(self, folder: Path):
        self.folder = folder
        self._sock: socket.socket | None = None
        self.path: Path | None = None
        self._pid = 0

    def wait(self, timeout: float) -> bool:
        """Block until a wake-up arrives (True) or `timeout` seconds pass (False); the
        wake-ups queued together count as one."""
        sock = self._socket()
        sock.settimeout(timeout)
        try:
            sock.recv(16)
        except (TimeoutError, BlockingIOError):  # a timeout of 0 makes the socket non-blocking
            return False
        sock.setblocking(False)
        try:
            while True:
                sock.recv(16)
        except BlockingIOError:
            return True

    def open(self) -> None:
        """Bind now: every commit after this returns wakes this listener."""
        self._socket()

    def _socket(self) -> socket.socket:
        if self._sock is None or self._pid != os.getpid():
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
            path = self.folder / f"{os.getpid()}.{next(_numbers)}"  # a process may hold several hubs
            path.unlink(missing_ok=True)  # a dead process's, whose pid came round again
            for attempt in (1, 2):  # the folder may vanish between the two (the last reader closing)
                self.folder.mkdir(mode=0o700, exist_ok=True)
                try:
                    sock.bind(str(path))
                    break
                except FileNotFoundError:
                    if attempt == 2:
                        sock.close()
                        raise
            self._sock, self.path, self._pid = sock, path, os.getpid()
        return self._sock

    def close(self) -> None:
        if self._sock is not None and self._pid == os.getpid():
            self._sock.close()
            self.path.unlink(missing_ok=True)
            try:
                self.folder.rmdir()  # the last reader of the file: no folder left behind
            except OSError:
                pass  # others still listen
        self._sock = None
