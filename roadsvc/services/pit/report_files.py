"""A stored report's files served only as written (issue 43): a PDF's bytes are checked against the SHA-256
chained when it was written before they leave; altered bytes are refused (409 `report_file_altered`) and raise
the critical `report_file_altered` alert at the report's tables (roadsvc.domain.monitoring.report_rules).
`roadsvc records verify` checks every stored file the same way (roadsvc.services.records.audit)."""

from __future__ import annotations

import hashlib
from datetime import datetime
from typing import Any

from roadsvc.domain.monitoring import evaluate, subjects
from roadsvc.domain.monitoring.report_rules import SCOPE, ReportFileRead
from roadsvc.persistence import shift_reports as repo
from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import ShiftReport
from roadsvc.services import alerts
from roadsvc.services.errors import Conflict


class ReportFileAltered(Conflict):
    """A stored report's file whose bytes are not the ones written (409 `report_file_altered`): never served."""

    def __init__(self, stored: ShiftReport, language: str):
        super().__init__("report_file_altered", f"the stored {language} file of shift {stored.day}/{stored.shift} is "
                         "not the file written when the shift ended (its SHA-256 differs): it is not served; "
                         "restore it from a backup", "lang")


def intact(db: Database, stored: ShiftReport, kind: str, language: str, found: Any, now: datetime) -> bytes:
    """The stored file's bytes (`found`: body, sha256) if their SHA-256 is the one chained when it was written; else
    `report_file_altered` raised (or seen again) at the report's tables, and ReportFileAltered."""
    fact = ReportFileRead(stored.id, stored.day, stored.shift, kind, language, found.sha256,
                          hashlib.sha256(found.body).hexdigest())
    findings = evaluate(fact, {})
    if not findings:
        return found.body
    named = {entry["table"]["id"] for entry in stored.document.get("tables", [])}
    with db.write() as session:
        tables = set(repo.tables(session))
        for table_id in sorted(named & tables or tables):
            alerts.record(session, table_id, subjects.of(SCOPE, stored.id), findings[0], now)
    raise ReportFileAltered(stored, language)
