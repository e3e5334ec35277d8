"""Signed read links: a URL for a table's roads or road image that needs no key.

Road data is not secret (it is on the screens at the table), but a key in a header makes
every answer private to a shared cache. A game server mints a link instead: the path and
its query parameters, an expiry (`expires`, Unix seconds) and `sig`, an HMAC-SHA256 with
the server's secret (ROADSVC_READ_LINK_SECRET) over the path and every other parameter,
sorted. Anyone may fetch it until it expires; changing any parameter, or adding one,
breaks the signature. Every machine behind one cache must share the secret.
"""

from __future__ import annotations

import hashlib
import hmac
import time
from typing import Callable, Iterable, Mapping
from urllib.parse import quote, urlencode

from roadsvc.services.errors import Conflict, DomainError, Forbidden

SIGNATURE, EXPIRES = "sig", "expires"
MAX_TTL = 7 * 24 * 3600
MIN_SECRET = 16


def canonical(path: str, pairs: Iterable[tuple[str, str]]) -> bytes:
    """What is signed: the path, a newline, the parameters but `sig`, sorted and URL-encoded."""
    kept = sorted((name, value) for name, value in pairs if name != SIGNATURE)
    return f"{quote(path)}\n{urlencode(kept)}".encode("utf-8")


class ReadLinks:
    """Mints and checks signed links with one secret; `clock` gives Unix seconds (a test sets it)."""

    def __init__(self, secret: str, default_ttl: int = 3600, clock: Callable[[], float] = time.time):
        self.key = secret.encode("utf-8")
        self.default_ttl = default_ttl
        self.clock = clock

    @property
    def enabled(self) -> bool:
        return len(self.key) >= MIN_SECRET

    def signature(self, path: str, pairs: Iterable[tuple[str, str]]) -> str:
        return hmac.new(self.key, canonical(path, pairs), hashlib.sha256).hexdigest()

    def mint(self, path: str, params: Mapping[str, str], ttl: int | None = None) -> tuple[str, int]:
        """(path?query with expires and sig, the expiry in Unix seconds)."""
        if not self.enabled:
            raise Conflict("read_links_off", f"read links need ROADSVC_READ_LINK_SECRET (at least {MIN_SECRET} "
                                             "characters) on the server")
        ttl = self.default_ttl if ttl is None else ttl
        if isinstance(ttl, bool) or not isinstance(ttl, int) or not 1 <= ttl <= MAX_TTL:
            raise DomainError("invalid_ttl", f"ttl is a whole number of seconds from 1 to {MAX_TTL}", "ttl")
        expires = int(self.clock()) + ttl
        pairs = [*params.items(), (EXPIRES, str(expires))]
        query = urlencode(sorted(pairs) + [(SIGNATURE, self.signature(path, pairs))])
        return f"{path}?{query}", expires

    def verify(self, path: str, pairs: list[tuple[str, str]]) -> None:
        """Nothing if the link is genuine and current; Forbidden (403) otherwise."""
        given = [value for name, value in pairs if name == SIGNATURE]
        expires = [value for name, value in pairs if name == EXPIRES]
        if not self.enabled or len(given) != 1 or len(expires) != 1:
            raise Forbidden("invalid_signature", "this read link is not signed by this service", SIGNATURE)
        if not hmac.compare_digest(given[0], self.signature(path, pairs)):
            raise Forbidden("invalid_signature", "this read link's signature does not match its path and "
                                                 "parameters", SIGNATURE)
        if not expires[0].isdigit() or int(expires[0]) < self.clock():
            raise Forbidden("link_expired", "this read link has expired; ask for a new one", EXPIRES)
