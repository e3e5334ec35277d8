"""Floor monitoring (issue 10): alerts, and the per-shoe tallies the write-path rules count."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import ForeignKey, Index, String, Text, UniqueConstraint, text
from sqlalchemy.orm import Mapped, mapped_column

from roadsvc.persistence.models.base import Base, utcnow

ALERT_OPEN, ALERT_ACKNOWLEDGED, ALERT_RESOLVED = "open", "acknowledged", "resolved"
ACTIVE_ALERT = text("state <> 'resolved'")


class Alert(Base):
    """One anomaly at a table's shoe. At most one unresolved alert per (table, shoe, code):
    the partial unique index is the guard two writers (two jobs processes) cannot pass."""

    __tablename__ = "alerts"
    __table_args__ = (
        Index("uq_alerts_active_table_shoe_code", "table_id", "shoe_id", "code", unique=True,
              sqlite_where=ACTIVE_ALERT, postgresql_where=ACTIVE_ALERT),
        Index(None, "state", "table_id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    code: Mapped[str] = mapped_column(String(40))
    severity: Mapped[str] = mapped_column(String(10))
    state: Mapped[str] = mapped_column(String(14), default=ALERT_OPEN)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    shoe_id: Mapped[int] = mapped_column(ForeignKey("shoes.id", ondelete="CASCADE"))
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
    """How many times something a rule counts happened in a shoe (refused hands, late slips...)."""

    __tablename__ = "monitor_tallies"
    __table_args__ = (UniqueConstraint("shoe_id", "code"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    shoe_id: Mapped[int] = mapped_column(ForeignKey("shoes.id", ondelete="CASCADE"))
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
    """A shift's report as the jobs process wrote it at the shift's end (issue 24)."""

    __tablename__ = "shift_reports"
    __table_args__ = (UniqueConstraint("day", "shift"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    day: Mapped[str] = mapped_column(String(10))  # the local date the shift starts on, YYYY-MM-DD
    shift: Mapped[str] = mapped_column(String(4))  # its start, HHMM
    document: Mapped[dict[str, Any]]
    written_at: Mapped[datetime] = mapped_column(default=utcnow)
