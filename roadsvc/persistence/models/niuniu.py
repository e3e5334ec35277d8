"""百人牛牛 tables: rounds (the truth), slips and their bets, the rounds' audit log, the table's state.

A round's cards are its truth; types, results, the settlement and the trend road are derived.
Every change of a niuniu table's rounds, slips, queue or seats bumps `tables.revision` in the
same transaction (the trend road's and the lobby's cache key) and writes one event.
Money is whole cents (BigInteger), as for baccarat's bets.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, ForeignKey, Index, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from roadsvc.persistence.models.base import Base, utcnow

SLIP_OPEN, SLIP_REFUNDED, SLIP_LEFT = "open", "refunded", "left"


class NiuniuRound(Base):
    __tablename__ = "niuniu_rounds"
    __table_args__ = (UniqueConstraint("table_id", "number"), Index(None, "dealer_id", "created_at"))

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    number: Mapped[int]
    reveal: Mapped[str | None] = mapped_column(String(3))
    hands: Mapped[dict[str, Any]]  # position -> card codes in the order received
    opened: Mapped[list[str]] = mapped_column(JSON, default=list)  # positions, in the order opened
    status: Mapped[str] = mapped_column(String(10))  # dealing, opening, settled, voided
    void_reason: Mapped[str | None] = mapped_column(Text)
    banker_account: Mapped[str | None] = mapped_column(String(100))  # None: the house banks
    settlement: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    settled_at: Mapped[datetime | None]
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)
    dealer_id: Mapped[int | None] = mapped_column(ForeignKey("dealers.id", ondelete="RESTRICT"))  # who dealt it


class NiuniuSlip(Base):
    """A slip, taken whole. `client_slip_id` is the game server's retry key, unique per table (slips stored
    before it existed have none): a retry with the same request (`request_hash`) gets `answer` back."""

    __tablename__ = "niuniu_slips"
    __table_args__ = (Index(None, "table_id", "round_number"), UniqueConstraint("table_id", "client_slip_id"))

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    round_number: Mapped[int]
    client_slip_id: Mapped[str | None] = mapped_column(String(64))
    request_hash: Mapped[str | None] = mapped_column(String(64))
    answer: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    account_id: Mapped[str] = mapped_column(String(100))
    balance: Mapped[int] = mapped_column(BigInteger)  # the stated balance, cents
    status: Mapped[str] = mapped_column(String(10), default=SLIP_OPEN)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class NiuniuBet(Base):
    __tablename__ = "niuniu_bets"
    __table_args__ = (Index(None, "slip_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    slip_id: Mapped[int] = mapped_column(ForeignKey("niuniu_slips.id", ondelete="CASCADE"))
    area: Mapped[str] = mapped_column(String(10))
    stake: Mapped[int] = mapped_column(BigInteger)  # cents


class NiuniuAudit(Base):
    __tablename__ = "niuniu_audit"
    __table_args__ = (Index(None, "table_id", "round_number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    round_number: Mapped[int]
    action: Mapped[str] = mapped_column(String(20))  # void, correction, leave
    actor: Mapped[str] = mapped_column(String(120))
    at: Mapped[datetime] = mapped_column(default=utcnow)
    before: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    after: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    reason: Mapped[str] = mapped_column(Text)


class NiuniuTableState(Base):
    """The banker queue, the seats, the kept balances, and the late slips and refused rounds of a table."""

    __tablename__ = "niuniu_table_states"

    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    queue: Mapped[dict[str, Any]] = mapped_column(default=dict)
    seating: Mapped[dict[str, Any]] = mapped_column(default=dict)  # seat number (text) -> account
    balances: Mapped[dict[str, Any]] = mapped_column(default=dict)  # account -> cents (stated + settled nets)
    betting: Mapped[dict[str, Any] | None] = mapped_column(JSON)  # the betting window (domain.niuniu.betting)
    late_slips: Mapped[int] = mapped_column(default=0)
    refused_rounds: Mapped[int] = mapped_column(default=0)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)
