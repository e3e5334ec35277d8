"""One event as a stream sends it (roadsvc.stream.hub): its whole SSE block, written once per event whatever the
number of streams, with the table it is of, its audience and the grants it ends."""

from __future__ import annotations

import json
from dataclasses import dataclass

from roadsvc.services.events import EventRecord
from roadsvc.stream.grants import ends_of


@dataclass(frozen=True, slots=True)
class Frame:
    """One event as the stream sends it (`payload` is its whole SSE block)."""

    id: int
    table_id: int | None
    audience: str
    payload: bytes
    ends: tuple[tuple[str, int], ...] = ()  # the streams' grants it ends (roadsvc.stream.grants)


def frame_of(record: EventRecord) -> Frame:
    data = {"table_id": record.table_id, "shoe_id": record.shoe_id, "revision": record.revision, **record.data}
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    return Frame(record.id, record.table_id, record.audience,
                 f"id: {record.id}\nevent: {record.type}\ndata: {text}\n\n".encode(), ends_of(record.type, record.data))
