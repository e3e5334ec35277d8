"""One client's stream: where it starts (live, resumed, or `resync`), then the hub's
frames it may see, with a keep-alive comment whenever `keepalive` seconds pass quietly.

The first bytes (`retry:` and a comment) go out at once, so clients and proxies know the
stream is open before the first event.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Iterable, Iterator

from roadsvc.services import events as event_log
from roadsvc.services.events import ALL
from roadsvc.stream.hub import EventHub, Frame

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
    """Live from now; or every event after `last_event_id`; or `resync` when the log no
    longer holds the events after it (pruned past retention, or an id this log never had)."""
    hub.start()
    if last_event_id is None:
        return Start(hub.newest)
    oldest, newest = event_log.event_id_range(hub.db)
    cursor = max(hub.newest, newest)
    if last_event_id > cursor or last_event_id < oldest - 1:
        return Start(cursor, resync_frame(cursor, last_event_id))
    floor = hub.floor
    if last_event_id < floor:
        return Start(floor, hub.replay(last_event_id, floor))
    return Start(last_event_id)


def resync_frame(newest: int, last_event_id: int) -> bytes:
    data = json.dumps({"reason": "events after your Last-Event-ID are no longer retained; fetch the snapshots",
                       "last_event_id": last_event_id, "newest_id": newest})
    return f"id: {newest}\nevent: resync\ndata: {data}\n\n".encode()


def event_stream(hub: EventHub, start: Start, view: StreamView, *, keepalive: float, retry_ms: int) -> Iterator[bytes]:
    yield f"retry: {retry_ms}\n: roadsvc events\n\n".encode()
    if isinstance(start.first, bytes):
        yield start.first
    else:
        yield from (frame.payload for frame in start.first if view.shows(frame))
    cursor, table = start.cursor, view.one_table
    while True:
        found = hub.after(cursor, table)
        if found is None:  # fell behind the buffer: read the gap from the log
            floor = hub.floor
            frames, cursor = list(hub.replay(cursor, floor)), floor
        else:
            frames, cursor = found
        chunk = b"".join(frame.payload for frame in frames if view.shows(frame))
        if chunk:
            yield chunk
        elif not frames and not hub.wait(cursor, keepalive, table):
            yield KEEPALIVE
