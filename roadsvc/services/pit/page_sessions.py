"""The pit boss's page sessions, kept on the server (issue 24).

The session cookie holds a random token; its row in `page_sessions` (by the token's
sha256) decides whether the page is signed in. Every page request (and every API read
made by a signed-in page without a key) checks the row with the key in one read: the
session is over at once when it was signed out, ended by an admin ("sign out everywhere"),
its key revoked or expired, or it went unused for the idle timeout
(ROADSVC_WEB_SESSION_IDLE_MINUTES, 30) or lived past the absolute one
(ROADSVC_WEB_SESSION_HOURS, 12).

A check writes only when it must: `last_seen_at` moves at most once a TOUCH interval
(a floor polling every second does not write every second; the idle timeout is exact
to within that interval), and a session found timed out is ended once, with the reason.
Requests with a key, or without a session cookie, never reach this module.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from roadsvc.persistence.engine import Database
from roadsvc.persistence import page_sessions as repo
from roadsvc.persistence.events import OPERATORS, append_event
from roadsvc.persistence.models import PageSession
from roadsvc.services import admin_audit
from roadsvc.services.admin_audit import Actor
from roadsvc.services.keys.principals import PAGE_ROLES, Principal, aware

TOUCH = timedelta(seconds=60)
TOKEN = "sid"  # the token's name in the signed cookie (roadsvc.web.sessions writes it, roadsvc.api.auth reads it)
LIFETIMES = "roadsvc.page_sessions"  # app.extensions: the app's Lifetimes
SIGNED_OUT, ENDED_BY_ADMIN, KEY_REVOKED, IDLE, EXPIRED = "signed_out", "ended_by_admin", "key_revoked", "idle", "expired"


@dataclass(frozen=True)
class Lifetimes:
    idle: timedelta
    absolute: timedelta


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def start(db: Database, principal: Principal, now: datetime) -> str:
    """A new session for the key; its token (for the cookie only: the row stores its hash)."""
    token = secrets.token_urlsafe(32)
    with db.write() as session:
        session.add(PageSession(token_hash=_hash(token), key_id=principal.key_id, created_at=now, last_seen_at=now))
    return token


def check(db: Database, token: object, now: datetime, lifetimes: Lifetimes) -> Principal | None:
    """The session's pit boss, or None when the session is unknown, over, or its key may no
    longer see the floor (a session found timed out or with a revoked key is ended here)."""
    if not isinstance(token, str) or not token or len(token) > 100:
        return None
    with db.connect() as conn:
        row = repo.session_with_key(conn, _hash(token))
    if row is None or row.ended_at is not None:
        return None
    why = _over(row, now, lifetimes)
    if why is not None:
        _end_where(db, PageSession.id == row.id, now, why)
        return None
    seen = aware(row.last_seen_at)
    if now - seen >= TOUCH:
        _touch(db, row.id, now)
        seen = now
    ends_at = min(aware(row.created_at) + lifetimes.absolute, seen + lifetimes.idle)
    return Principal(row.key_id, row.name, row.role, row.table_id, aware(row.expires_at),
                     session_id=row.id, session_ends_at=ends_at)


def _over(row, now: datetime, lifetimes: Lifetimes) -> str | None:
    if row.revoked_at is not None or row.role not in PAGE_ROLES:
        return KEY_REVOKED
    if row.expires_at is not None and aware(row.expires_at) <= now:
        return EXPIRED
    if now - aware(row.created_at) >= lifetimes.absolute:
        return EXPIRED
    if now - aware(row.last_seen_at) >= lifetimes.idle:
        return IDLE
    return None


def _touch(db: Database, session_id: int, now: datetime) -> None:
    with db.write() as session:
        repo.touch(session, session_id, now)


def _end_where(db: Database, condition, now: datetime, why: str) -> int:
    with db.write() as session:
        ended = repo.end_where(session, condition, now, why)
        announce_ended(session, ended, why)
    return len(ended)


def announce_ended(session, session_ids: list[int], why: str) -> None:
    """The `page_sessions_ended` event of the sessions a write ended: the streams they hold end with them
    (roadsvc.stream.grants; the push engine deletes their channels). Last in the write's transaction."""
    if session_ids:
        append_event(session, "page_sessions_ended", table_id=None, data={"session_ids": session_ids, "why": why},
                     audience=OPERATORS)


def end(db: Database, token: object, now: datetime) -> None:
    """Sign out: the session's row ends (a copy of its cookie opens nothing afterwards)."""
    if isinstance(token, str) and token:
        _end_where(db, PageSession.token_hash == _hash(token), now, SIGNED_OUT)


def sign_out_everywhere(db: Database, now: datetime, key_id: int | None = None, actor: Actor | None = None) -> int:
    """End every live page session (of one key when `key_id` is given); how many ended."""
    condition = PageSession.key_id == key_id if key_id is not None else PageSession.id.is_not(None)
    with db.write() as session:
        ended = repo.end_where(session, condition, now, ENDED_BY_ADMIN)
        target = f"key {key_id}" if key_id is not None else "every key"
        admin_audit.record(session, "page_sessions.ended", actor, target, None, None, {"ended": len(ended)})
        announce_ended(session, ended, ENDED_BY_ADMIN)
    return len(ended)


@dataclass(frozen=True)
class SessionInfo:
    id: int
    key_id: int
    name: str
    role: str
    created_at: datetime
    last_seen_at: datetime


def live_sessions(db: Database) -> list[SessionInfo]:
    """The sessions not ended (a timed-out one is listed until a request finds it over)."""
    with db.connect() as conn:
        return [SessionInfo(r.id, r.key_id, r.name, r.role, aware(r.created_at), aware(r.last_seen_at))
                for r in repo.live_sessions(conn)]
