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
from typing import Callable

from sqlalchemy import select

from roadsvc.persistence import repositories as repo
from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import ApiKey, Table, utcnow
from roadsvc.services.capabilities import BINDABLE_ROLES, ROLES, can, roles_with
from roadsvc.services.errors import DomainError, Forbidden, NotFound

# What each role may do is the capability table in roadsvc.services.capabilities.
KEY_PREFIX = "rs_"


@dataclass(frozen=True, slots=True)
class Principal:
    """Who is calling: the key's id, name, role and (dealer keys) bound table."""

    key_id: int
    name: str
    role: str
    table_id: int | None = None

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


def scope_table(db: Database, table_id: int | None, shoe_id: int | None) -> int | None:
    """The table a request is about: its table_id, or its shoe's table (None: no table, or
    no such shoe; the view then answers 404 or serves every table)."""
    if table_id is not None:
        return table_id
    return None if shoe_id is None else repo.shoe_table_id(db, shoe_id)


def create_key(db: Database, role: str, name: str | None = None, table_id: int | None = None) -> tuple[KeyInfo, str]:
    """A new key; returns its record and the plain key, which is never stored or shown again."""
    check_role(role)
    if table_id is not None and role not in BINDABLE_ROLES:
        raise DomainError("table_needs_dealer", "only dealer keys are bound to a table", "table_id")
    plain = new_plain_key()
    with db.write() as session:
        if table_id is not None and session.get(Table, table_id) is None:
            raise NotFound("table_not_found", f"no table {table_id}", "table_id")
        key = ApiKey(name=name or f"{role} key", role=role, table_id=table_id, key_hash=hash_key(plain), prefix=plain[:10])
        session.add(key)
        session.flush()
        return _info(key), plain


def list_keys(db: Database) -> list[KeyInfo]:
    with db.read() as session:
        return [_info(k) for k in session.scalars(select(ApiKey).order_by(ApiKey.id))]


def revoke_key(db: Database, key_id: int) -> KeyInfo:
    with db.write() as session:
        key = session.get(ApiKey, key_id)
        if key is None:
            raise NotFound("key_not_found", f"no key {key_id}", "key_id")
        key.revoked_at = key.revoked_at or utcnow()
        return _info(key)


def lookup_key(db: Database, plain: str) -> Principal | None:
    """The active key with this plain text, or None."""
    with db.connect() as conn:
        row = conn.execute(
            select(ApiKey.id, ApiKey.name, ApiKey.role, ApiKey.table_id).where(
                ApiKey.key_hash == hash_key(plain), ApiKey.revoked_at.is_(None)
            )
        ).first()
    return None if row is None else Principal(row.id, row.name, row.role, row.table_id)


def _info(key: ApiKey) -> KeyInfo:
    return KeyInfo(key.id, key.name, key.role, key.table_id, key.prefix, key.created_at, key.revoked_at)


class KeyVerifier:
    """`verify(plain)` through a small TTL cache (see the module docstring)."""

    def __init__(self, db: Database, ttl: float = 5.0, max_size: int = 10000, clock: Callable[[], float] = time.monotonic):
        self.db, self.ttl, self.max_size, self.clock = db, ttl, max_size, clock
        self._cache: OrderedDict[str, tuple[float, Principal | None]] = OrderedDict()
        self._lock = threading.Lock()

    def verify(self, plain: str) -> Principal | None:
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
