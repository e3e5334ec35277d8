"""The audit trail of administrative changes: who, when, what, before and after.

Kinds: table.created, table.updated (name, rule set, settings); key.created, key.revoked,
key.rotated; shoe.opened, shoe.cut_card, shoe.closed; alert.acknowledged, alert.resolved (an
alert about no shoe: a table's, a match's; roadsvc.services.alerts); match.stopped (a 打棒 match a pit
boss ended, with the reason). A record is written in the
transaction of the change it records, so neither exists without the other. Hand voids
and corrections keep their own log, per shoe (roadsvc.services.baccarat.audit).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import AdminAuditRecord
from roadsvc.services.errors import DomainError

KINDS = (
    "table.created", "table.updated",
    "key.created", "key.revoked", "key.rotated",
    "shoe.opened", "shoe.cut_card", "shoe.closed",
    "alert.acknowledged", "alert.resolved",
    "match.stopped",
    "dealer.registered",  # issue 45: a dealer on the roster (a dealer change is its own record: dealer_changes)
    "account.linked", "account.unlinked",
)  # fmt: skip
MAX_PAGE_SIZE = 100
MAX_REASON = 500  # a reason or a note given for an audited change, in any game


def check_reason(reason: Any, field: str = "reason") -> str:
    """The reason (or note) given for a change, stripped; refused when empty or too long."""
    text = reason.strip() if isinstance(reason, str) else ""
    if not text:
        raise DomainError(f"{field}_required", f"say why (a {field} is required)", field)
    if len(text) > MAX_REASON:
        raise DomainError(f"{field}_too_long", f"a {field} is at most {MAX_REASON} characters", field)
    return text


@dataclass(frozen=True, slots=True)
class Actor:
    """Who made a change: a key (the API) or an operator's command (key_id None)."""

    name: str
    key_id: int | None = None


SYSTEM = Actor("system")


def record(
    session: Session,
    kind: str,
    actor: Actor | None,
    subject: str,
    table_id: int | None = None,
    before: dict[str, Any] | None = None,
    after: dict[str, Any] | None = None,
) -> None:
    actor = actor or SYSTEM
    entry = AdminAuditRecord(
        kind=kind, actor=actor.name[:120], key_id=actor.key_id, table_id=table_id, subject=subject, before=before, after=after
    )
    session.add(entry)


def check_kind(kind: str | None) -> str | None:
    if kind is not None and kind not in KINDS:
        raise DomainError("invalid_kind", f"kind must be one of {', '.join(KINDS)}", "kind")
    return kind


def trail(
    db: Database, table_id: int | None = None, kind: str | None = None, page: int = 1, page_size: int = 20
) -> tuple[list[AdminAuditRecord], int]:
    """One page of records, newest first, and how many match in all."""
    check_kind(kind)
    query = select(AdminAuditRecord)
    if table_id is not None:
        query = query.where(AdminAuditRecord.table_id == table_id)
    if kind is not None:
        query = query.where(AdminAuditRecord.kind == kind)
    with db.read() as session:
        total = session.scalar(select(func.count()).select_from(query.subquery()))
        rows = session.scalars(query.order_by(AdminAuditRecord.id.desc()).offset((page - 1) * page_size).limit(page_size))
        return list(rows), int(total or 0)
