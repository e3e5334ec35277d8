"""The audit log: every void and correction of a hand, who did it, when, before, after, why.

Written in the transaction of the change it records, so there is never a change without
its record nor a record without its change.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import AuditRecord, Shoe
from roadsvc.services.errors import DomainError, NotFound

MAX_REASON = 500


def check_reason(reason: Any, field: str = "reason") -> str:
    text = reason.strip() if isinstance(reason, str) else ""
    if not text:
        raise DomainError(f"{field}_required", f"say why (a {field} is required)", field)
    if len(text) > MAX_REASON:
        raise DomainError(f"{field}_too_long", f"a {field} is at most {MAX_REASON} characters", field)
    return text


def record(
    session: Session,
    shoe_id: int,
    hand_number: int,
    action: str,
    actor: str,
    reason: str,
    before: dict[str, Any] | None,
    after: dict[str, Any] | None,
) -> AuditRecord:
    entry = AuditRecord(
        shoe_id=shoe_id, hand_number=hand_number, action=action, actor=actor, reason=reason, before=before, after=after
    )
    session.add(entry)
    return entry


def audit_log(db: Database, shoe_id: int) -> list[AuditRecord]:
    with db.read() as session:
        if session.get(Shoe, shoe_id) is None:
            raise NotFound("shoe_not_found", f"no shoe {shoe_id}", "shoe_id")
        query = select(AuditRecord).where(AuditRecord.shoe_id == shoe_id).order_by(AuditRecord.id)
        return list(session.scalars(query))
