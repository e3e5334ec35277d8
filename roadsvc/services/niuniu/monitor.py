"""The floor monitor at 百人牛牛 tables: its alerts are about the table itself (subject `table`).

On the writes, in the write's transaction (the table row locked): a refused round post
(`round_refused`, in the refusal's own transaction: the table is otherwise unchanged), a void or a
correction (`round_corrected`), a slip refused as betting_closed (`slip_refused_late`). Each counts
its tally at the table (persistence.alerts.bump_tally; it starts again when the alert of that code
is resolved) and stores what the shared rules find (roadsvc.domain.monitoring.table_rules).

On the clock, `check_tables(db, now)` (the jobs process, every MONITOR_INTERVAL seconds like
baccarat's `check_open_shoes`): `stale_table` raised or seen again at every table whose newest
round has not moved for `stale_after_seconds`, and resolved by itself when a round moves or the
table closed for now (its last round finished more than `closed_after_seconds` ago).

No finding holds a card: a refusal keeps its code and field, never its message or the cards posted.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from roadsvc.domain.errors import DomainError
from roadsvc.domain.monitoring.table_rules import CLOSED_AFTER
from roadsvc.domain.games import NIUNIU
from roadsvc.domain.monitoring import (
    LateRoundSlip, RoundCorrected, RoundRefused, TableClock, evaluate, resolve_settings, self_resolving_codes, subjects,
)
from roadsvc.persistence import alerts as repo
from roadsvc.persistence.dealers import registry as dealers_repo
from roadsvc.persistence import niuniu as niuniu_repo
from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import Alert, Table, utcnow
from roadsvc.persistence.models.dealers import LATE_SLIP, REFUSAL
from roadsvc.services import alerts
from roadsvc.services.niuniu import betting
from roadsvc.translations import N_  # a note the system writes: translated where it is shown

REFUSED_ROUNDS, LATE_SLIPS, CORRECTIONS = "refused_rounds", "late_slips", "corrections"
TABLE = subjects.TABLE


def _record_all(session: Session, table: Table, fact: Any, now: datetime | None = None) -> list[Alert]:
    findings = evaluate(fact, resolve_settings(table.settings))
    return [alerts.record(session, table.id, TABLE, finding, now) for finding in findings]


def _bump(session: Session, table: Table, code: str) -> int:
    return repo.bump_tally(session, table.id, TABLE, code)


# On the writes


def round_refused(session: Session, table: Table, number: int, error: DomainError) -> None:
    count = _bump(session, table, REFUSED_ROUNDS)
    dealers_repo.record_incident(session, table.id, NIUNIU, REFUSAL, error.code, utcnow())
    _record_all(session, table, RoundRefused(count, number, error.code, error.field))


def round_corrected(session: Session, table: Table, number: int, action: str, actor: str, reason: str) -> None:
    count = _bump(session, table, CORRECTIONS)
    _record_all(session, table, RoundCorrected(count, number, action, actor, reason))


def slip_refused_late(session: Session, table: Table, number: int, account_id: str, why: str) -> None:
    count = _bump(session, table, LATE_SLIPS)
    dealers_repo.record_incident(session, table.id, NIUNIU, LATE_SLIP, why or "late", utcnow())
    _record_all(session, table, LateRoundSlip(count, number, account_id, why))


# On the clock


@dataclass(frozen=True)
class Pass:
    """What one clock pass did."""

    tables: int
    raised_or_seen: int
    resolved: int


def check_tables(db: Database, now: datetime | None = None) -> Pass:
    """Every clock rule at every 百人牛牛 table; self-resolving alerts whose condition is gone resolve.
    The pass first closes the betting windows whose deadline passed (services.niuniu.betting)."""
    now = now or utcnow()
    betting.close_due(db, now)
    with db.read() as session:
        rows = niuniu_repo.tables_with_newest_round(session)
        codes = self_resolving_codes(TableClock)
        active = {(a.table_id, a.code): a.id
                  for a in repo.active_alerts_with_codes(session, codes, kind=TABLE, game=NIUNIU)}
    seen, closed, raised = set(), set(), 0
    for table, number, phase, changed_at in rows:
        fact, settings = TableClock(now, number, phase, changed_at), resolve_settings(table.settings)
        findings = evaluate(fact, settings)
        if findings:
            raised += _record_at(db, table.id, findings, now)
        seen.update((table.id, finding.code) for finding in findings)
        if fact.finished and fact.idle_seconds > settings[CLOSED_AFTER.name]:
            closed.add(table.id)
    gone = [(key[0] in closed, alert_id) for key, alert_id in active.items() if key not in seen]
    resolved = sum(_resolve_by_itself(db, alert_id, is_closed, now) for is_closed, alert_id in gone)
    return Pass(len(rows), raised, resolved)


def _record_at(db: Database, table_id: int, findings: list, now: datetime) -> int:
    with db.write() as session:
        table = niuniu_repo.table(session, table_id, for_update=True)
        if table is None or table.game != NIUNIU:
            return 0
        for finding in findings:
            alerts.record(session, table.id, TABLE, finding, now)
    return len(findings)


def _resolve_by_itself(db: Database, alert_id: int, closed: bool, now: datetime) -> int:
    why = N_("the table closed for now: no round since") if closed else N_("the condition is gone: a round moved")
    return alerts.resolve_by_itself(db, alert_id, why, now)
