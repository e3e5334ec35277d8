"""The database's replication as the floor sees it (docs/deployment.md, *The database: replicated*): the jobs
process's monitor pass reads `pg_stat_replication` on the primary every ROADSVC_MONITOR_INTERVAL seconds and,
while fewer standbys stream than ROADSVC_DB_STANDBYS or none is synchronous, keeps a `replication_degraded`
alert open at every table (the database serves them all; an alert belongs to a table: docs/operations.md);
once they stream again, it resolves them by itself. Posting goes on meanwhile as the replication's mode says
(a synchronous standby left: as usual; none: commits wait for one). SQLite has no replication: nothing runs.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select

from roadsvc.domain.monitoring import subjects
from roadsvc.domain.monitoring.registry import CRITICAL, Finding
from roadsvc.persistence import alerts as repo
from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import Table, utcnow
from roadsvc.services import alerts
from roadsvc.translations import N_

CODE = "replication_degraded"
STATUS_SQL = ("SELECT count(*) FILTER (WHERE state = 'streaming'), "
              "count(*) FILTER (WHERE state = 'streaming' AND sync_state IN ('sync', 'quorum')) FROM pg_stat_replication")


@dataclass(frozen=True)
class Replication:
    """What the primary says of its standbys: how many stream WAL, how many of them synchronously."""

    streaming: int
    synchronous: int

    def degraded(self, expected: int) -> bool:
        return self.streaming < expected or self.synchronous < 1


def replication_status(db: Database) -> Replication | None:
    """The primary's view of its standbys (None: SQLite, nothing replicates). The database user needs the
    `pg_monitor` role to read the standbys' state (without it every standby looks absent)."""
    if db.is_sqlite:
        return None
    with db.connect() as conn:
        streaming, synchronous = conn.exec_driver_sql(STATUS_SQL).one()
    return Replication(streaming, synchronous)


def check_replication(db: Database, expected: int, now: datetime | None = None) -> tuple[Replication | None, int]:
    """One pass: the alert raised (or seen again) at every table while degraded, resolved when not.
    (the status, how many alerts were raised, seen again or resolved)."""
    now = now or utcnow()
    status = replication_status(db)
    if status is None or expected <= 0:
        return status, 0
    if status.degraded(expected):
        finding = Finding(CODE, CRITICAL, f"{status.streaming} of {expected} database standbys streaming, "
                          f"{status.synchronous} synchronous",
                          {"streaming": status.streaming, "expected": expected, "synchronous": status.synchronous})
        with db.read() as session:
            table_ids = session.scalars(select(Table.id).order_by(Table.id)).all()
        for table_id in table_ids:  # one transaction each: its locks, then the event log's (never one after it)
            with db.write() as session:
                alerts.record(session, table_id, subjects.TABLE, finding, now)
        return status, len(table_ids)
    with db.read() as session:
        alert_ids = [alert.id for alert in repo.active_alerts_with_codes(session, [CODE])]
    return status, sum(_resolve(db, alert_id, now) for alert_id in alert_ids)


def _resolve(db: Database, alert_id: int, now: datetime) -> int:
    return alerts.resolve_by_itself(db, alert_id, N_("the condition is gone: every standby streams again"), now)
