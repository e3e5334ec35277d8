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
from roadsvc.services.errors import NotFound

# What an audit record keeps per account (money): only callers that may read money see it.
MONEY_KEYS = ("settlement", "refunded")


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


def audit_log(db: Database, shoe_id: int, with_money: bool = False) -> list[dict[str, Any]]:
    """The shoe's audit records, oldest first; per-account money only `with_money`."""
    with db.read() as session:
        if session.get(Shoe, shoe_id) is None:
            raise NotFound("shoe_not_found", f"no shoe {shoe_id}", "shoe_id")
        query = select(AuditRecord).where(AuditRecord.shoe_id == shoe_id).order_by(AuditRecord.id)
        return [_entry(record, with_money) for record in session.scalars(query)]


def _entry(record: AuditRecord, with_money: bool) -> dict[str, Any]:
    return {
        "id": record.id, "hand_number": record.hand_number, "action": record.action, "actor": record.actor,
        "at": record.at, "reason": record.reason,
        "before": _state(record.before, with_money), "after": _state(record.after, with_money),
    }


def _state(state: dict[str, Any] | None, with_money: bool) -> dict[str, Any] | None:
    if state is None or with_money:
        return state
    return {key: value for key, value in state.items() if key not in MONEY_KEYS}
