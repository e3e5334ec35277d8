"""One hub per worker process: the only reader of the event log in that process.

A background thread (a greenlet under gunicorn's gevent workers) waits for a wake-up,
reads the events after the newest it has (one query, whatever the number of streams),
turns each into its SSE bytes once, keeps them in a bounded buffer and wakes every
stream waiting in `wait`. Streams read the buffer (`after`); only a stream that resumes
from an id older than the buffer, or falls behind it, reads the log itself (`replay`).

Wake-ups come from the commit itself (`Database.event_listener`): PostgreSQL's LISTEN/NOTIFY
(every commit anywhere, on any machine), or on an SQLite file a datagram from every commit on
the machine (persistence/wakeups.py). The reader checks the log every `fallback_check` seconds
in case a wake-up was lost; between events it sleeps, whatever the number of streams. Only an
in-memory SQLite database (no file to name the wake-ups by) is polled every `poll_interval`.

A waiting stream arms no timer of its own: a second thread, the keep-alive tick, goes round the
tables in STEPS steps, TICKS_PER_INTERVAL rounds a keep-alive interval, and wakes the streams of
the tables of its step that no event woke since the tick last came by (a quiet table's); a woken
stream quiet for a third of the interval sends a keep-alive (roadsvc.stream.sse), so no stream is
quiet for longer than the interval. Thousands of streams each re-arming a timeout at every wait
made objects the garbage collector walked again and again (docs/performance.md); and a busy
floor's tables, woken by their own events, cost the tick nothing.
"""

from __future__ import annotations

import bisect
import logging
import os
import threading
import time
from typing import Any, Callable, Iterator, Mapping

from roadsvc.persistence.engine import Database
from roadsvc.services import events as event_log
from roadsvc.services.keys import lifecycle as keys
from roadsvc.stream.alarms import Alarm, Ringable
from roadsvc.stream.frames import Frame, frame_of
from roadsvc.stream.grants import KEY, Grant
from roadsvc.stream.ringing import RING_BATCH, STEPS, TICKS_PER_INTERVAL, ring, step_of

log = logging.getLogger(__name__)
PAGE = 1000


