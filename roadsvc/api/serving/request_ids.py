"""Request IDs: the caller's `X-Request-ID` when it is safe to repeat, else a new one.

Echoed on every answer, put in every error body and bound to every log line of the
request. A valid ID is 1-128 characters of letters, digits and `._:-` (a UUID, a ULID,
a load balancer's trace id); anything else is replaced, never refused: a bad header
must not cost the caller its request, nor put control characters into the logs.
"""

from __future__ import annotations

import itertools
import os
import re
import secrets

from flask import has_request_context, request

HEADER = "X-Request-ID"
ENVIRON_KEY = "roadsvc.request_id"  # set by roadsvc.api.serving.operations.RequestEnvelope
MAX_LENGTH = 128
VALID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:-]{0,%d}" % (MAX_LENGTH - 1))


class RequestIds:
    """New request IDs: 32 hex digits, a random 64-bit prefix per process and a counter.
    Unique across workers and restarts as a UUID4 is, at a sixth of its cost (no urandom
    per request); a forked worker draws its own prefix."""

    def __init__(self) -> None:
        self.reset()
        os.register_at_fork(after_in_child=self.reset)

    def reset(self) -> None:
        self.prefix, self.counter = secrets.token_hex(8), itertools.count()

    def new(self) -> str:
        return f"{self.prefix}{next(self.counter) & 0xFFFFFFFFFFFFFFFF:016x}"


IDS = RequestIds()


def accepted_or_new(value: str | None) -> str:
    if value and VALID.fullmatch(value):
        return value
    return IDS.new()


def current_request_id() -> str | None:
    """The answering request's id (None outside a request)."""
    return request.environ.get(ENVIRON_KEY) if has_request_context() else None
