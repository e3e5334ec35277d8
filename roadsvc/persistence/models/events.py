"""Live events (issue 11): the event log. One row per committed change, written in the
change's own transaction (roadsvc.persistence.events.append_event). `id` only increases
(AUTOINCREMENT on SQLite: ids are never reused after pruning) and, because appends are
serialised until commit, ids become visible in order."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import BigInteger, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from roadsvc.persistence.models.base import Base, utcnow


class Event(Base):
    __tablename__ = "events"
    __table_args__ = (Index(None, "created_at"), {"sqlite_autoincrement": True})

    id: Mapped[int] = mapped_column(BigInteger().with_variant(Integer, "sqlite"), primary_key=True)
    type: Mapped[str] = mapped_column(String(40))
    table_id: Mapped[int | None]
    shoe_id: Mapped[int | None]
    revision: Mapped[int | None]
    audience: Mapped[str] = mapped_column(String(20), default="all")
    data: Mapped[dict[str, Any]]
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
