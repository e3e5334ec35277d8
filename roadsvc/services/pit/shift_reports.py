"""The shift report (issues 24, 43): per table, what its game dealt (baccarat's hands, 百人牛牛's rounds and
leaves, 打棒's matches, deals and refused plays, each counted apart), the shoes, the money, the voids and
corrections with who and why, the alerts raised and how they were handled, the pit notes; the floor's totals
of each figure. No held hand's cards, and no card at all, are in it: counts, money and words only.

The report is built of sections (`SECTIONS`), one per concern, each filling its fields of the tables'
entries; a new concern (the dealers) is one more section and its fields.

Stored final reports (docs/shift-reports.md): at a shift's end the jobs process stores its report once
(`write_due`: the document, the PDF in each language, the record chain's head at that moment), and it never
changes. Only a stored report says `final: true` (with `written_at`); asked before, or for a shift the jobs
never wrote, the report is built from the records as they stand and says `final: false`. `recheck` computes a
stored report again and raises `report_mismatch` at each table whose figures differ.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Callable

from sqlalchemy.exc import IntegrityError

from roadsvc.domain.monitoring import evaluate
from roadsvc.domain.monitoring import subjects
from roadsvc.domain.monitoring.report_rules import REPORT_MISMATCH, SCOPE, ReportRecomputed
from roadsvc.domain.shifts import Shift
from roadsvc.domain.texts import LANGUAGES
from roadsvc.persistence import alerts as alerts_repo
from roadsvc.persistence import shift_reports as repo
from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import ShiftReport, ShiftReportFile
from roadsvc.render.shift_report import rendered
from roadsvc.services import alerts
from roadsvc.services.errors import NotFound
from roadsvc.services.niuniu import ledger as niuniu_ledger
from roadsvc.services.dealers import report as dealer_report
from roadsvc.services.pit import money, pit_notes, report_chain, report_files
from roadsvc.services.pit.shifts import FloorClock

RECENT_DAYS = 7  # the shifts listed to pick a report from
FORMAT = 2  # the document's form; reports stored in an older form are served as stored and never rechecked
COUNTS = ("hands", "rounds", "deals", "matches", "refusals", "voids", "corrections", "leaves")
# A table's figures a recomputation compares (not its alerts: acknowledging or resolving one later is no change
# to the shift's record).
FIGURES = (*COUNTS, "shoes", "changes", "notes", "money")


def blank_entry() -> dict[str, Any]:
    return {**dict.fromkeys(COUNTS, 0), "shoes": [], "changes": [], "alerts": [], "notes": []}


@dataclass
class Gathered:
    """What the sections found in a shift: each table's entry, and each table's settled bets."""

    shift: Shift
    entries: defaultdict = field(default_factory=lambda: defaultdict(blank_entry))
    ledgers: dict[int, money.Ledger] = field(default_factory=dict)


Section = Callable[[Database, Gathered], None]


def baccarat_section(db: Database, found: Gathered) -> None:
    """Hands dealt (posted, not voided now), voids, the shoes, the voids and corrections (who, why, when)."""
    shift = found.shift
    with db.read() as session:
        hands, changes = repo.hands(session, shift.begins, shift.ends), repo.changes(session, shift.begins, shift.ends)
    for table_id, _, number, posted, voided in hands:
        entry = found.entries[table_id]
        entry["hands"] += int(posted) - int(voided or 0)
        entry["voids"] += int(voided or 0)
        entry["shoes"].append(number)
    for table_id, number, hand, action, actor, reason, at in changes:
        found.entries[table_id]["changes"].append({"shoe": number, "hand": hand, "action": action, "by": actor,
                                                   "why": reason, "at": at.isoformat()})


def niuniu_section(db: Database, found: Gathered) -> None:
    """A 百人牛牛 table's rounds (dealt: posted and not voided), their voids and corrections, its leaves (逃跑)."""
    with db.read() as session:
        rounds = niuniu_ledger.shift_rounds(session, found.shift.begins, found.shift.ends)
    for table_id, figures in rounds.items():
        entry = found.entries[table_id]
        entry["rounds"] += figures["hands"]
        entry["voids"] += figures["voids"]
        entry["leaves"] += figures["leaves"]
        entry["changes"] += figures["changes"]


def dabang_section(db: Database, found: Gathered) -> None:
    """A 打棒 table's matches played, deals begun and plays refused in the shift."""
    shift = found.shift
    with db.read() as session:
        figures = {"matches": repo.dabang_matches(session, shift.begins, shift.ends),
                   "deals": repo.dabang_deals(session, shift.begins, shift.ends),
                   "refusals": repo.dabang_refusals(session, shift.begins, shift.ends)}
    for name, by_table in figures.items():
        for table_id, count in by_table.items():
            found.entries[table_id][name] += count


