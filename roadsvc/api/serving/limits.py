"""Rate limits: failed authentication per client address, writes and image renders per
key. Limits are `ROADSVC_RATELIMIT_*` strings ("30 per minute", "100 per second; 2000 per
minute"); counters live in Redis when ROADSVC_REDIS_URL is set (shared by every worker and
machine), else in each process's memory.

The engine is `limits`, the library Flask-Limiter is built on: its storage (memory or
Redis) and its fixed-window strategy. Flask-Limiter itself adds per-route limits checked by
before/after/teardown hooks on every request; roadsvc declares no per-route limit, so those
hooks only cost the display's poll (about 70 us of it) and are not installed.

Each limit is applied at the point where its cost is known, never on the path a polling
display takes:

* authentication: a key verified recently (the key cache) passes untouched. Any other
  presented key is looked up (through the key cache, which keeps a miss for its TTL too): a good
  key passes whatever its address has spent, so displays and an admin behind an address that
  others spend never pay for bad keys; a wrong key, or none, spends one of its address's budget
  of failures, and once the budget is spent it is answered 429 instead of 401;
* writes (POST, PATCH, DELETE): one per request, per key, after authentication;
* renders: one per image drawn (a cache miss), per key; a 304 or a cached image costs none.

A spent limit answers 429 with `Retry-After` and a JSON error whose code names it
(`too_many_auth_failures`, `too_many_writes`, `too_many_renders`). If the storage fails
(Redis down), the request passes and the failure is logged: limits protect the
service, they must not take it down.
"""

from __future__ import annotations

import logging
import math
import time
from typing import Callable, TypeVar

from flask import Flask, current_app, request
from limits import RateLimitItem, parse_many
from limits.storage import storage_from_string
from limits.strategies import FixedWindowRateLimiter

from roadsvc.services.errors import TooManyRequests, Unauthenticated
from roadsvc.services.keys.principals import Principal

EXTENSION = "roadsvc.limits"
WRITE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
log = logging.getLogger("roadsvc.limits")
T = TypeVar("T")


def client_address() -> str:
    return request.remote_addr or "unknown"


class RateLimits:
    """The three limits over one storage, counted in fixed windows."""

    def __init__(self, app: Flask):
        config = app.config
        self.enabled = bool(config["RATELIMIT_ENABLED"])
        self.prefix = config["RATELIMIT_KEY_PREFIX"]
        self.strategy = FixedWindowRateLimiter(storage_from_string(config["REDIS_URL"] or "memory://"))
        self.auth_failures = parse_many(config["RATELIMIT_AUTH_FAILURES"])
        self.writes = parse_many(config["RATELIMIT_WRITES"])
        self.renders = parse_many(config["RATELIMIT_RENDERS"])

    def authenticate(self, verify: Callable[[], T]) -> T:
        """`verify()`: a good key passes whatever its address spent (good keys never pay for bad ones);
        a failure spends one of the address's budget, and once it is spent a failure is 429, not 401."""
        address = client_address()
        spent = self._spent(self.auth_failures, ("auth", address), "too_many_auth_failures",
                            "too many failed authentications from this address")
        try:
            return verify()
        except Unauthenticated:
            if spent is not None:
                raise spent from None
            self._spend(self.auth_failures, ("auth", address))
            raise

    def count_write(self, principal: Principal) -> None:
        if request.method in WRITE_METHODS:
            self._hit(self.writes, ("writes", str(principal.key_id)), "too_many_writes", "too many writes with this key")

    def count_render(self, principal: Principal | None) -> None:
        """One render for the key, or for the client's address when it came by a signed link (no key)."""
        who = ("renders", str(principal.key_id)) if principal else ("renders-by-address", client_address())
        self._hit(self.renders, who, "too_many_renders", "too many images drawn for this key or address")

    def _hit(self, items: list[RateLimitItem], ids: tuple[str, ...], code: str, message: str) -> None:
        if not self.enabled:
            return
        for item in items:
            if not self._guarded(lambda: self.strategy.hit(item, self.prefix, *ids), True):
                raise self._refusal(item, ids, code, message)

    def _spent(self, items: list[RateLimitItem], ids: tuple[str, ...], code: str, message: str
               ) -> TooManyRequests | None:
        """The refusal if one of the limits is spent, else None (nothing counted)."""
        if not self.enabled:
            return None
        for item in items:
            if not self._guarded(lambda: self.strategy.test(item, self.prefix, *ids), True):
                return self._refusal(item, ids, code, message)
        return None

    def _spend(self, items: list[RateLimitItem], ids: tuple[str, ...]) -> None:
        if self.enabled:
            for item in items:
                self._guarded(lambda: self.strategy.hit(item, self.prefix, *ids), True)

    def _refusal(self, item: RateLimitItem, ids: tuple[str, ...], code: str, message: str) -> TooManyRequests:
        stats = self._guarded(lambda: self.strategy.get_window_stats(item, self.prefix, *ids), None)
        wait = max(1, math.ceil(stats.reset_time - time.time())) if stats else item.get_expiry()
        return TooManyRequests(code, f"{message} (limit {item}); retry in {wait} s", wait)

    @staticmethod
    def _guarded(call: Callable[[], T], fallback: T) -> T:
        try:
            return call()
        except Exception as error:  # noqa: BLE001 - a storage failure must not refuse requests
            log.warning("rate-limit storage failed, request let through: %s", type(error).__name__)
            return fallback


def rate_limits() -> RateLimits:
    return current_app.extensions[EXTENSION]


def init_app(app: Flask) -> None:
    app.extensions[EXTENSION] = RateLimits(app)
