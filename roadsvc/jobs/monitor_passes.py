"""A game's clock pass of the floor monitor, as the jobs process runs it (each game names its pass).

One pass per call: the game's `check(db, now)` (stale tables, shoes or matches raised, seen again or
resolved). It never raises, so the scheduler and the process live through a database outage: a
failing pass logs (ERROR the first time, WARNING while it keeps failing) and returns None, and the
next pass tries again. `clock` gives "now" (tests set it).
"""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Any, Callable

from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import utcnow

log = logging.getLogger(__name__)


class MonitorPassJob:
    """Subclasses name the pass (`name`, the logs' word), its check (`check`, a service function) and what
    the check counts (`counted`: the pass's field, `noun`: its word in the summary)."""

    name: str
    check: Callable[[Database, datetime], Any]
    counted: str
    noun: str

    def __init__(self, db: Database, clock: Callable[[], datetime] = utcnow):
        self.db, self.clock = db, clock
        self.failing = False

    def run(self) -> Any:
        try:
            done = self.check(self.db, self.clock())
        except Exception as error:  # noqa: BLE001 - any failure: log it, try again next pass
            log.log(logging.WARNING if self.failing else logging.ERROR,
                    "%s pass failed (%s: %s); trying again next pass", self.name, type(error).__name__,
                    str(error).splitlines()[0] if str(error) else "")
            self.failing = True
            return None
        if self.failing:
            log.info("%s pass works again", self.name)
            self.failing = False
        if done.raised_or_seen or done.resolved:
            log.info(self.summary(done))
        return done

    def summary(self, done: Any) -> str:
        """What a pass did, in a line (the log's, and `roadsvc jobs --once`'s)."""
        return (f"{self.name}: {getattr(done, self.counted)} {self.noun}, {done.raised_or_seen} alerts raised or "
                f"seen, {done.resolved} resolved")
