"""A table at a glance: its status and its dealing pace."""

from __future__ import annotations

from datetime import datetime
from typing import Sequence

DEALING, STALE, ENDING, IDLE = "dealing", "stale", "ending", "idle"
STATUSES = (DEALING, STALE, ENDING, IDLE)
PACE_HANDS = 20


def table_status(is_open: bool, cut_card_out: bool, last_activity: datetime | None, now: datetime,
                 stale_after_seconds: float) -> str:
    """idle: no open shoe; ending: the cut card is out; stale: no hand (or since the shoe
    opened, none at all) for longer than `stale_after_seconds`; dealing otherwise."""
    if not is_open:
        return IDLE
    if cut_card_out:
        return ENDING
    if last_activity is not None and (now - last_activity).total_seconds() > stale_after_seconds:
        return STALE
    return DEALING


def pace_per_hour(times: Sequence[datetime], hands: int = PACE_HANDS) -> float | None:
    """Hands per hour over the last `hands` hands: `hands` intervals between the last
    `hands` + 1 posting times (fewer at a shoe's start), None before two hands."""
    recent = sorted(times)[-(hands + 1):]
    if len(recent) < 2:
        return None
    span = (recent[-1] - recent[0]).total_seconds()
    return round((len(recent) - 1) * 3600 / span, 1) if span > 0 else None
