"""The pages' one EventSource wakes on every event type the stream sends (docs/events.md): a type missing from
static/live.js's list reaches the page and is ignored, and the page waits for its next safety poll (as 打棒's
`dabang` and every 百人牛牛 event did)."""

from __future__ import annotations

import re
from pathlib import Path

from roadsvc.web.dabang_pages import DABANG_EVENTS

ROOT = Path(__file__).resolve().parents[2]


def documented_types() -> set[str]:
    """The first column of every `| event |` table in docs/events.md, and 打棒's one type."""
    types, in_events = set(), False
    for line in (ROOT / "docs" / "events.md").read_text(encoding="utf-8").splitlines():
        if line.startswith("| event |"):
            in_events = True
        elif not line.startswith("|"):
            in_events = False
        elif in_events and not line.startswith("|---"):
            types |= set(re.findall(r"`([a-z_]+)`", line.split("|")[1]))
    return types | {"dabang"}


def page_wake_types() -> set[str]:
    script = (ROOT / "roadsvc" / "web" / "static" / "live.js").read_text(encoding="utf-8")
    listed = script[script.index("export const EVENT_TYPES = ["):]
    return set(re.findall(r"'([a-z_]+)'", listed[:listed.index("];")]))


def test_the_pages_wake_on_every_event_type_the_stream_sends():
    documented = documented_types()
    assert {"hand", "alert", "round", "seats", "dabang", "resync"} <= documented
    assert page_wake_types() == documented


def test_a_bracket_wakes_on_the_dabang_events_and_a_resync():
    assert set(DABANG_EVENTS) == {"dabang", "resync"} and set(DABANG_EVENTS) <= page_wake_types()
