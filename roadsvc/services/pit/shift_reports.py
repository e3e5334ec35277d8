"""The shift report (issue 24): per table, the hands dealt, the shoes, the money, the voids and
corrections with who and why, the alerts raised and how they were handled, the pit notes. A 百人牛牛
table's rounds are its hands (dealt: posted and not voided), its voids and corrections are its rounds',
and it counts its leaves (逃跑: stakes given back before the opening); its money is its settled rounds'.

At a shift's end the jobs process writes it once (`write_due`, table shift_reports): later
changes (a late correction) do not rewrite a report a pit manager may have printed. Asked for
before that, the report is built from the data as it stands and says so (`final: false`).
No held hand's cards, and no card at all, are in it: counts, money and words only.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import datetime
from typing import Any

from sqlalchemy.exc import IntegrityError

from roadsvc.domain.shifts import Shift
from roadsvc.persistence import shift_reports as repo
from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import ShiftReport
from roadsvc.services.errors import NotFound
from roadsvc.services.niuniu import ledger as niuniu_ledger
from roadsvc.services.dealers import report as dealer_report
from roadsvc.services.pit import money, pit_notes
from roadsvc.services.pit.shifts import FloorClock

RECENT_DAYS = 7  # the shifts listed to pick a report from


def build(db: Database, clock: FloorClock, shift: Shift, now: datetime) -> dict[str, Any]:
    ledgers = money.shift_ledgers_by_table(db, shift)
    with db.read() as session:
        names = repo.tables(session)
        hands, changes = repo.hands(session, shift.begins, shift.ends), repo.changes(session, shift.begins, shift.ends)
        alerts = [_alert(alert) for alert in repo.alerts(session, shift.begins, shift.ends)]
        rounds = niuniu_ledger.shift_rounds(session, shift.begins, shift.ends)
    notes = pit_notes.notes_between(db, shift.begins, shift.ends)
    per_table: dict[int, dict[str, Any]] = defaultdict(lambda: {"hands": 0, "voids": 0, "shoes": [], "changes": [],
                                                                "leaves": 0, "alerts": [], "notes": []})
    for table_id, _, number, posted, voided in hands:
        entry = per_table[table_id]
        entry["hands"] += int(posted) - int(voided or 0)
        entry["voids"] += int(voided or 0)
        entry["shoes"].append(number)
    for table_id, number, hand, action, actor, reason, at in changes:
        per_table[table_id]["changes"].append({"shoe": number, "hand": hand, "action": action, "by": actor,
                                               "why": reason, "at": at.isoformat()})
    for table_id, found in rounds.items():  # a 百人牛牛 table: its rounds are its hands
        per_table[table_id].update(found)
    for alert in alerts:
        per_table[alert.pop("table_id")]["alerts"].append(alert)
    for note in notes:
        per_table[note.table_id]["notes"].append({"at": note.created_at.isoformat(), "by": note.author,
                                                  "shoe_id": note.shoe_id, "text": note.text})
    table_ids = sorted(set(per_table) | set(ledgers))  # with bets settled but no hand posted: still listed
    tables = [{"table": {"id": table_id, **names.get(table_id, {"name": str(table_id), "game": None})},
               **per_table[table_id], "corrections": sum(c["action"] == "correct" for c in per_table[table_id]["changes"]),
               "money": money.ledger_json(ledgers.get(table_id, money.Ledger()))}
              for table_id in table_ids]
    every_ledger = sum(ledgers.values(), money.Ledger())
    return {"shift": money.shift_json(shift, clock.zone_name), "generated_at": now.isoformat(),
            "final": now >= shift.ends, "totals": {"hands": sum(t["hands"] for t in tables),
                                                   "leaves": sum(t["leaves"] for t in tables),
                                                   "money": money.ledger_json(every_ledger)},
            "tables": tables, "dealers": dealer_report.section(db, shift.begins, shift.ends, min(now, shift.ends))}


def _alert(alert) -> dict[str, Any]:
    return {"table_id": alert.table_id, "id": alert.id, "code": alert.code, "severity": alert.severity,
            "state": alert.state, "count": alert.count, "hand_number": alert.hand_number,
            "details": alert.details or {}, "raised_at": alert.raised_at.isoformat(),
            "acknowledged": _handled(alert.acknowledged_by, alert.acknowledged_at, alert.acknowledged_note),
            "resolved": _handled(alert.resolved_by, alert.resolved_at, alert.resolved_note)}


def _handled(by: str | None, at: datetime | None, note: str | None) -> dict[str, Any] | None:
    return None if at is None else {"by": by, "at": at.isoformat(), "note": note}


def report(db: Database, clock: FloorClock, shift: Shift, now: datetime) -> dict[str, Any]:
    """The stored report of an ended shift, else the report as the data stands now; NotFound
    (`shift_not_started`) for a shift that has not begun: it has nothing to report yet."""
    if now < shift.begins:
        raise NotFound("shift_not_started", f"the shift {shift.key} begins at {shift.begins.isoformat()}: "
                       "it has no report yet", "shift")
    with db.read() as session:
        stored = repo.stored(session, shift.day.isoformat(), shift.name)
        if stored is not None:
            return stored.document
    return build(db, clock, shift, now)


def recent_shifts(db: Database, clock: FloorClock, now: datetime, days: int = RECENT_DAYS) -> list[dict[str, Any]]:
    """The shift running now and the ones before it over `days` days, newest first: what a report can be
    asked for (date, shift, begins, ends, whether it ended and its report was written)."""
    shift, found = clock.shift_at(now), []
    with db.read() as session:
        written = repo.written_keys(session)
    while len(found) < days * len(clock.starts):
        found.append({"date": shift.day.isoformat(), "shift": shift.name, "begins": shift.begins, "ends": shift.ends,
                      "ended": now >= shift.ends, "written": shift.key in written})
        shift = clock.previous(shift)
    return found


def write_due(db: Database, clock: FloorClock, now: datetime) -> str | None:
    """Write the report of the shift that ended last, once (two jobs processes: the second's
    insert fails on the unique (day, shift) and it leaves the first's). Its key when written."""
    shift = clock.previous(clock.shift_at(now))
    with db.read() as session:
        if repo.stored(session, shift.day.isoformat(), shift.name) is not None:
            return None
    document = build(db, clock, shift, now)
    try:
        with db.write() as session:
            session.add(ShiftReport(day=shift.day.isoformat(), shift=shift.name, document=document, written_at=now))
    except IntegrityError:
        return None
    return shift.key

