"""百人牛牛's clock pass of the floor monitor: stale_table at tables whose newest round stopped moving,
raised, seen again or resolved (services.niuniu.monitor.check_tables). Scheduled with baccarat's pass,
every MONITOR_INTERVAL seconds."""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Callable

from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import utcnow
from roadsvc.services.niuniu import monitor

log = logging.getLogger(__name__)


class RoundTablesMonitorJob:
    """One pass per call; never raises (a failing pass logs and the next one retries). `clock` gives now."""

    def __init__(self, db: Database, clock: Callable[[], datetime] = utcnow):
        self.db, self.clock = db, clock
        self.failing = False

    def run(self) -> monitor.Pass | None:
        try:
            done = monitor.check_tables(self.db, self.clock())
        except Exception as error:  # noqa: BLE001 - any failure: log it, try again next pass
            log.log(logging.WARNING if self.failing else logging.ERROR,
                    "niuniu monitor pass failed (%s); trying again next pass", type(error).__name__)
            self.failing = True
            return None
        if self.failing:
            log.info("niuniu monitor pass works again")
            self.failing = False
        if done.raised_or_seen or done.resolved:
            log.info("niuniu monitor: %d tables, %d alerts raised or seen, %d resolved", done.tables,
                     done.raised_or_seen, done.resolved)
        return done
