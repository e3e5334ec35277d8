"""The tables every game shares: a live table, its rules and settings, and its revision (lobby)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import String
from sqlalchemy.orm import Mapped, mapped_column

from roadsvc.domain.games import DEFAULT_GAME
from roadsvc.persistence.models.base import Base, utcnow


class Table(Base):
    __tablename__ = "tables"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(100), unique=True)
    # Which game the table deals (roadsvc.domain.games): set at creation, never changed.
    game: Mapped[str] = mapped_column(String(20), default=DEFAULT_GAME, server_default=DEFAULT_GAME)
    rule_set: Mapped[str] = mapped_column(String(40))
    settings: Mapped[dict[str, Any]] = mapped_column(default=dict)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)
    revision: Mapped[int] = mapped_column(default=1, server_default="1")  # bumped by every change of the table (lobby)
