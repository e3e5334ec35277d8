"""Baccarat's shoes and hands, and the hands' audit log. The hands are the truth; a
shoe's `revision` names one state of its hands.

Every write to a shoe (a hand posted, voided or corrected, the cut card, a close, a
change of its table's settings) bumps `shoes.revision` in the same transaction, so
(shoe id, revision) is a complete cache key for anything derived from the shoe.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, ForeignKey, Index, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from roadsvc.persistence.models.base import Base, utcnow

OPEN, CLOSED = "open", "closed"


class Shoe(Base):
    __tablename__ = "shoes"
    __table_args__ = (UniqueConstraint("table_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    number: Mapped[int]
    decks: Mapped[int]
    burn_card: Mapped[str | None] = mapped_column(String(3))
    burn_count: Mapped[int | None]
    status: Mapped[str] = mapped_column(String(10), default=OPEN)
    last_hand: Mapped[int | None]
    revision: Mapped[int] = mapped_column(default=1)
    # The lobby's summary of the counted hands (services.summaries), rewritten with every change
    # of the hands; NULL for a shoe stored before it existed (then read from the hands).
    summary: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    opened_at: Mapped[datetime] = mapped_column(default=utcnow)
    closed_at: Mapped[datetime | None]
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)


class Hand(Base):
    __tablename__ = "hands"
    __table_args__ = (UniqueConstraint("shoe_id", "number"), Index(None, "dealer_id", "created_at"))

    id: Mapped[int] = mapped_column(primary_key=True)
    shoe_id: Mapped[int] = mapped_column(ForeignKey("shoes.id", ondelete="CASCADE"))
    number: Mapped[int]
    data: Mapped[dict[str, Any]]  # Hand.to_dict(): re-parsed with parse_hand when read
    result: Mapped[str] = mapped_column(String(10))
    voided: Mapped[bool] = mapped_column(Boolean, default=False)
    void_reason: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)
    dealer_id: Mapped[int | None] = mapped_column(ForeignKey("dealers.id", ondelete="RESTRICT"))  # who dealt it


class AuditRecord(Base):
    __tablename__ = "audit_records"
    __table_args__ = (Index(None, "shoe_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    shoe_id: Mapped[int] = mapped_column(ForeignKey("shoes.id", ondelete="CASCADE"))
    hand_number: Mapped[int]
    action: Mapped[str] = mapped_column(String(20))
    actor: Mapped[str] = mapped_column(String(120))
    at: Mapped[datetime] = mapped_column(default=utcnow)
    before: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    after: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    reason: Mapped[str] = mapped_column(Text)
