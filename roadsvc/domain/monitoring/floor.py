"""A table at a glance: its status and its dealing pace."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Sequence

DEALING, STALE, ENDING, IDLE = "dealing", "stale", "ending", "idle"
STATUSES = (DEALING, STALE, ENDING, IDLE)
PACE_WINDOW_SECONDS = 15 * 60
MIN_SPAN_SECONDS = 60.0
SINCE, LEFT = "since", "left"


@dataclass(frozen=True, slots=True)
class Clock:
    """A tile's figure that moves with the clock alone, by its anchor: `since`, the seconds since
    `anchor` (a tenth, never below 0); `left`, the whole seconds left until `anchor` (never below 0)."""

    anchor: datetime
    kind: str = SINCE

    def at(self, now: datetime) -> float | int:
        if self.kind == LEFT:
            return max(0, int((self.anchor - now).total_seconds()))
        return seconds_since(self.anchor, now)


def seconds_since(moment: datetime, now: datetime) -> float:
    """The seconds from `moment` to `now`, to a tenth, never below 0."""
    return round(max(0.0, (now - moment).total_seconds()), 1)


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
