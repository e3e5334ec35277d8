"""What a use case refuses, by kind; the API maps each kind to its HTTP status.

Rule violations in the input are `roadsvc.domain.errors.DomainError` (422). These are
the other refusals: something missing (404), a state that forbids the request (409),
and a caller that may not do it (401/403).
"""

from __future__ import annotations

from roadsvc.domain.errors import DomainError


class ServiceError(Exception):
    """Base of the refusals below; same shape as DomainError: code, message, field (and
    `details`: more names for the body, e.g. the table's game of a wrong_game)."""

    details: dict | None = None

    def __init__(self, code: str, message: str, field: str | None = None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.field = field

    def as_dict(self) -> dict:
        return {"code": self.code, "message": self.message, "field": self.field, **(self.details or {})}


class NotFound(ServiceError):
    """The thing named does not exist (404)."""


class Conflict(ServiceError):
    """The request is well formed but the current state refuses it (409)."""


class Unauthenticated(ServiceError):
    """No key, or a key that is unknown or revoked (401)."""


class Forbidden(ServiceError):
    """A valid key whose role or table binding does not allow this (403)."""


class TooManyRequests(ServiceError):
    """A rate limit is spent (429); `retry_after` is the whole seconds until it refills."""

    def __init__(self, code: str, message: str, retry_after: int, field: str | None = None):
        super().__init__(code, message, field)
        self.retry_after = retry_after


__all__ = ["DomainError", "ServiceError", "NotFound", "Conflict", "Unauthenticated", "Forbidden", "TooManyRequests"]
