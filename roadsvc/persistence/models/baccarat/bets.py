"""Bets (issue 4): slips as placed, the hand's ledger of accepted bets, and the dealer's
closing of a hand's betting. Money is stored in integer cents: exact on every backend."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import BigInteger, Float, ForeignKey, Index, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from roadsvc.persistence.models.base import Base, utcnow


class BettingClosure(Base):
    """A dealer closed betting on hand `hand_number` of the shoe (final until the hand is in)."""

    __tablename__ = "betting_closures"
    __table_args__ = (UniqueConstraint("shoe_id", "hand_number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    shoe_id: Mapped[int] = mapped_column(ForeignKey("shoes.id", ondelete="CASCADE"))
    hand_number: Mapped[int]
    actor: Mapped[str] = mapped_column(String(120))
    closed_at: Mapped[datetime] = mapped_column(default=utcnow)


class BetSlip(Base):
    """A slip as a game server placed it, with the stored answer a retry gets back."""

    __tablename__ = "bet_slips"
    __table_args__ = (UniqueConstraint("table_id", "client_slip_id"), Index(None, "shoe_id", "hand_number"))

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    shoe_id: Mapped[int] = mapped_column(ForeignKey("shoes.id", ondelete="CASCADE"))
    hand_number: Mapped[int]
    client_slip_id: Mapped[str] = mapped_column(String(64))
    account_id: Mapped[str] = mapped_column(String(100))
    request_hash: Mapped[str] = mapped_column(String(64))  # sha256 of the request, to tell a retry from a clash
    rules: Mapped[dict[str, Any]]  # {"rule_set", "overrides"}: the rules its bets settle by
    answer: Mapped[dict[str, Any]]
    actor: Mapped[str] = mapped_column(String(120))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class Bet(Base):
    """One accepted bet: a line of the hand's ledger, settled when the hand is in."""

    __tablename__ = "bets"
    __table_args__ = (Index(None, "shoe_id", "hand_number"), Index(None, "settled_at"))  # settled_at: shifts (issue 24)

    id: Mapped[int] = mapped_column(primary_key=True)
    slip_id: Mapped[int] = mapped_column(ForeignKey("bet_slips.id", ondelete="CASCADE"))
    shoe_id: Mapped[int] = mapped_column(ForeignKey("shoes.id", ondelete="CASCADE"))
    hand_number: Mapped[int]
    account_id: Mapped[str] = mapped_column(String(100))
    position: Mapped[int]  # index of the bet in its slip
    code: Mapped[str] = mapped_column(String(40))
    stake: Mapped[int] = mapped_column(BigInteger)  # cents
    held: Mapped[int] = mapped_column(BigInteger)  # cents taken from the balance at placing
    status: Mapped[str] = mapped_column(String(12), default="open")  # open win lose push void needs_cards cancelled
    tier: Mapped[str | None] = mapped_column(String(40))
    pay: Mapped[str | None] = mapped_column(String(20))  # "to 1"
    returned: Mapped[int | None] = mapped_column(BigInteger)  # cents
    net: Mapped[int | None] = mapped_column(BigInteger)  # cents, returned - held
    settled_at: Mapped[datetime | None]
    # The bet's exact EV per unit staked when its slip was accepted (the integrity engine's, issue 45);
    # null where no composition is known (a table entering results, a hand entered without cards).
    ev: Mapped[float | None] = mapped_column(Float(precision=53))