def alerts_section(db: Database, found: Gathered) -> None:
    """The alerts raised in the shift, or raised before it and not resolved when it began, and their handling."""
    with db.read() as session:
        raised = [_alert(alert) for alert in repo.alerts(session, found.shift.begins, found.shift.ends)]
    for alert in raised:
        found.entries[alert.pop("table_id")]["alerts"].append(alert)


def notes_section(db: Database, found: Gathered) -> None:
    for note in pit_notes.notes_between(db, found.shift.begins, found.shift.ends):
        found.entries[note.table_id]["notes"].append({"at": note.created_at.isoformat(), "by": note.author,
                                                      "shoe_id": note.shoe_id, "text": note.text})


def money_section(db: Database, found: Gathered) -> None:
    """Every game's settled bets in the shift, per table (a table with bets settled and nothing dealt is listed)."""
    found.ledgers = money.shift_ledgers_by_table(db, found.shift)
    for table_id in found.ledgers:
        found.entries[table_id]  # noqa: B018 - listed


SECTIONS: list[Section] = [baccarat_section, niuniu_section, dabang_section, alerts_section, notes_section,
                           money_section]


def build(db: Database, clock: FloorClock, shift: Shift, now: datetime) -> dict[str, Any]:
    """The report as the records stand at `now`: provisional (`final: false`) whatever the time."""
    found = Gathered(shift)
    for section in SECTIONS:
        section(db, found)
    with db.read() as session:
        names = repo.tables(session)
    tables = [_table(table_id, found.entries[table_id], found.ledgers.get(table_id, money.Ledger()), names)
              for table_id in sorted(found.entries)]
    every_ledger = sum(found.ledgers.values(), money.Ledger())
    return {"format": FORMAT, "shift": money.shift_json(shift, clock.zone_name), "generated_at": now.isoformat(),
            "final": False, "written_at": None, "chain_head": None,
            "totals": {**{name: sum(t[name] for t in tables) for name in COUNTS},
                       "money": money.ledger_json(every_ledger)},
            "tables": tables, "dealers": dealer_report.section(db, shift.begins, shift.ends, min(now, shift.ends))}


def _table(table_id: int, entry: dict[str, Any], ledger: money.Ledger, names: dict) -> dict[str, Any]:
    entry = {**entry, "corrections": sum(change["action"] == "correct" for change in entry["changes"])}
    return {"table": {"id": table_id, **names.get(table_id, {"name": str(table_id), "game": None})}, **entry,
            "money": money.ledger_json(ledger)}


def _alert(alert) -> dict[str, Any]:
    return {"table_id": alert.table_id, "id": alert.id, "code": alert.code, "severity": alert.severity,
            "state": alert.state, "count": alert.count, "hand_number": alert.hand_number,
            "details": alert.details or {}, "raised_at": alert.raised_at.isoformat(),
            "acknowledged": _handled(alert.acknowledged_by, alert.acknowledged_at, alert.acknowledged_note),
            "resolved": _handled(alert.resolved_by, alert.resolved_at, alert.resolved_note)}


def _handled(by: str | None, at: datetime | None, note: str | None) -> dict[str, Any] | None:
    return None if at is None else {"by": by, "at": at.isoformat(), "note": note}


# Reading a report


def _started(shift: Shift, now: datetime) -> None:
    if now < shift.begins:
        raise NotFound("shift_not_started", f"the shift {shift.key} begins at {shift.begins.isoformat()}: "
                       "it has no report yet", "shift")


def report(db: Database, clock: FloorClock, shift: Shift, now: datetime) -> dict[str, Any]:
    """The stored final report of the shift, else the report as the records stand now (provisional);
    NotFound (`shift_not_started`) for a shift that has not begun: it has nothing to report yet."""
    _started(shift, now)
    with db.read() as session:
        stored = repo.stored(session, shift.day.isoformat(), shift.name)
        if stored is not None:
            return stored_document(stored)
    return build(db, clock, shift, now)


def stored_document(stored: ShiftReport) -> dict[str, Any]:
    """A stored report's document, final; one stored in the first form gains its time written and no head."""
    return {"written_at": stored.written_at.isoformat(), "chain_head": stored.chain_head, **stored.document,
            "final": True}


