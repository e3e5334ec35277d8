"""The stored reports' rule (issue 43): `report_mismatch` when a shift's stored final report, computed again
from the records, gives other figures for a table: a record of that shift (a hand, a round, a void, a
correction, a note, a slip or a settlement, a 打棒 deal or refusal) changed after the shift closed. The stored
report is not rewritten: the alert says which figures differ, the pit manager and the auditor decide.

The alert belongs to the table whose figures differ, about the report (subject `shift_report:<report id>`),
critical, `details.scope` "shift_report". It never resolves by itself (the record stays changed)."""

from __future__ import annotations

from dataclasses import dataclass

from roadsvc.domain.monitoring.registry import CRITICAL, Finding, Settings, rule

REPORT_MISMATCH = "report_mismatch"
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