class EventHub:
    def __init__(self, db: Database, *, poll_interval: float = 0.05, fallback_check: float = 5.0,
                 buffer_size: int = 10_000, keepalive: float = 15.0, listener: Callable[[], Any] | None = None,
                 key_cache_ttl: float = 5.0):
        self.db = db
        # The grants ended (a revoked key's, an ended page session's): their streams end, and none opens
        # again in this process. Keys revoked up to a key cache's TTL before the hub started are among them.
        self._ended: set[tuple[str, int]] = set()
        self.key_cache_ttl = key_cache_ttl
        self.poll_interval, self.fallback_check, self.buffer_size = poll_interval, fallback_check, buffer_size
        self.keepalive = keepalive
        self._make_listener = listener or db.event_listener
        self._lock = threading.Lock()
        # The waiting streams: those of every table (key None) and each table's (a display's), each
        # as what rings it (a greenlet's or thread's alarm, roadsvc.stream.alarms; or a detached
        # stream itself, roadsvc.stream.detached); a publish or the tick rings them and drops them,
        # and a stream's next wait parks it again.
        self._waiting: dict[int | None, list[Ringable]] = {}
        self._step = 0  # the step the next tick takes
        self._rung: set[int | None] = set()  # keys woken by an event since the tick last came by
        self._ids: list[int] = []
        self._frames: list[Frame] = []
        self._by_table: dict[int, tuple[list[int], list[Frame]]] = {}  # the same frames, each table's
        self._scratch: dict[Any, Any] = {}  # what streams derive from the buffer, until the next event
        self.newest = self.floor = 0  # every event with floor < id <= newest is in the buffer
        self._pid: int | None = None
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []

    @classmethod
    def from_settings(cls, db: Database, settings: Mapping[str, Any]) -> "EventHub":
        return cls(db, poll_interval=settings["EVENTS_POLL_INTERVAL"], fallback_check=settings["EVENTS_FALLBACK_CHECK"],
                   buffer_size=settings["EVENTS_BUFFER"], keepalive=settings["EVENTS_KEEPALIVE"],
                   key_cache_ttl=settings["KEY_CACHE_TTL"])

    def start(self) -> None:
        """Start this process's reader and keep-alive tick once (again in a forked child, which has
        no thread)."""
        if self._pid == os.getpid():
            return
        with self._lock:
            if self._pid == os.getpid():
                return
            self._ids, self._frames, self._by_table = [], [], {}
            self.newest = self.floor = event_log.newest_event_id(self.db)
            lookback = self.key_cache_ttl + 60  # a minute's slack for the clocks
            self._ended |= {(KEY, key_id) for key_id in keys.revoked_within(self.db, lookback)}
            self._stop = threading.Event()
            self._threads = [threading.Thread(target=self._run, name="roadsvc-event-hub", daemon=True),
                             threading.Thread(target=self._tick_forever, name="roadsvc-keepalive-tick", daemon=True)]
            for thread in self._threads:
                thread.start()
            self._pid = os.getpid()

    def stop(self, timeout: float = 10.0) -> None:
        """Stop the reader and the tick and wait for them (before the database is disposed); close
        the waiting streams that the hub alone holds (roadsvc.stream.detached)."""
        self._stop.set()
        with self._lock:
            waiting, self._waiting = self._waiting, {}
        for streams in waiting.values():
            for stream in streams:
                stream.close()
        if self._threads and self._pid == os.getpid():
            try:
                self.db.wake_event_readers()  # out of its wait at once
            except Exception:  # noqa: BLE001 - the database is gone: the wait ends at its timeout
                log.warning("event hub: could not wake the reader to stop it", exc_info=True)
            for thread in self._threads:
                thread.join(timeout)

    # The reader thread

    def _run(self) -> None:
        listener = None
        try:
            while not self._stop.is_set():
                try:
                    if listener is None:  # listening before reading: no commit falls between the two
                        listener = self._make_listener()
                        if listener is not None:
                            listener.open()
                    self.fetch()
                    self._wait_for_news(listener)
                except Exception:  # noqa: BLE001 - the database went away: say so, wait, start again
                    log.exception("event hub: reading the event log failed; retrying in 1 s")
                    if listener is not None:
                        listener.close()
                    listener = None
                    self._stop.wait(1.0)
        finally:
            if listener is not None:
                listener.close()

    def _wait_for_news(self, listener) -> None:
        if listener is not None:
            listener.wait(self.fallback_check)
            return
        while not self._stop.is_set() and event_log.newest_event_id(self.db) <= self.newest:
            time.sleep(self.poll_interval)

    def fetch(self) -> int:
        """Read the events after the newest held, buffer them and wake the streams."""
        count = 0
        while True:
            records = event_log.events_after(self.db, self.newest, PAGE)
            if records:
                self._publish([frame_of(record) for record in records])
                count += len(records)
            if len(records) < PAGE:
                return count

    def _publish(self, frames: list[Frame]) -> None:
        with self._lock:
            self._ids.extend(frame.id for frame in frames)
            self._frames.extend(frames)
            for frame in frames:
                if frame.table_id is not None:
                    ids, table_frames = self._by_table.setdefault(frame.table_id, ([], []))
                    ids.append(frame.id)
                    table_frames.append(frame)
            ended = {name for frame in frames for name in frame.ends}
            self._ended |= ended  # before the newest moves: a stream that reads it next sees its end
            self.newest = frames[-1].id
            self._scratch = {}
            if len(self._frames) > 2 * self.buffer_size:
                self._trim(len(self._frames) - self.buffer_size)
            tables = set(self._waiting) if ended else {None, *(frame.table_id for frame in frames)}
            rung = [self._waiting.pop(table, ()) for table in tables]  # a grant ended: every stream looks
            self._rung |= tables
        ring(rung)

    def ended(self, grant: Grant) -> bool:
        """Whether the stream's key was revoked or its page session ended (as far as this hub has read)."""
        return any(name in self._ended for name in grant.names())

    # The keep-alive tick

    def _tick_forever(self) -> None:
        interval = self.keepalive / TICKS_PER_INTERVAL / STEPS
        while not self._stop.wait(interval):
            self.tick()

    def tick(self) -> None:
        """One step of the keep-alive tick: wake the streams waiting on the tables of this step
        that no event woke since the tick last came by."""
        with self._lock:
            step = self._step
            due = [key for key in self._waiting if step_of(key) == step and key not in self._rung]
            rung = [self._waiting.pop(key) for key in due]
            self._rung = {key for key in self._rung if step_of(key) != step}
            self._step = (step + 1) % STEPS
        ring(rung)

    def _trim(self, cut: int) -> None:
        self.floor = self._ids[cut - 1]
        del self._ids[:cut], self._frames[:cut]
        for table_id, (ids, frames) in list(self._by_table.items()):
            kept = bisect.bisect_right(ids, self.floor)
            del ids[:kept], frames[:kept]
            if not ids:
                del self._by_table[table_id]

    # What streams call

    def after(self, cursor: int, table_id: int | None = None) -> tuple[list[Frame], int] | None:
        """The buffered frames after `cursor` (of `table_id` only, when given: a display reads its
        table's frames, not every table's) and the cursor to read after next (the newest id);
        None if the buffer no longer reaches back to `cursor`."""
        with self._lock:
            if cursor < self.floor:
                return None
            ids, frames = (self._ids, self._frames) if table_id is None else self._by_table.get(table_id, ((), ()))
            return frames[bisect.bisect_right(ids, cursor):], self.newest

    def scratch(self) -> dict[Any, Any]:
        """A dict for what streams derive from the buffer as it is now, shared until the next event:
        the displays of a table, rung together, read and filter its new frames once
        (roadsvc.stream.detached)."""
        return self._scratch

    def wait(self, alarm: Alarm, cursor: int, table_id: int | None = None) -> None:
        """Wait on the stream's `alarm` for an event after `cursor` (of `table_id` only, when given:
        a display is not woken by the other tables) or for the keep-alive tick of the stream's
        table, with no timer."""
        if self.park(alarm, cursor, table_id):
            alarm.wait()

    def park(self, waiter: Ringable, cursor: int, table_id: int | None = None) -> bool:
        """Keep `waiter` until an event after `cursor` (of `table_id`, when given) or the tick rings
        it; False, keeping nothing, when the buffer already holds a newer event (read again). A stopped
        hub keeps nothing and closes the waiter: a stream rung while `stop` closed the waiting ones
        parks after them, and would hold its connection for good."""
        with self._lock:
            if self.newest > cursor:
                return False
            stopped = self._stop.is_set()
            if not stopped:
                self._waiting.setdefault(table_id, []).append(waiter)
        if stopped:
            waiter.close()
        return True

    def waiting(self) -> set[int | None]:
        """The tables whose streams are waiting now (None: streams of every table)."""
        with self._lock:
            return set(self._waiting)

    def replay(self, after: int, up_to: int) -> Iterator[Frame]:
        """Events after..up_to read from the log (a resume older than the buffer)."""
        while after < up_to:
            records = event_log.events_after(self.db, after, PAGE, up_to=up_to)
            if not records:
                return
            yield from (frame_of(record) for record in records)
            after = records[-1].id


# What the streams and the engine's publisher import from the hub: the frames (roadsvc.stream.frames) and the
# tick's figures (roadsvc.stream.ringing) are the hub's own, kept in modules of their own.
__all__ = ["EventHub", "Frame", "frame_of", "PAGE", "RING_BATCH", "STEPS", "TICKS_PER_INTERVAL"]
