"""One client's stream: where it starts (live, resumed, or `resync`), then the hub's
frames it may see, with a keep-alive comment whenever it has been quiet for `keepalive` seconds:
woken with nothing to show (by the hub's keep-alive tick, or by events it does not show) after a
third of the interval without a byte, it sends one, so a quiet stream sends one every third to
whole interval (roadsvc.stream.hub).

The first bytes (`retry:` and a comment) go out at once, so clients and proxies know the
stream is open before the first event.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Callable, Iterable, Iterator

from roadsvc.services import events as event_log
from roadsvc.services.events import ALL
from roadsvc.stream.alarms import new_alarm
from roadsvc.stream.grants import OPEN, Grant
from roadsvc.stream.hub import TICKS_PER_INTERVAL, EventHub, Frame

KEEPALIVE = b": keep-alive\n\n"


@dataclass(frozen=True, slots=True)
class StreamView:
    """What a client may see: some tables (None: all) and some audiences."""

    tables: frozenset[int] | None
    audiences: frozenset[str] = frozenset({ALL})

    @property
    def one_table(self) -> int | None:
        """The table of a one-table stream (it waits for that table's events only)."""
        return next(iter(self.tables)) if self.tables is not None and len(self.tables) == 1 else None

    def shows(self, frame: Frame) -> bool:
        return frame.audience in self.audiences and (self.tables is None or frame.table_id in self.tables)


@dataclass(frozen=True, slots=True)
class Start:
    """Where a stream starts: the frames to send first, then live frames after `cursor`."""

    cursor: int
    first: Iterable[Frame] | bytes = ()


def starting_point(hub: EventHub, last_event_id: int | None) -> Start:
    """Live from now; or every event after `last_event_id`; or `resync` when the log cannot
    continue from it: `why: "pruned"` (past retention: events were missed) or `why: "unknown_id"`
    (an id this log never had, past its newest: a database restored or another deployment's id;
    nothing is said to be lost). Not a 400: a browser's EventSource gives up for good on an
    error answer, and every display would stay dark after a restore (docs/events.md)."""
    hub.start()
    if last_event_id is None:
        return Start(hub.newest)
    oldest, newest = event_log.event_id_range(hub.db)
    cursor = max(hub.newest, newest)
    if last_event_id > cursor:
        return Start(cursor, resync_frame(cursor, last_event_id, UNKNOWN_ID))
    if last_event_id < oldest - 1:
        return Start(cursor, resync_frame(cursor, last_event_id, PRUNED))
    floor = hub.floor
    if last_event_id < floor:
        return Start(floor, hub.replay(last_event_id, floor))
    return Start(last_event_id)


PRUNED, UNKNOWN_ID = "pruned", "unknown_id"
RESYNC_REASONS = {
    PRUNED: "events after your Last-Event-ID are no longer retained; fetch the snapshots",
    UNKNOWN_ID: "this event log never had your Last-Event-ID (it is past the newest id): continue from the newest "
                "id and fetch the snapshots",
}


def resync_frame(newest: int, last_event_id: int, why: str) -> bytes:
    data = json.dumps({"why": why, "reason": RESYNC_REASONS[why], "last_event_id": last_event_id, "newest_id": newest})
    return f"id: {newest}\nevent: resync\ndata: {data}\n\n".encode()


class EventStream:
    """One client's stream: its opening bytes, then what it may see of the hub's frames after its
    cursor, with keep-alives. Served one of two ways: iterated by a WSGI server (its greenlet or
    thread waits on an alarm between wake-ups), or detached from the request by roadsvc's gevent
    worker (roadsvc.stream.detached: no greenlet; the hub writes to the stream's socket)."""

    __slots__ = ("hub", "start", "view", "keepalive", "retry_ms", "clock", "grant")

    def __init__(self, hub: EventHub, start: Start, view: StreamView, *, keepalive: float, retry_ms: int,
                 clock: Callable[[], float] = time.monotonic, grant: Grant = OPEN):
        self.hub, self.start, self.view = hub, start, view
        self.keepalive, self.retry_ms, self.clock, self.grant = keepalive, retry_ms, clock, grant

    def opening(self) -> Iterator[bytes]:
        """The first bytes: the position the stream starts from (`id:`, when it starts there exactly: a client that
        drops before its first event resumes from it and misses nothing), `retry:` and a comment; then the frames
        of a resumed stream (or `resync`)."""
        position = f"id: {self.start.cursor}\n" if self.start.first == () else ""
        yield f"{position}retry: {self.retry_ms}\n: roadsvc events\n\n".encode()
        if isinstance(self.start.first, bytes):
            yield self.start.first
        else:
            yield from (frame.payload for frame in self.start.first if self.view.shows(frame))  # lazily: a long replay

    def __iter__(self) -> Iterator[bytes]:
        yield from self.opening()
        hub, view, cursor, table = self.hub, self.view, self.start.cursor, self.view.one_table
        sent, alarm = self.clock(), new_alarm()
        while not over(hub, self.grant, self.clock()):
            chunk, cursor = read(hub, view, cursor, table)
            chunk = with_keepalive(chunk, self.clock() - sent, self.keepalive)
            if chunk:
                yield chunk
                sent = self.clock()
            hub.wait(alarm, cursor, table)


def over(hub: EventHub, grant: Grant, now: float) -> bool:
    """Whether the stream must end: its key revoked or page session ended (the hub read the event), or its
    key's expiry or session's end passed (roadsvc.stream.grants). Checked at every wake-up."""
    return now >= grant.deadline or (grant is not OPEN and hub.ended(grant))


def with_keepalive(chunk: bytes, quiet: float, keepalive: float) -> bytes:
    """What a woken stream sends: its chunk; else a keep-alive once it has been `quiet` for a third of
    the interval (the tick wakes a quiet table's streams three times an interval); else nothing."""
    if chunk or quiet < keepalive / TICKS_PER_INTERVAL:
        return chunk
    return KEEPALIVE


def read(hub: EventHub, view: StreamView, cursor: int, table: int | None) -> tuple[bytes, int]:
    """(what the stream shows of the frames after `cursor`, the next cursor), reading the log for a
    stream that fell behind the buffer. Kept apart so that a waiting stream holds only bytes and
    ints: the lists of a wake-up die young, rather than outliving the wait into the older
    generations the collector walks."""
    found = hub.after(cursor, table)
    if found is None:  # fell behind the buffer: read the gap from the log
        floor = hub.floor
        frames, cursor = list(hub.replay(cursor, floor)), floor
    else:
        frames, cursor = found
    return shown(view, frames), cursor


def shown(view: StreamView, frames: Iterable[Frame]) -> bytes:
    """The bytes of the frames `view` may see."""
    return b"".join(frame.payload for frame in frames if view.shows(frame))
