"""API keys and roles: created once (the plain key is shown only then), stored as sha256.

Keys are checked on every request, so `KeyVerifier` keeps a verified key (and an unknown
one) for a few seconds in process memory: table displays polling every second do not
touch the keys table. The price: a revoked key keeps working for up to that TTL
(ROADSVC_KEY_CACHE_TTL, 5 s by default) in each worker that has seen it recently.
"""

from __future__ import annotations

import hashlib
import secrets
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Callable, Mapping

from sqlalchemy import select

from roadsvc.persistence import page_sessions as page_sessions_repo
from roadsvc.persistence import repositories as repo
from roadsvc.persistence.engine import Database
from roadsvc.persistence.events import OPERATORS, NewEvent, append_events
from roadsvc.persistence.models import ApiKey, Table, utcnow
from roadsvc.services.capabilities import BINDABLE_ROLES, MONITOR, ROLES, can, roles_with
from roadsvc.services import admin_audit
from roadsvc.services.admin_audit import Actor
from roadsvc.services.errors import Conflict, DomainError, Forbidden, NotFound, Unauthenticated

# What each role may do is the capability table in roadsvc.services.capabilities.
KEY_PREFIX = "rs_"


@dataclass(frozen=True, slots=True)
class Principal:
    """Who is calling: the key's id, name, role and (dealer keys) bound table."""

    key_id: int
    name: str
    role: str
    table_id: int | None = None
    expires_at: datetime | None = None
    session_id: int | None = None  # a signed-in page's session (roadsvc.services.pit.page_sessions)
    session_ends_at: datetime | None = None  # when that session times out unless it is used again

    def expired(self, now: datetime) -> bool:
        return self.expires_at is not None and self.expires_at <= now

    @property
    def actor(self) -> str:
        """How the audit log names this caller."""
        return f"{self.name} (key {self.key_id})"

    def can(self, capability: str) -> bool:
        return can(self.role, capability)


@dataclass(frozen=True, slots=True)
class KeyInfo:
    id: int
    name: str
    role: str
    table_id: int | None
    prefix: str
    created_at: object
    revoked_at: object
    expires_at: object = None


def presented_in(headers) -> str | None:
    """The API key a request's headers carry (`Authorization: Bearer <key>`, or `X-API-Key`), if any."""
    header = headers.get("Authorization", "")
    if header[:7].lower() == "bearer ":
        return header[7:].strip() or None
    return headers.get("X-API-Key") or None


def hash_key(plain: str) -> str:
    return hashlib.sha256(plain.encode("utf-8", "surrogatepass")).hexdigest()


def new_plain_key() -> str:
    return KEY_PREFIX + secrets.token_urlsafe(32)


def check_role(role: str) -> str:
    if role not in ROLES:
        raise DomainError("invalid_role", f"role must be one of {', '.join(ROLES)}", "role")
    return role


def authorize(principal: Principal, capability: str, table_id: int | None = None) -> None:
    """Refuse (403) a caller whose role lacks `capability`, or a bound key at another table."""
    if not principal.can(capability):
        raise Forbidden("forbidden", f"this needs a key with {capability} ({', '.join(roles_with(capability))}); "
                        f"yours is {principal.role}")
    bound = principal.table_id
    if bound is not None and table_id != bound:
        raise Forbidden("wrong_table", f"this key is bound to table {bound}", "table_id")


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


def lookup_key(db: Database, plain: str) -> Principal | None:
    """The active key with this plain text, or None."""
    with db.connect() as conn:
        row = conn.execute(
            select(ApiKey.id, ApiKey.name, ApiKey.role, ApiKey.table_id, ApiKey.expires_at).where(
                ApiKey.key_hash == hash_key(plain), ApiKey.revoked_at.is_(None)
            )
        ).first()
    return None if row is None else Principal(row.id, row.name, row.role, row.table_id, aware(row.expires_at))


def aware(moment: datetime | None) -> datetime | None:
    """SQLite hands a plain Core select's datetimes back without their UTC offset."""
    return moment.replace(tzinfo=timezone.utc) if moment is not None and moment.tzinfo is None else moment


def _info(key: ApiKey) -> KeyInfo:
    return KeyInfo(key.id, key.name, key.role, key.table_id, key.prefix, key.created_at, key.revoked_at, key.expires_at)


class KeyVerifier:
    """`verify(plain)` through a small TTL cache (see the module docstring)."""

    def __init__(
        self,
        db: Database,
        ttl: float = 5.0,
        max_size: int = 10000,
        clock: Callable[[], float] = time.monotonic,
        now: Callable[[], datetime] = utcnow,
    ):
        self.db, self.ttl, self.max_size, self.clock, self.now = db, ttl, max_size, clock, now
        self._cache: OrderedDict[str, tuple[float, Principal | None]] = OrderedDict()
        self._lock = threading.Lock()

    def cached(self, plain: str) -> Principal | None:
        """The key's principal if it was verified within the TTL and has not expired; else
        None (unknown, expired, or not seen lately): no database, no rate-limit storage."""
        with self._lock:
            hit = self._cache.get(plain)
        if hit is None or hit[1] is None or hit[0] <= self.clock() or hit[1].expired(self.now()):
            return None
        return hit[1]

    def verify(self, plain: str) -> Principal | None:
        """The key's principal, None if unknown or revoked; Unauthenticated(expired_key)
        if it has expired."""
        return self._refuse_expired(self._lookup(plain))

    def _refuse_expired(self, principal: Principal | None) -> Principal | None:
        if principal is not None and principal.expired(self.now()):
            raise Unauthenticated("expired_key", f"this API key expired at {principal.expires_at.isoformat()}")
        return principal

    def _lookup(self, plain: str) -> Principal | None:
        now = self.clock()
        with self._lock:
            hit = self._cache.get(plain)
        if hit is not None and hit[0] > now:
            return hit[1]
        principal = lookup_key(self.db, plain)
        with self._lock:
            self._cache[plain] = (now + self.ttl, principal)
            self._cache.move_to_end(plain)
            while len(self._cache) > self.max_size:
                self._cache.popitem(last=False)
        return principal


PAGE_ROLES = roles_with(MONITOR)
"""Roles whose key signs in to the pit boss's pages (roadsvc.services.pit.page_sessions)."""
