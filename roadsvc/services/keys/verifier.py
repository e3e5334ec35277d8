"""A presented key checked: the active key with its hash, and its principal.

Keys are checked on every request, so `KeyVerifier` keeps a verified key (and an unknown
one) for a few seconds in process memory: table displays polling every second do not
touch the keys table. The price: a revoked key keeps working for up to that TTL
(ROADSVC_KEY_CACHE_TTL, 5 s by default) in each worker that has seen it recently.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from datetime import datetime
from typing import Callable

from sqlalchemy import select

from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import ApiKey, utcnow
from roadsvc.services.errors import Unauthenticated
from roadsvc.services.keys.principals import Principal, aware, hash_key

def lookup_key(db: Database, plain: str) -> Principal | None:
    """The active key with this plain text, or None."""
    with db.connect() as conn:
        row = conn.execute(
            select(ApiKey.id, ApiKey.name, ApiKey.role, ApiKey.table_id, ApiKey.expires_at).where(
                ApiKey.key_hash == hash_key(plain), ApiKey.revoked_at.is_(None)
            )
        ).first()
    return None if row is None else Principal(row.id, row.name, row.role, row.table_id, aware(row.expires_at))



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
