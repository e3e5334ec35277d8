"""The shift reports' job (issues 24, 43), every SHIFT_REPORT_INTERVAL seconds (60 by default; 0 turns it off):

* stores the final report of the shift that ended last, once (`write_due`: the document, its PDF in every
  language, the record chain's head), the first pass after the shift's end;
* once an hour (`RECHECK_EVERY`), computes again every report stored in the last `RECHECK_DAYS` days and raises
  `report_mismatch` at each table whose figures differ from the stored ones (a record of that shift changed
  after it closed). Older reports are not computed again by the job: the records they count may have been
  archived; `recheck` checks any one on demand.

`clock` gives "now" (tests set it); a failing pass is logged and tried again (roadsvc.jobs.Guarded)."""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import Any, Callable

from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import utcnow
from roadsvc.services.pit import shift_reports
from roadsvc.services.pit.shifts import FloorClock

log = logging.getLogger(__name__)

RECHECK_EVERY = timedelta(hours=1)
RECHECK_DAYS = 7


class ShiftReportsJob:
    def __init__(self, db: Database, floor_clock: FloorClock, clock: Callable[[], datetime] = utcnow,
                 font_path: str | None = None):
        self.db, self.floor_clock, self.clock, self.font_path = db, floor_clock, clock, font_path
        self.rechecked_at: datetime | None = None

    def run(self) -> dict[str, Any]:
        """{"written": the key stored or None, "mismatches": {report key: tables raised}}."""
        now = self.clock()
        written = shift_reports.write_due(self.db, self.floor_clock, now, self.font_path)
        if written:
            log.info("shift report %s stored", written)
        mismatches = {}
        if self.rechecked_at is None or now - self.rechecked_at >= RECHECK_EVERY:
            mismatches = shift_reports.recheck_since(self.db, self.floor_clock, now - timedelta(days=RECHECK_DAYS), now)
            self.rechecked_at = now
        for key, tables in mismatches.items():
            log.warning("shift report %s differs from the records now at tables %s", key, tables)
        return {"written": written, "mismatches": mismatches}
