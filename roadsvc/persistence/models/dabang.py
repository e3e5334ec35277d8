"""打棒 (issue 23): matches, their deals (the draw), every move of a deal, and tournaments.

The draw and the moves are the truth: a match's state is the domain's replay of them
(roadsvc.services.dabang.replay). The match row also keeps what follows from the finished
deals (levels, the next 打家 and blood, the winner) and each deal row its result once
scored, so a read never replays more than the deal under way; `revision` is bumped by every
change of the match, in the same transaction, and keys every cache of it.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, Index, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from roadsvc.persistence.models.base import Base, utcnow


class DabangTournament(Base):
    """A knockout: its teams, the drawn order and the bracket (slots, winners, match ids)."""

    __tablename__ = "dabang_tournaments"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(100))
    teams: Mapped[list[Any]] = mapped_column(JSON)  # [{"name", "players": [a, b]}, ...]
    draw_order: Mapped[list[Any]] = mapped_column(JSON)
    bracket: Mapped[dict[str, Any]]
    revision: Mapped[int] = mapped_column(default=1)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class DabangMatch(Base):
    __tablename__ = "dabang_matches"
    __table_args__ = (Index(None, "table_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    players: Mapped[dict[str, Any]]  # {"1": name, ..., "4": name}
    time_limit_minutes: Mapped[int]
    started_at: Mapped[datetime] = mapped_column(default=utcnow)
    revision: Mapped[int] = mapped_column(default=1)
    level_a: Mapped[int] = mapped_column(default=3)
    level_b: Mapped[int] = mapped_column(default=3)
    dealer_seat: Mapped[int | None]  # the 打家 of the deal under way or next (None before the first)
    next_blood: Mapped[int] = mapped_column(default=0)
    deals_done: Mapped[int] = mapped_column(default=0)  # finished deals, redeals included
    winner: Mapped[str | None] = mapped_column(String(1))
    reason: Mapped[str | None] = mapped_column(String(24))
    ended_at: Mapped[datetime | None]
    last_move_at: Mapped[datetime] = mapped_column(default=utcnow)
    tournament_id: Mapped[int | None] = mapped_column(ForeignKey("dabang_tournaments.id", ondelete="SET NULL"))
    bracket_round: Mapped[int | None]
    bracket_index: Mapped[int | None]


class DabangDeal(Base):
    __tablename__ = "dabang_deals"
    __table_args__ = (UniqueConstraint("match_id", "number"), Index(None, "dealer_id", "started_at"))

    id: Mapped[int] = mapped_column(primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("dabang_matches.id", ondelete="CASCADE"))
    number: Mapped[int]
    first_drawer: Mapped[int]
    draw: Mapped[list[Any]] = mapped_column(JSON)  # the 162 codes in the order drawn
    started_at: Mapped[datetime] = mapped_column(default=utcnow)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON)  # the road entry, once the deal is over
    dealer_id: Mapped[int | None] = mapped_column(ForeignKey("dealers.id", ondelete="RESTRICT"))  # who dealt it


class DabangMove(Base):
    """One accepted move of a deal, in order: declaration, trump, bury, bury_jokers, play."""

    __tablename__ = "dabang_moves"
    __table_args__ = (UniqueConstraint("deal_id", "seq"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    deal_id: Mapped[int] = mapped_column(ForeignKey("dabang_deals.id", ondelete="CASCADE"))
    seq: Mapped[int]
    kind: Mapped[str] = mapped_column(String(16))
    seat: Mapped[int | None]
    data: Mapped[dict[str, Any]]
    actor: Mapped[str] = mapped_column(String(120))
    at: Mapped[datetime] = mapped_column(default=utcnow)
