"""A key's life (stored as sha256; the plain key shown only when it is made): created (one or a set for the
roles), rotated, listed, revoked, expiring after its lifetime; every change audited and announced."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Mapping

from sqlalchemy import select

from roadsvc.persistence import page_sessions as page_sessions_repo
from roadsvc.persistence.engine import Database
from roadsvc.persistence.events import OPERATORS, NewEvent, append_events
from roadsvc.persistence.models import ApiKey, Table, utcnow
from roadsvc.services import admin_audit
from roadsvc.services.admin_audit import Actor
from roadsvc.services.capabilities import BINDABLE_ROLES
from roadsvc.services.errors import Conflict, DomainError, NotFound
from roadsvc.services.keys.principals import KeyInfo, aware, check_role, hash_key, new_plain_key

MIN_LIFETIME = timedelta(minutes=1)
MAX_LIFETIME = timedelta(days=3650)
DURATION_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


def parse_duration(text: str, field: str = "expires_in") -> timedelta:
    """'90s', '30m', '12h', '30d' -> a timedelta from one minute to ten years."""
    text = (text or "").strip().lower()
    if len(text) < 2 or text[-1] not in DURATION_UNITS or not text[:-1].isdigit() or len(text) > 12:
        raise DomainError("invalid_duration", "a duration is a whole number and a unit: 90s, 30m, 12h, 30d", field)
    duration = timedelta(seconds=int(text[:-1]) * DURATION_UNITS[text[-1]])
    if not MIN_LIFETIME <= duration <= MAX_LIFETIME:
        raise DomainError("invalid_duration", "a key lives from 1 minute to 3650 days", field)
    return duration


def expiry_after(duration: str, now: datetime | None = None) -> datetime:
    """The moment a key made now with lifetime `duration` ('30d') expires."""
    return (now or utcnow()) + parse_duration(duration)


def create_key(
    db: Database,
    role: str,
    name: str | None = None,
    table_id: int | None = None,
    expires_at: datetime | None = None,
    actor: Actor | None = None,
) -> tuple[KeyInfo, str]:
    """A new key; returns its record and the plain key, which is never stored or shown again."""
    check_role(role)
    if table_id is not None and role not in BINDABLE_ROLES:
        raise DomainError("table_needs_dealer", "only dealer keys are bound to a table", "table_id")
    with db.write() as session:
        if table_id is not None and session.get(Table, table_id) is None:
            raise NotFound("table_not_found", f"no table {table_id}", "table_id")
        key, plain = _new_key(session, name or f"{role} key", role, table_id, expires_at)
        admin_audit.record(session, "key.created", actor, f"key {key.id}", table_id, None, _audited(key))
        return _info(key), plain


def create_role_keys(db: Database, names: Mapping[str, str], actor: Actor | None = None) -> dict[str, tuple[KeyInfo, str]]:
    """A key for each role of `names` (role -> the key's name), none bound to a table, in one transaction
    (the demo's keys; a test's): role -> (its record, the plain key)."""
    with db.write() as session:
        made = {role: _unsaved_key(name, check_role(role), None, None) for role, name in names.items()}
        session.add_all([key for key, _ in made.values()])
        session.flush()  # the keys in one statement; their ids name them in the audit records
        for key, _ in made.values():
            admin_audit.record(session, "key.created", actor, f"key {key.id}", None, None, _audited(key))
        return {role: (_info(key), plain) for role, (key, plain) in made.items()}


def _new_key(session, name: str, role: str, table_id: int | None, expires_at: datetime | None) -> tuple[ApiKey, str]:
    key, plain = _unsaved_key(name, role, table_id, expires_at)
    session.add(key)
    session.flush()
    return key, plain


def _unsaved_key(name: str, role: str, table_id: int | None, expires_at: datetime | None) -> tuple[ApiKey, str]:
    plain = new_plain_key()
    key = ApiKey(name=name, role=role, table_id=table_id, key_hash=hash_key(plain), prefix=plain[:10], expires_at=expires_at)
    return key, plain


def rotate_key(
    db: Database, key_id: int, grace: timedelta, actor: Actor | None = None, now: datetime | None = None
) -> tuple[KeyInfo, str, KeyInfo]:
    """A new key with the old one's name, role, table and remaining lifetime; the old key
    keeps working for `grace` (or until its own expiry, if sooner). Returns (new, plain, old)."""
    now = now or utcnow()
    with db.write() as session:
        old = _active_key(session, key_id, now)
        before = _audited(old)
        new, plain = _new_key(session, old.name, old.role, old.table_id, aware(old.expires_at))
        old.expires_at = min(now + grace, aware(old.expires_at) or now + grace)
        admin_audit.record(session, "key.rotated", actor, f"key {old.id}", old.table_id, before,
                           {**_audited(old), "successor": _audited(new)})
        return _info(new), plain, _info(old)


def _active_key(session, key_id: int, now: datetime) -> ApiKey:
    key = session.get(ApiKey, key_id)
    if key is None:
        raise NotFound("key_not_found", f"no key {key_id}", "key_id")
    if key.revoked_at is not None or (key.expires_at is not None and aware(key.expires_at) <= now):
        raise Conflict("key_inactive", f"key {key_id} is revoked or expired: create a new one", "key_id")
    return key


def _audited(key: ApiKey) -> dict:
    """What the trail keeps of a key: never its hash."""
    moment = lambda value: aware(value).isoformat() if value is not None else None  # noqa: E731
    return {"id": key.id, "name": key.name, "role": key.role, "table_id": key.table_id, "prefix": key.prefix,
            "expires_at": moment(key.expires_at), "revoked_at": moment(key.revoked_at)}


def list_keys(db: Database) -> list[KeyInfo]:
    with db.read() as session:
        return [_info(k) for k in session.scalars(select(ApiKey).order_by(ApiKey.id))]


def revoke_key(db: Database, key_id: int, actor: Actor | None = None) -> KeyInfo:
    with db.write() as session:
        key = session.get(ApiKey, key_id)
        if key is None:
            raise NotFound("key_not_found", f"no key {key_id}", "key_id")
        if key.revoked_at is None:
            before = _audited(key)
            key.revoked_at = utcnow()
            ended = page_sessions_repo.end_for_key(session, key.id, key.revoked_at, "key_revoked")
            admin_audit.record(session, "key.revoked", actor, f"key {key.id}", key.table_id, before, _audited(key))
            # Every worker's hub ends the key's streams, and the push engine's publisher its channels, when
            # they read these (docs/events.md, *A revoked key's streams end*).
            events = [NewEvent("key_revoked", table_id=None, data={"key_id": key.id}, audience=OPERATORS)]
            if ended:
                events.append(NewEvent("page_sessions_ended", table_id=None,
                                       data={"session_ids": ended, "why": "key_revoked"}, audience=OPERATORS))
            append_events(session, events)
        return _info(key)


def revoked_within(db: Database, seconds: float) -> list[int]:
    """The keys revoked in the last `seconds` (a hub starting late learns those a key cache may still trust)."""
    since = utcnow() - timedelta(seconds=seconds)
    with db.read() as session:
        return list(session.scalars(select(ApiKey.id).where(ApiKey.revoked_at >= since)))



def _info(key: ApiKey) -> KeyInfo:
    return KeyInfo(key.id, key.name, key.role, key.table_id, key.prefix, key.created_at, key.revoked_at, key.expires_at)