def report_file(db: Database, clock: FloorClock, shift: Shift, now: datetime, kind: str, language: str,
                font_path: str | None = None) -> tuple[bytes, str]:
    """(the file, its media type) of the shift's report: a stored report's PDF as it was written (byte for
    byte, once its SHA-256 is checked: report_files.ReportFileAltered otherwise); its CSV, and any provisional file, drawn from the document."""
    _started(shift, now)
    with db.read() as session:
        stored = repo.stored(session, shift.day.isoformat(), shift.name)
        document = stored_document(stored) if stored is not None else None
        found = repo.stored_file(session, stored.id, kind, language) if stored is not None else None
    if found is not None:
        return report_files.intact(db, stored, kind, language, found, now), "application/pdf"
    return rendered(document or build(db, clock, shift, now), kind, language, font_path)


def recent_shifts(db: Database, clock: FloorClock, now: datetime, days: int = RECENT_DAYS) -> list[dict[str, Any]]:
    """The shift running now and the ones before it over `days` days, newest first: what a report can be
    asked for (date, shift, begins, ends, whether it ended, and when its final report was stored or None)."""
    shift, found = clock.shift_at(now), []
    with db.read() as session:
        written = repo.written_keys(session)
    while len(found) < days * len(clock.starts):
        found.append({"date": shift.day.isoformat(), "shift": shift.name, "begins": shift.begins, "ends": shift.ends,
                      "ended": now >= shift.ends, "written_at": written.get(shift.key)})
        shift = clock.previous(shift)
    return found


# Storing the final report


def final_document(db: Database, clock: FloorClock, shift: Shift, now: datetime) -> dict[str, Any]:
    """The report of an ended shift as it is stored: the records at `now`, final, with the chain's head."""
    head = report_chain.chain_head(db)
    return {**build(db, clock, shift, now), "final": True, "written_at": now.isoformat(), "chain_head": head}


def write_due(db: Database, clock: FloorClock, now: datetime, font_path: str | None = None) -> str | None:
    """Store the final report of the shift that ended last, once, with its PDF in every language (two jobs
    processes: the second's insert fails on the unique (day, shift) and it leaves the first's). Its key when
    written."""
    shift = clock.previous(clock.shift_at(now))
    with db.read() as session:
        if repo.stored(session, shift.day.isoformat(), shift.name) is not None:
            return None
    document = final_document(db, clock, shift, now)
    files = {language: rendered(document, "pdf", language, font_path)[0] for language in LANGUAGES}
    try:
        with db.write() as session:
            stored = ShiftReport(day=shift.day.isoformat(), shift=shift.name, document=document, written_at=now,
                                 chain_head=document["chain_head"])
            session.add(stored)
            session.flush()
            session.add_all(ShiftReportFile(report_id=stored.id, kind="pdf", language=language, body=body,
                                            sha256=hashlib.sha256(body).hexdigest())
                            for language, body in files.items())
    except IntegrityError:
        return None
    return shift.key


# Checking stored reports again


def figures(entry: dict[str, Any]) -> dict[str, Any]:
    """The figures of a table's entry a recomputation compares."""
    return {name: entry.get(name) for name in FIGURES}


def recheck(db: Database, clock: FloorClock, stored: ShiftReport, now: datetime) -> list[int]:
    """Compute a stored report again from the records and raise `report_mismatch` at each table whose figures
    differ (once per table and report: a resolved one is not raised again). The tables raised."""
    if stored.document.get("format") != FORMAT:
        return []
    shift = clock.shift_named(stored.day, stored.shift)
    again = {entry["table"]["id"]: figures(entry) for entry in build(db, clock, shift, now)["tables"]}
    before = {entry["table"]["id"]: figures(entry) for entry in stored.document["tables"]}
    subject = subjects.of(SCOPE, stored.id)
    raised = []
    with db.write() as session:
        tables = repo.tables(session)
        for table_id in sorted((set(before) | set(again)) & set(tables)):
            fact = ReportRecomputed(stored.id, stored.day, stored.shift, table_id,
                                    before.get(table_id, {}), again.get(table_id, {}))
            findings = evaluate(fact, {})
            if findings and not alerts_repo.any_alert(session, table_id, subject, REPORT_MISMATCH):
                alerts.record(session, table_id, subject, findings[0], now)
                raised.append(table_id)
    return raised


def recheck_since(db: Database, clock: FloorClock, since: datetime, now: datetime) -> dict[str, list[int]]:
    """Recheck every report stored at or after `since`: {report key: tables raised} for those that differ."""
    with db.read() as session:
        reports = list(repo.stored_since(session, since))
    found = {f"{stored.day}/{stored.shift}": recheck(db, clock, stored, now) for stored in reports}
    return {key: tables for key, tables in found.items() if tables}
