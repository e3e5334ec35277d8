"""The one error type the domain raises: a stable code, a message, the field."""

from __future__ import annotations


class DomainError(ValueError):
    """Input the rules refuse. `code` is stable; `field` names the offending input."""

    def __init__(self, code: str, message: str, field: str | None = None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.field = field

    def at(self, prefix: str) -> "DomainError":
        """The same error with its field nested under `prefix` (e.g. a hand number)."""
        field = f"{prefix}.{self.field}" if self.field else prefix
        return DomainError(self.code, self.message, field)

    def as_dict(self) -> dict:
        return {"code": self.code, "message": self.message, "field": self.field}
