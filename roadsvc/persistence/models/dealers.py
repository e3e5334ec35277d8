"""Dealers as people (issue 45): the registry, who took which table when, and the refusals and late
slips of their games (which no game's own records keep: a refused post stores nothing of its own).

A dealer takes a table when the table's dealer key declares the dealer's badge (`dealer_changes`, one
row per change, `dealer_id` None when the table's dealer leaves and no one takes over). Every counted
baccarat hand, 百人牛牛 round and 打棒 deal names the dealer at its table when it was dealt
(`hands.dealer_id`, `niuniu_rounds.dealer_id`, `dabang_deals.dealer_id`), written by the INSERT that
stores the game itself (roadsvc.persistence.dealers.registry.DEALER_AT)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from roadsvc.persistence.models.base import Base, utcnow

REFUSAL, LATE_SLIP = "refusal", "late_slip"


class Dealer(Base):
    __tablename__ = "dealers"

    id: Mapped[int] = mapped_column(primary_key=True)
    badge: Mapped[str] = mapped_column(String(40), unique=True)  # the badge id the table's reader scans
    name: Mapped[str] = mapped_column(String(100))
    active: Mapped[bool] = mapped_column(default=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class DealerChange(Base):
    """A dealer took the table at `changed_at` (None: the table's dealer left, nobody took over)."""

    __tablename__ = "dealer_changes"
    __table_args__ = (Index(None, "table_id", "changed_at"), Index(None, "dealer_id", "changed_at"))

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    dealer_id: Mapped[int | None] = mapped_column(ForeignKey("dealers.id", ondelete="RESTRICT"))
    changed_at: Mapped[datetime] = mapped_column(default=utcnow)
    actor: Mapped[str] = mapped_column(String(120))


class DealerIncident(Base):
    """A refused post (a hand, a round, a play) or a late slip at a table, with the dealer there then."""

    __tablename__ = "dealer_incidents"
    __table_args__ = (Index(None, "at"), Index(None, "dealer_id", "at"))

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    dealer_id: Mapped[int | None] = mapped_column(ForeignKey("dealers.id", ondelete="RESTRICT"))
    game: Mapped[str] = mapped_column(String(20))
    kind: Mapped[str] = mapped_column(String(12))  # refusal, late_slip
    code: Mapped[str] = mapped_column(String(40))  # the refusal's code, or why the slip was late
    at: Mapped[datetime] = mapped_column(default=utcnow)
