"""docs/events.md lists every event any game writes (a new kind without its row fails here)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# An event's kind where a service writes it: append_event/NewEvent/changed/shoe_event(..., "kind"), an
# extra event ("seats", {...}), a 打棒 event's {"kind": "..."}.
WRITES = re.compile(r"""(?:(?:append|defer)_event\(session,|changed\(session, table_id,|NewEvent\(|"kind": |"""
                    r"""_audit_and_announce\(session,|shoe_event\(session,|\(\(|\[\()\s*"([a-z_]+)", [{\w]""")
# services/baccarat/recall.py: [("player", card), ...], the cards in dealing order.
NOT_EVENTS = {"player", "banker"}


def written_kinds() -> set[str]:
    found = set()
    for path in (ROOT / "roadsvc" / "services").rglob("*.py"):  # the writers (services) append every event
        found |= set(WRITES.findall(path.read_text(encoding="utf-8")))
    from roadsvc.services.events import EVENT_TYPES
    return (found - NOT_EVENTS) | set(EVENT_TYPES)


def test_every_event_written_is_in_docs_events_md():
    documented = set(re.findall(r"`([a-z_]+)`", (ROOT / "docs" / "events.md").read_text(encoding="utf-8")))
    kinds = written_kinds()
    assert {"round", "banker_queue", "seats", "slip", "late_slip", "dabang", "hand", "alert"} <= kinds
    assert sorted(kinds - documented) == []
