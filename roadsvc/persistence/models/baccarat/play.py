"""The advantage-play watch (issue 45): the accounts it watches, what each shoe offered, and how
each account's stakes followed the exact EV.

A shoe's summary (`ShoeBetProfile`, one row per bet) is written once, when the jobs process counts
the closed shoe; its presence is what makes counting a shoe idempotent. An account's tallies
(`PlayTally`, one row per table and bet) add up its stakes over the shoes counted. Derived data:
the bets (with their `ev`) and the hands are the truth, and the watch can count them again.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, Float, ForeignKey, Index, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from roadsvc.persistence.models.base import Base, utcnow


class PlayAccount(Base):
    """An account the watch has seen (its number names it in alert subjects, `account:<id>`), and
    the operator's link group, if any (linked accounts are one player for `opposite_bets`). `p_value`: the
    account's p-value over all its tallies as the watch last judged it (None: never judged, no tallies), kept
    so the watched-accounts page reads only the accounts it shows."""

    __tablename__ = "play_accounts"
    __table_args__ = (Index(None, "link_group"), Index(None, "p_value"))

    id: Mapped[int] = mapped_column(primary_key=True)
    account_id: Mapped[str] = mapped_column(String(100), unique=True)
    link_group: Mapped[str | None] = mapped_column(String(60))
    linked_by: Mapped[str | None] = mapped_column(String(120))
    linked_at: Mapped[datetime | None]
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    p_value: Mapped[float | None] = mapped_column(Float(precision=53))


class ShoeBetProfile(Base):
    """What one bet offered over a counted shoe: its hands, how many had EV > 0, the mean EV."""

    __tablename__ = "shoe_bet_profiles"
    __table_args__ = (UniqueConstraint("shoe_id", "bet"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    shoe_id: Mapped[int] = mapped_column(ForeignKey("shoes.id", ondelete="CASCADE"))
    bet: Mapped[str] = mapped_column(String(40))
    hands: Mapped[int]
    positive_hands: Mapped[int]
    mean_ev: Mapped[float] = mapped_column(Float(precision=53))


class PlayTally(Base):
    """An account's stakes on one bet at one table, over the shoes counted: how many, how much, how
    many at EV > 0, the stake-weighted EV sum, and what the same stakes would give placed regardless
    of the shoe (each at its shoe's mean EV; `expected_positive` and `positive_variance`: the mean and
    variance, over the circular shifts of its stakes along the shoe's hands, of its stakes at EV > 0)."""

    __tablename__ = "play_tallies"
    __table_args__ = (UniqueConstraint("play_account_id", "table_id", "bet"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    play_account_id: Mapped[int] = mapped_column(ForeignKey("play_accounts.id", ondelete="CASCADE"))
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    bet: Mapped[str] = mapped_column(String(40))
    shoes: Mapped[int] = mapped_column(default=0)
    stakes: Mapped[int] = mapped_column(default=0)
    staked: Mapped[int] = mapped_column(BigInteger, default=0)  # cents
    positive_stakes: Mapped[int] = mapped_column(default=0)
    positive_staked: Mapped[int] = mapped_column(BigInteger, default=0)  # cents
    ev_staked: Mapped[float] = mapped_column(Float(precision=53), default=0.0)  # sum of cents x EV
    null_ev_staked: Mapped[float] = mapped_column(Float(precision=53), default=0.0)  # sum of cents x shoe mean EV
    expected_positive: Mapped[float] = mapped_column(Float(precision=53), default=0.0)
    positive_variance: Mapped[float] = mapped_column(Float(precision=53), default=0.0)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)
