"""The queries of the shift report (issue 24): what happened at each table in [begins, ends)."""

from __future__ import annotations

from datetime import datetime
from typing import Sequence

from sqlalchemy import Row, and_, case, func, or_, select
from sqlalchemy.orm import Session

from roadsvc.persistence.models import Alert, AuditRecord, Hand, Shoe, ShiftReport, Table

CHANGES = ("void", "correct")


def tables(session: Session) -> dict[int, dict[str, str]]:
    """Every table's name and game, by id."""
    rows = session.execute(select(Table.id, Table.name, Table.game).order_by(Table.id))
    return {table_id: {"name": name, "game": game} for table_id, name, game in rows}


def hands(session: Session, begins: datetime, ends: datetime) -> Sequence[Row]:
    """Per table and shoe: (table_id, shoe_id, shoe number, hands posted, of them voided now)."""
    query = (select(Shoe.table_id, Shoe.id, Shoe.number, func.count(Hand.id),
                    func.sum(case((Hand.voided.is_(True), 1), else_=0)))
             .join(Shoe, Shoe.id == Hand.shoe_id)
             .where(Hand.created_at >= begins, Hand.created_at < ends)
             .group_by(Shoe.table_id, Shoe.id, Shoe.number).order_by(Shoe.id))
    return session.execute(query).all()


def changes(session: Session, begins: datetime, ends: datetime) -> Sequence[Row]:
    """Voids and corrections: (table_id, shoe number, hand, action, actor, reason, at)."""
    query = (select(Shoe.table_id, Shoe.number, AuditRecord.hand_number, AuditRecord.action, AuditRecord.actor,
                    AuditRecord.reason, AuditRecord.at)
             .join(Shoe, Shoe.id == AuditRecord.shoe_id)
             .where(AuditRecord.action.in_(CHANGES), AuditRecord.at >= begins, AuditRecord.at < ends)
             .order_by(AuditRecord.id))
    return session.execute(query).all()


def alerts(session: Session, begins: datetime, ends: datetime) -> Sequence[Alert]:
    """Alerts raised in the shift, or raised before it and not resolved when it began."""
    query = select(Alert).where(or_(and_(Alert.raised_at >= begins, Alert.raised_at < ends),
                                    and_(Alert.raised_at < begins,
                                         or_(Alert.resolved_at.is_(None), Alert.resolved_at >= begins))))
    return session.scalars(query.order_by(Alert.id)).all()


def stored(session: Session, day: str, shift: str) -> ShiftReport | None:
    return session.scalars(select(ShiftReport).where(ShiftReport.day == day, ShiftReport.shift == shift)).first()


def written_keys(session: Session) -> set[str]:
    """`<day>/<shift>` of every report written."""
    return {f"{day}/{shift}" for day, shift in session.execute(select(ShiftReport.day, ShiftReport.shift))}
