"""The queries of the page sessions (model: PageSession), each small and named for what it does."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Row, select, update
from sqlalchemy.orm import Session

from roadsvc.persistence.models import ApiKey, PageSession

_WITH_KEY = (select(PageSession.id, PageSession.created_at, PageSession.last_seen_at, PageSession.ended_at,
                    ApiKey.id.label("key_id"), ApiKey.name, ApiKey.role, ApiKey.table_id, ApiKey.expires_at,
                    ApiKey.revoked_at)
             .join(ApiKey, ApiKey.id == PageSession.key_id))


def session_with_key(conn, token_hash: str) -> Row | None:
    """The session with this token and its key's columns, in one read."""
    return conn.execute(_WITH_KEY.where(PageSession.token_hash == token_hash)).first()


def touch(session: Session, session_id: int, now: datetime) -> None:
    session.execute(update(PageSession).where(PageSession.id == session_id, PageSession.ended_at.is_(None))
                    .values(last_seen_at=now))


def end_where(session: Session, condition, now: datetime, why: str) -> list[int]:
    """End the live sessions matching `condition`; the ids of those ended (their streams end too)."""
    ids = list(session.scalars(select(PageSession.id).where(condition, PageSession.ended_at.is_(None))
                               .order_by(PageSession.id).with_for_update()))
    if ids:
        session.execute(update(PageSession).where(PageSession.id.in_(ids), PageSession.ended_at.is_(None))
                        .values(ended_at=now, ended_why=why))
    return ids


def end_for_key(session: Session, key_id: int, now: datetime, why: str) -> list[int]:
    return end_where(session, PageSession.key_id == key_id, now, why)


def live_sessions(conn) -> list[Row]:
    query = (select(PageSession.id, PageSession.key_id, ApiKey.name, ApiKey.role, PageSession.created_at,
                    PageSession.last_seen_at)
             .join(ApiKey, ApiKey.id == PageSession.key_id).where(PageSession.ended_at.is_(None))
             .order_by(PageSession.id))
    return list(conn.execute(query))
