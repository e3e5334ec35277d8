"""Operations (issue 9): the audit trail of administrative changes (tables, keys, shoes)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from roadsvc.persistence.models.base import Base, utcnow


class AdminAuditRecord(Base):
    """One administrative change: who, when, what (`kind`), on what, before and after.

    No foreign keys: the trail outlives what it names (a table removed later keeps its history).
    """

    __tablename__ = "admin_audit"
    __table_args__ = (Index(None, "table_id", "id"), Index(None, "kind", "id"))

    id: Mapped[int] = mapped_column(primary_key=True)
    at: Mapped[datetime] = mapped_column(default=utcnow)
    kind: Mapped[str] = mapped_column(String(40))
    actor: Mapped[str] = mapped_column(String(120))
    key_id: Mapped[int | None]
    table_id: Mapped[int | None]
    subject: Mapped[str] = mapped_column(String(120))
    before: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    after: Mapped[dict[str, Any] | None] = mapped_column(JSON)
