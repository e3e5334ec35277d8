"""A detached stream: a display's stream after roadsvc's gevent worker has answered its request
(roadsvc.stream.worker). No greenlet waits for it and no WSGI response holds it: the hub keeps
it among its waiting streams and, when it rings it, the stream writes what its view may see
straight to its socket.

A stream served as a WSGI response is a greenlet parked inside the server's request: its saved
stack and frames, the request, environ and response objects, about 15.5 kB of a worker's memory
(docs/performance.md). A detached stream is this object and its socket.

Writing never blocks the hub: the socket is non-blocking. A display that does not keep up (its
socket's send buffer full), or that fell behind the hub's buffer, gets a thread of its own (a
greenlet under gevent) that waits for its socket, reads the gap from the log, and parks the
stream again once it has caught up; one that takes nothing for STALLED_AFTER seconds is closed
(it reconnects with its Last-Event-ID and misses nothing). A display that has gone (a reset, a
closed connection) is dropped at its next write: within a keep-alive interval.
"""

from __future__ import annotations

import logging
import socket
import threading
import time
from typing import Callable

from roadsvc.stream.hub import EventHub
from roadsvc.stream.sockets import wait_writable
from roadsvc.stream.grants import OPEN, Grant
from roadsvc.stream.sse import EventStream, StreamView, over, read, shown, with_keepalive

log = logging.getLogger(__name__)
STALLED_AFTER = 60.0  # seconds a display may take nothing before its stream is closed


class DetachedStream:
    __slots__ = ("hub", "view", "table", "cursor", "sock", "sent", "keepalive", "clock", "grant")

    def __init__(self, hub: EventHub, view: StreamView, cursor: int, sock: socket.socket, *, keepalive: float,
                 clock: Callable[[], float] = time.monotonic, grant: Grant = OPEN):
        self.hub, self.view, self.table, self.cursor, self.sock = hub, view, view.one_table, cursor, sock
        self.keepalive, self.clock, self.grant = keepalive, clock, grant
        self.sent = clock()

    @classmethod
    def of(cls, stream: EventStream, sock: socket.socket) -> "DetachedStream":
        """The stream, once its opening bytes are sent, writing to `sock`."""
        return cls(stream.hub, stream.view, stream.start.cursor, sock, keepalive=stream.keepalive, clock=stream.clock,
                   grant=stream.grant)

    def attach(self) -> None:
        """Wait among the hub's streams (or read at once, when the hub already holds newer events; closed at
        once when its grant is over)."""
        if over(self.hub, self.grant, self.clock()) or not self.hub.park(self, self.cursor, self.table):
            self.ring()

    def ring(self) -> None:
        """Woken by the hub (an event of the stream's tables, or the keep-alive tick): write what
        the view may see, or a keep-alive, then wait again; closed once its grant is over (a revoked key's,
        an ended session's: roadsvc.stream.grants)."""
        while True:
            if over(self.hub, self.grant, self.clock()):
                return self.close()
            found = self._shown()
            if found is None:  # fell behind the buffer: the log is read off the hub's loop
                return self._catch_up(b"")
            chunk, self.cursor = found
            now = self.clock()
            chunk = with_keepalive(chunk, now - self.sent, self.keepalive)
            if chunk:
                try:
                    rest = self._send(chunk)
                except OSError:
                    return self.close()
                self.sent = now
                if rest:
                    return self._catch_up(rest)
            if self.hub.park(self, self.cursor, self.table):
                return

    def close(self) -> None:
        self.sock.close()

    def _shown(self) -> tuple[bytes, int] | None:
        """What the view may see after the cursor, and the next cursor (None: behind the buffer);
        read once for every stream of the same view and cursor until the next event (a table's
        displays, woken together)."""
        scratch, key = self.hub.scratch(), (self.cursor, self.view)
        found = scratch.get(key)
        if found is None:
            after = self.hub.after(self.cursor, self.table)
            if after is None:
                return None
            found = scratch[key] = (shown(self.view, after[0]), after[1])
        return found

    def _send(self, data: bytes) -> bytes:
        """Send what the socket takes now; the rest."""
        try:
            return data[self.sock.send(data):]
        except BlockingIOError:
            return data

    def _catch_up(self, rest: bytes) -> None:
        threading.Thread(target=self._write_until_caught_up, args=(rest,), name="roadsvc-stream-catch-up",
                         daemon=True).start()

    def _write_until_caught_up(self, rest: bytes) -> None:
        """Write `rest` as the socket takes it and read on (from the log if need be) until nothing is
        left to send; then wait among the hub's streams again."""
        try:
            while not over(self.hub, self.grant, self.clock()):
                while rest:
                    if not wait_writable(self.sock, STALLED_AFTER):
                        raise TimeoutError(f"the display took nothing for {STALLED_AFTER:.0f} s")
                    rest = self._send(rest)
                    self.sent = self.clock()
                rest, self.cursor = read(self.hub, self.view, self.cursor, self.table)
                if not rest and self.hub.park(self, self.cursor, self.table):
                    return
            self.close()
        except OSError as error:
            log.info("event stream closed: %s", error)
            self.close()
        except Exception:  # noqa: BLE001 - the log could not be read: the display reconnects and resumes
            log.exception("event stream closed: its catching up failed")
            self.close()
