"""VIP and squeeze tables (issue 14): held hands, charters, flown hands, the charter's requests."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import ForeignKey, Index, String, UniqueConstraint, text
from sqlalchemy.orm import Mapped, mapped_column

from roadsvc.persistence.models.base import Base, utcnow

CHARTER_ACTIVE = text("ended_at IS NULL")
REQUEST_OPEN, REQUEST_DONE = "open", "done"


class HeldHand(Base):
    """A dealt hand of a VIP or squeeze table, stored but not counted until it is opened.

    Nothing derived (roads, lobby, images, floor, odds, settlements) reads this table: the
    hand counts from the moment it is opened, when it is inserted into `hands` in the same
    transaction that sets `opened_at`. The row stays as the record of the hold."""

    __tablename__ = "held_hands"
    __table_args__ = (UniqueConstraint("shoe_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    shoe_id: Mapped[int] = mapped_column(ForeignKey("shoes.id", ondelete="CASCADE"))
    number: Mapped[int]
    data: Mapped[dict[str, Any]]
    result: Mapped[str] = mapped_column(String(10))
    held_at: Mapped[datetime] = mapped_column(default=utcnow)
    deadline: Mapped[datetime | None]  # VIP: opened by the jobs process from then on
    opened_at: Mapped[datetime | None]
    opened_how: Mapped[str | None] = mapped_column(String(12))  # account, dealer, automatic
    opened_by: Mapped[str | None] = mapped_column(String(120))


class Charter(Base):
    """One account's charter (包桌) of a VIP table; at most one active per table."""

    __tablename__ = "charters"
    __table_args__ = (
        Index("uq_charters_active_table", "table_id", unique=True,
              sqlite_where=CHARTER_ACTIVE, postgresql_where=CHARTER_ACTIVE),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    account_id: Mapped[str] = mapped_column(String(100))
    consecutive_flies: Mapped[int] = mapped_column(default=0)
    started_by: Mapped[str] = mapped_column(String(120))
    started_at: Mapped[datetime] = mapped_column(default=utcnow)
    ended_by: Mapped[str | None] = mapped_column(String(120))
    ended_at: Mapped[datetime | None]


class FlownHand(Base):
    """The charter flew (飞牌) hand `hand_number`: no bets; the dealer opens it directly."""

    __tablename__ = "flown_hands"
    __table_args__ = (UniqueConstraint("shoe_id", "hand_number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    shoe_id: Mapped[int] = mapped_column(ForeignKey("shoes.id", ondelete="CASCADE"))
    hand_number: Mapped[int]
    charter_id: Mapped[int] = mapped_column(ForeignKey("charters.id", ondelete="CASCADE"))
    account_id: Mapped[str] = mapped_column(String(100))
    flown_at: Mapped[datetime] = mapped_column(default=utcnow)


class TableRequest(Base):
    """The charter asked for a change of dealer or of shoe; done by the pit boss or a new shoe."""

    __tablename__ = "table_requests"
    __table_args__ = (Index(None, "table_id", "state"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    shoe_id: Mapped[int] = mapped_column(ForeignKey("shoes.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(20))
    account_id: Mapped[str] = mapped_column(String(100))
    state: Mapped[str] = mapped_column(String(10), default=REQUEST_OPEN)
    hands_dealt: Mapped[int]
    alert_id: Mapped[int | None]
    requested_by: Mapped[str] = mapped_column(String(120))
    requested_at: Mapped[datetime] = mapped_column(default=utcnow)
    due_at: Mapped[datetime | None]  # a change of shoe: overdue from then on
    overdue_at: Mapped[datetime | None]
    done_by: Mapped[str | None] = mapped_column(String(120))
    done_at: Mapped[datetime | None]
