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


class PageSession(Base):
    """A pit boss's signed-in page (issue 24): the cookie holds the token, the row its life.

    Ended (`ended_at`, `ended_why`) by signing out, by an admin's "sign out everywhere", by
    revoking the key, or found idle or past its absolute lifetime; an ended row never lives again."""

    __tablename__ = "page_sessions"

    id: Mapped[int] = mapped_column(primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)  # sha256 hex of the cookie's token
    key_id: Mapped[int] = mapped_column(ForeignKey("api_keys.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    last_seen_at: Mapped[datetime] = mapped_column(default=utcnow)
    ended_at: Mapped[datetime | None]
    ended_why: Mapped[str | None] = mapped_column(String(40))
