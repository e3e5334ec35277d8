"""The stored reports' rule (issue 43): `report_mismatch` when a shift's stored final report, computed again
from the records, gives other figures for a table: a record of that shift (a hand, a round, a void, a
correction, a note, a slip or a settlement, a 打棒 deal or refusal) changed after the shift closed. The stored
report is not rewritten: the alert says which figures differ, the pit manager and the auditor decide.

The alert belongs to the table whose figures differ, about the report (subject `shift_report:<report id>`),
critical, `details.scope` "shift_report". It never resolves by itself (the record stays changed).

`report_file_altered` when a stored report's file (the PDF a pit manager signed) is asked for and its bytes are
not the ones whose SHA-256 was chained when it was written: the file is refused, never served, and the alert is
raised at each table of the report (at every table for a report that lists none), critical, same subject and
scope. It never resolves by itself either (the bytes stay altered until restored from a backup)."""

from __future__ import annotations

from dataclasses import dataclass

from roadsvc.domain.monitoring.registry import CRITICAL, Finding, Settings, rule

REPORT_MISMATCH = "report_mismatch"
REPORT_FILE_ALTERED = "report_file_altered"
SCOPE = "shift_report"


@dataclass(frozen=True, slots=True)
class ReportRecomputed:
    """A table's figures in a stored report (`stored`) and computed again now (`now`), by figure name."""

    report_id: int
    date: str  # the shift's local date, YYYY-MM-DD
    shift: str  # its start, HHMM
    table_id: int
    stored: dict
    now: dict


@rule(REPORT_MISMATCH, on=ReportRecomputed)
def report_mismatch(fact: ReportRecomputed, settings: Settings) -> Finding | None:
    """Figures of the table that differ between the stored report and the records now (none: no finding)."""
    differ = sorted(name for name in set(fact.stored) | set(fact.now) if fact.stored.get(name) != fact.now.get(name))
    if not differ:
        return None
    details = {"scope": SCOPE, "report_id": fact.report_id, "date": fact.date, "shift": fact.shift,
               "differ": differ, "stored": {name: fact.stored.get(name) for name in differ},
               "now": {name: fact.now.get(name) for name in differ}}
    return Finding(REPORT_MISMATCH, CRITICAL, f"the stored report of shift {fact.date}/{fact.shift} differs from "
                   f"the records now: {', '.join(differ)}", details)


@dataclass(frozen=True, slots=True)
class ReportFileRead:
    """A stored report's file as read to be served: the SHA-256 chained when it was written and its bytes' now."""

    report_id: int
    date: str
    shift: str
    kind: str  # pdf
    language: str
    stored_sha256: str
    found_sha256: str


@rule(REPORT_FILE_ALTERED, on=ReportFileRead)
def report_file_altered(fact: ReportFileRead, settings: Settings) -> Finding | None:
    """The file's bytes are not the ones written (none: they are)."""
    if fact.found_sha256 == fact.stored_sha256:
        return None
    details = {"scope": SCOPE, "report_id": fact.report_id, "date": fact.date, "shift": fact.shift,
               "kind": fact.kind, "language": fact.language, "stored_sha256": fact.stored_sha256,
               "found_sha256": fact.found_sha256}
    return Finding(REPORT_FILE_ALTERED, CRITICAL, f"the stored {fact.language} {fact.kind} of shift "
                   f"{fact.date}/{fact.shift} is not the file written: its SHA-256 differs; it is not served", details)
