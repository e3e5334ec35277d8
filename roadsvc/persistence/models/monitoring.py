"""Floor monitoring (issue 10): alerts, and the tallies the write-path rules count.

An alert and a tally belong to a table and a `subject` inside it (roadsvc.domain.monitoring.subjects):
`shoe:<id>` for baccarat's (shoe_id then names the shoe too), `table` or a game's own unit
(`match:<id>`) for games without shoes (shoe_id None)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import ForeignKey, Index, LargeBinary, String, Text, UniqueConstraint, text
from sqlalchemy.orm import Mapped, mapped_column

from roadsvc.domain.monitoring.subjects import MAX_LENGTH as SUBJECT_LENGTH
from roadsvc.domain.monitoring.subjects import TABLE, shoe as shoe_subject
from roadsvc.persistence.models.base import Base, utcnow

ALERT_OPEN, ALERT_ACKNOWLEDGED, ALERT_RESOLVED = "open", "acknowledged", "resolved"
ACTIVE_ALERT = text("state <> 'resolved'")


def default_subject(context: Any) -> str:
    """A row written without a subject (an older writer): its shoe's, else the table's."""
    shoe_id = context.get_current_parameters().get("shoe_id")
    return TABLE if shoe_id is None else shoe_subject(shoe_id)


class Alert(Base):
    """One anomaly at a table, about a subject there (a shoe, the table, a match). At most one
    unresolved alert per (table, subject, code): the partial unique index is the guard two
    writers (two jobs processes) cannot pass."""

    __tablename__ = "alerts"
    __table_args__ = (
        Index("uq_alerts_active_table_subject_code", "table_id", "subject", "code", unique=True,
              sqlite_where=ACTIVE_ALERT, postgresql_where=ACTIVE_ALERT),
        Index(None, "state", "table_id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    code: Mapped[str] = mapped_column(String(40))
    severity: Mapped[str] = mapped_column(String(10))
    state: Mapped[str] = mapped_column(String(14), default=ALERT_OPEN)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    subject: Mapped[str] = mapped_column(String(SUBJECT_LENGTH), default=default_subject)
    shoe_id: Mapped[int | None] = mapped_column(ForeignKey("shoes.id", ondelete="CASCADE"))
    hand_number: Mapped[int | None]
    message: Mapped[str] = mapped_column(Text)
    details: Mapped[dict[str, Any]]
    raised_at: Mapped[datetime] = mapped_column(default=utcnow)
    last_seen_at: Mapped[datetime] = mapped_column(default=utcnow)
    count: Mapped[int] = mapped_column(default=1)
    acknowledged_by: Mapped[str | None] = mapped_column(String(120))
    acknowledged_at: Mapped[datetime | None]
    acknowledged_note: Mapped[str | None] = mapped_column(Text)
    resolved_by: Mapped[str | None] = mapped_column(String(120))
    resolved_at: Mapped[datetime | None]
    resolved_note: Mapped[str | None] = mapped_column(Text)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)


class MonitorTally(Base):
    """How many times something a rule counts happened about a subject of a table (refused
    hands in a shoe, late slips at a 百人牛牛 table...)."""

    __tablename__ = "monitor_tallies"
    __table_args__ = (UniqueConstraint("table_id", "subject", "code"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    subject: Mapped[str] = mapped_column(String(SUBJECT_LENGTH))
    shoe_id: Mapped[int | None] = mapped_column(ForeignKey("shoes.id", ondelete="CASCADE"))
    code: Mapped[str] = mapped_column(String(40))
    count: Mapped[int] = mapped_column(default=0)


class PitNote(Base):
    """A pit boss's note on a table or one of its shoes (issue 24): an incident, a dealer's
    mistake, a player's dispute. Shown on the table's page, in the audit log, in the shift report."""

    __tablename__ = "pit_notes"
    __table_args__ = (Index(None, "table_id", "created_at"), Index(None, "created_at"))

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    shoe_id: Mapped[int | None] = mapped_column(ForeignKey("shoes.id", ondelete="CASCADE"))
    author: Mapped[str] = mapped_column(String(120))
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class ShiftReport(Base):
    """A shift's final report as the jobs process wrote it at the shift's end (issues 24, 43): inserted once,
    never updated. `chain_head`: the record chain's head when it was written ({"sequence", "digest"}; None
    where there is no chain), printed on its PDFs."""

    __tablename__ = "shift_reports"
    __table_args__ = (UniqueConstraint("day", "shift"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    day: Mapped[str] = mapped_column(String(10))  # the local date the shift starts on, YYYY-MM-DD
    shift: Mapped[str] = mapped_column(String(4))  # its start, HHMM
    document: Mapped[dict[str, Any]]
    written_at: Mapped[datetime] = mapped_column(default=utcnow)
    chain_head: Mapped[dict[str, Any] | None]


class ShiftReportFile(Base):
    """A stored report's file in one language (the PDF a pit manager signs), as written with the report: served
    byte for byte ever after, with its SHA-256."""

    __tablename__ = "shift_report_files"
    __table_args__ = (UniqueConstraint("report_id", "kind", "language"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    report_id: Mapped[int] = mapped_column(ForeignKey("shift_reports.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(8))  # pdf
    language: Mapped[str] = mapped_column(String(8))  # zh-Hans, zh-Hant, en
    body: Mapped[bytes] = mapped_column(LargeBinary)
    sha256: Mapped[str] = mapped_column(String(64))
