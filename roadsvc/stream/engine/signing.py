"""The engine's signed stream URLs: what roadsvc redirects an authorized stream to, and what nginx checks by
itself (its `secure_link` module) before nchan holds the stream.

A URL names the view's channel and the key's channel in its path, the engine message to go on after
(`from`, empty for a new stream) and an expiry (`expires`, Unix seconds); `sig` is nginx's secure_link
MD5 (base64url, unpadded) of `expires|path|from|secret`, with the secret roadsvc and the engine nodes
share (ROADSVC_ENGINE_SECRET). Changing a channel, the position or the expiry breaks the signature;
nginx refuses it (403), and an expired one (410). The fields cannot run into each other: `expires` is
digits (nginx refuses anything else), the path's channel names never hold the separator (the engine's
location only matches `[\\w.-]`), `from` is URL-encoded, and the secret comes last.

MD5 is the one hash nginx's secure_link offers. Here it signs what roadsvc chose, for seconds: a forger
would need a second preimage of one of roadsvc's URLs, not a collision of two of their own.
"""

from __future__ import annotations

import base64
import hashlib
import math
import re
import time
from dataclasses import dataclass, field
from typing import Callable
from urllib.parse import quote

MIN_SECRET = 16
CHANNEL = re.compile(r"[\w.-]+", re.ASCII)  # docs/nginx-engine.conf's subscriber location matches only these


def signature(secret: str, path: str, start: str, expires: int) -> str:
    """nginx's `secure_link_md5 "$secure_link_expires|$uri|$arg_from|<secret>"` for these values."""
    digest = hashlib.md5(f"{expires}|{path}|{start}|{secret}".encode("utf-8")).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


@dataclass(frozen=True, slots=True)
class EngineUrls:
    """Signs the engine's stream URLs with `secret`, each valid `ttl` seconds; `clock` gives Unix seconds
    (a test sets it)."""

    secret: str
    ttl: float
    subscribe_path: str
    clock: Callable[[], float] = field(default=time.time)

    def __post_init__(self) -> None:
        if len(self.secret) < MIN_SECRET:
            raise ValueError(f"ROADSVC_ENGINE_SECRET must have at least {MIN_SECRET} characters")
        if self.ttl <= 0:
            raise ValueError("ROADSVC_ENGINE_URL_TTL must be above 0 seconds")

    def url(self, channel: str, key_channel: str, message_id: str | None) -> str:
        """The signed path?query of the stream of `channel` and `key_channel`, after `message_id` (None: from
        the next message)."""
        for name in (channel, key_channel):
            if not CHANNEL.fullmatch(name):
                raise ValueError(f"an engine channel is letters, digits, '_', '.' and '-': {name!r}")
        path = f"{self.subscribe_path}/{channel}/{key_channel}"
        start = "" if message_id is None else quote(message_id, safe="")
        expires = math.ceil(self.clock() + self.ttl)
        query = f"from={start}&" if start else ""
        return f"{path}?{query}expires={expires}&sig={signature(self.secret, path, start, expires)}"
