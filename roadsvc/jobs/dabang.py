"""打棒's clocks: the match clock ends every match whose time limit has passed (between deals, at different
levels), every DABANG_CLOCK_INTERVAL seconds; the floor monitor's pass (services.dabang.monitor.check_matches:
stale_table at a match with no move for its threshold, raised, seen again or resolved) runs beside the other
games' passes, every MONITOR_INTERVAL seconds."""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Callable

from roadsvc.jobs.monitor_passes import MonitorPassJob
from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import utcnow
from roadsvc.services.dabang import monitor
from roadsvc.services.dabang.moves import end_due

log = logging.getLogger(__name__)


class MatchClockJob:
    """One pass per call; never raises (a failing pass logs and the next one retries). `clock` gives now."""

    def __init__(self, db: Database, clock: Callable[[], datetime] = utcnow):
        self.db, self.clock = db, clock

    def run(self) -> list[int] | None:
        try:
            ended = end_due(self.db, self.clock())
        except Exception as error:  # noqa: BLE001 - any failure: log it, try again next pass
            log.error("dabang clock pass failed (%s); trying again next pass", type(error).__name__)
            return None
        for match_id in ended:
            log.info("dabang match %s ended on its time limit", match_id)
        return ended


class MatchesMonitorJob(MonitorPassJob):
    name, check = "dabang monitor", staticmethod(monitor.check_matches)
    counted = noun = "matches"
