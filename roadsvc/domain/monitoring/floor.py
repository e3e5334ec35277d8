"""A table at a glance: its status and its dealing pace."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Sequence

DEALING, STALE, ENDING, IDLE = "dealing", "stale", "ending", "idle"
STATUSES = (DEALING, STALE, ENDING, IDLE)
PACE_WINDOW_SECONDS = 15 * 60
MIN_SPAN_SECONDS = 60.0


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


def pace_per_hour(times: Sequence[datetime], window: float = PACE_WINDOW_SECONDS) -> float | None:
    """Hands per hour over the last `window` seconds (15 minutes) before the newest hand: the
    hands posted after the window's start (or after the shoe's first hand, when it is younger),
    over that time. The time is never taken shorter than a minute, so a burst of posts reads as
    a fast minute, not millions an hour. None before two hands."""
    if len(times) < 2:
        return None
    ordered = sorted(times)
    start = max(ordered[0], ordered[-1] - timedelta(seconds=window))
    hands = sum(1 for moment in ordered if moment > start)
    span = max(MIN_SPAN_SECONDS, (ordered[-1] - start).total_seconds())
    return round(hands * 3600 / span, 1)
