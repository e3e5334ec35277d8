"""API keys: hashed, by role, optionally bound to a table (issue 9: expiry and rotation)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, String
from sqlalchemy.orm import Mapped, mapped_column

from roadsvc.persistence.models.base import Base, utcnow


class ApiKey(Base):
    __tablename__ = "api_keys"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(100))
    role: Mapped[str] = mapped_column(String(20))
    table_id: Mapped[int | None] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    key_hash: Mapped[str] = mapped_column(String(64), unique=True)  # sha256 hex of the key
    prefix: Mapped[str] = mapped_column(String(16))  # the key's first characters, to recognise it
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    revoked_at: Mapped[datetime | None]
    expires_at: Mapped[datetime | None]  # issue 9: None never expires; a rotated key's grace ends here
