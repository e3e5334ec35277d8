"""Who is calling (a key's `Principal`) and what it may do: the presented key, its hash, the role check and
`authorize` against the capability table (roadsvc.services.capabilities)."""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import datetime, timezone

from roadsvc.services.capabilities import MONITOR, ROLES, can, roles_with
from roadsvc.services.errors import DomainError, Forbidden

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


def aware(moment: datetime | None) -> datetime | None:
    """SQLite hands a plain Core select's datetimes back without their UTC offset."""
    return moment.replace(tzinfo=timezone.utc) if moment is not None and moment.tzinfo is None else moment



PAGE_ROLES = roles_with(MONITOR)
"""Roles whose key signs in to the pit boss's pages (roadsvc.services.pit.page_sessions)."""
