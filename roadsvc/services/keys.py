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

from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import ApiKey, Table, utcnow
from roadsvc.services.errors import DomainError, Forbidden, NotFound

# game_server: places bet slips and reads settlements for any table, and nothing else a dealer may do.
ROLES = ("display", "game_server", "dealer", "pitboss", "admin")
RANK = {role: rank for rank, role in enumerate(ROLES)}
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

    def at_least(self, role: str) -> bool:
        return RANK[self.role] >= RANK[role]


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
    if role not in RANK:
        raise DomainError("invalid_role", f"role must be one of {', '.join(ROLES)}", "role")
    return role


def authorize(principal: Principal, role: str, table_id: int | None = None) -> None:
    """Refuse (403) a caller below `role`, or a dealer key bound to another table."""
    if not principal.at_least(role):
        raise Forbidden("forbidden", f"this needs a {role} key; yours is {principal.role}")
    bound = principal.table_id
    if table_id is not None and bound is not None and principal.role == "dealer" and bound != table_id:
        raise Forbidden("wrong_table", f"this dealer key is bound to table {bound}", "table_id")


def create_key(db: Database, role: str, name: str | None = None, table_id: int | None = None) -> tuple[KeyInfo, str]:
    """A new key; returns its record and the plain key, which is never stored or shown again."""
    check_role(role)
    if table_id is not None and role != "dealer":
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


PAGE_ROLES = ("pitboss", "admin")
"""Roles whose key signs in to the pit boss's pages (a session holds the key's id, never the key)."""


def page_principal(db: Database, key_id: object) -> Principal | None:
    """The signed-in page's caller: the key with this id while it is active and of a page role."""
    if not isinstance(key_id, int) or isinstance(key_id, bool):
        return None
    principal = principal_by_id(db, key_id)
    return principal if principal is not None and principal.role in PAGE_ROLES else None


def principal_by_id(db: Database, key_id: int) -> Principal | None:
    """The key with this id while it is active (a signed-in page re-checks its key each request)."""
    with db.connect() as conn:
        row = conn.execute(
            select(ApiKey.id, ApiKey.name, ApiKey.role, ApiKey.table_id).where(
                ApiKey.id == key_id, ApiKey.revoked_at.is_(None)
            )
        ).first()
    return None if row is None else Principal(row.id, row.name, row.role, row.table_id)
