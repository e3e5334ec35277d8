"""The queries of floor monitoring: alerts, tallies, and what the clock rules and the floor read."""

from __future__ import annotations

from typing import Any, Collection, Sequence

from sqlalchemy import Row, Text, bindparam, cast, delete, func, select, update
from sqlalchemy.orm import Bundle
from sqlalchemy.orm import Session

from roadsvc.domain.monitoring.subjects import TABLE as TABLE_SUBJECT
from roadsvc.persistence.models import (
    ALERT_RESOLVED, OPEN, Alert, AuditRecord, Hand, MonitorTally, Shoe, Table,
)


def active_alert(session: Session, table_id: int, subject: str, code: str) -> Alert | None:
    """The unresolved alert of (table, subject, code), if any (at most one: a unique index)."""
    query = select(Alert).where(Alert.table_id == table_id, Alert.subject == subject, Alert.code == code,
                                Alert.state != ALERT_RESOLVED)
    return session.scalars(query).first()


def any_alert(session: Session, table_id: int, subject: str, code: str) -> bool:
    """Whether (table, subject, code) was ever raised, resolved or not."""
    query = select(Alert.id).where(Alert.table_id == table_id, Alert.subject == subject, Alert.code == code)
    return session.scalars(query.limit(1)).first() is not None


def active_alerts_with_codes(session: Session, codes: Sequence[str], kind: str | None = None,
                             game: str | None = None) -> Sequence[Alert]:
    """The unresolved alerts of these codes; only those about subjects of `kind` (`shoe`, `table`,
    `match`: roadsvc.domain.monitoring.subjects) at tables of `game`, when given. A game's clock pass
    reads only the subjects it owns: another game's alert of the same code is none of its business."""
    if not codes:
        return []
    query = select(Alert).where(Alert.code.in_(codes), Alert.state != ALERT_RESOLVED)
    if kind == TABLE_SUBJECT:
        query = query.where(Alert.subject == TABLE_SUBJECT)
    elif kind is not None:
        query = query.where(Alert.subject.like(f"{kind}:%"))
    if game is not None:
        query = query.join(Table, Table.id == Alert.table_id).where(Table.game == game)
    return session.scalars(query.order_by(Alert.id)).all()


def alert_for_update(session: Session, alert_id: int) -> Alert | None:
    return session.scalars(select(Alert).where(Alert.id == alert_id).with_for_update()).first()


def find_alerts(session: Session, filters: dict[str, Any], offset: int, limit: int) -> tuple[Sequence[Alert], int]:
    """Alerts matching `filters` (state, severity, table_id, code), newest first, and how many match."""
    conditions = [getattr(Alert, name) == value for name, value in filters.items() if value is not None]
    total = session.scalar(select(func.count(Alert.id)).where(*conditions)) or 0
    query = select(Alert).where(*conditions).order_by(Alert.id.desc()).offset(offset).limit(limit)
    return session.scalars(query).all(), total


def bump_tally(session: Session, table_id: int, subject: str, code: str, shoe_id: int | None = None) -> int:
    """One more of `code` about the table's subject; the new count. The caller holds the
    subject's lock (its shoe's or its table's row)."""
    query = (update(MonitorTally)
             .where(MonitorTally.table_id == table_id, MonitorTally.subject == subject, MonitorTally.code == code)
             .values(count=MonitorTally.count + 1).returning(MonitorTally.count)
             .execution_options(synchronize_session=False))
    count = session.execute(query).scalar()
    if count is None:
        session.add(MonitorTally(table_id=table_id, subject=subject, shoe_id=shoe_id, code=code, count=1))
        session.flush()
        count = 1
    return count


def restart_tally(session: Session, table_id: int, subject: str, code: str) -> None:
    """The count of `code` about the table's subject starts again from nothing."""
    session.execute(delete(MonitorTally).where(MonitorTally.table_id == table_id, MonitorTally.subject == subject,
                                               MonitorTally.code == code)
                    .execution_options(synchronize_session=False))


def open_shoes_with_activity(session: Session) -> Sequence[Row]:
    """(Shoe, Table, last hand's time or None, hands posted) of every open shoe."""
    last = (select(Hand.shoe_id, func.max(Hand.created_at).label("last_at"), func.max(Hand.number).label("posted"))
            .join(Shoe, Shoe.id == Hand.shoe_id).where(Shoe.status == OPEN)  # not the whole history's hands
            .group_by(Hand.shoe_id).subquery())
    query = (select(Shoe, Table, last.c.last_at, last.c.posted)
             .join(Table, Table.id == Shoe.table_id)
             .outerjoin(last, last.c.shoe_id == Shoe.id)
             .where(Shoe.status == OPEN).order_by(Shoe.id))
    return session.execute(query).all()


def _alert_counts(some: bool):
    query = (select(Alert.table_id, Alert.state, Alert.severity, func.count(Alert.id), func.max(Alert.updated_at))
             .where(Alert.state != ALERT_RESOLVED)
             .group_by(Alert.table_id, Alert.state, Alert.severity))
    return query.where(Alert.table_id.in_(bindparam("ids", expanding=True))) if some else query


_ALERT_COUNTS = {False: _alert_counts(False), True: _alert_counts(True)}  # built once: the floor's every build


def open_alert_counts(session: Session, table_ids: Collection[int] | None = None) -> Sequence[Row]:
    """(table_id, state, severity, count, newest change) of the unresolved alerts (of these tables)."""
    some = table_ids is not None
    return session.execute(_ALERT_COUNTS[some], {"ids": list(table_ids)} if some else {}).all()


def hand_times(session: Session, shoe_ids: Sequence[int]) -> Sequence[Row]:
    """(shoe_id, number, voided, created_at, data as JSON text) of every hand of these shoes, in order."""
    query = (select(Hand.shoe_id, Hand.number, Hand.voided, Hand.created_at, cast(Hand.data, Text).label("data"))
             .where(Hand.shoe_id.in_(shoe_ids)).order_by(Hand.shoe_id, Hand.number))
    return session.execute(query).all()


def correction_counts(session: Session, shoe_ids: Sequence[int]) -> dict[int, int]:
    query = (select(AuditRecord.shoe_id, func.count(AuditRecord.id))
             .where(AuditRecord.shoe_id.in_(shoe_ids), AuditRecord.action == "correct")
             .group_by(AuditRecord.shoe_id))
    return dict(session.execute(query).all())


_FLOOR_TABLE = Bundle("table", Table.id, Table.name, Table.rule_set, Table.game, Table.settings)
_FLOOR_SHOE = Bundle("shoe", Shoe.id, Shoe.number, Shoe.revision, Shoe.status, Shoe.decks, Shoe.burn_card,
                     Shoe.burn_count, Shoe.last_hand, Shoe.opened_at)


def _floor_rows(some: bool):
    newest = select(Shoe.table_id, func.max(Shoe.number).label("number")).group_by(Shoe.table_id)
    query = select(_FLOOR_TABLE, _FLOOR_SHOE)
    if some:
        ids = bindparam("ids", expanding=True)
        newest, query = newest.where(Shoe.table_id.in_(ids)), query.where(Table.id.in_(ids))
    newest = newest.subquery()
    return (query.outerjoin(newest, newest.c.table_id == Table.id)
            .outerjoin(Shoe, (Shoe.table_id == Table.id) & (Shoe.number == newest.c.number))
            .order_by(Table.id))


_FLOOR_ROWS = {False: _floor_rows(False), True: _floor_rows(True)}  # built once: the floor's every build


def floor_rows(session: Session, table_ids: Collection[int] | None = None) -> list[tuple[Row, Row | None]]:
    """(table, its newest shoe or None) of every table (or of these), by table id: plain rows (the
    columns the floor shows), not ORM objects, which would cost most of a 304."""
    some = table_ids is not None
    rows = session.execute(_FLOOR_ROWS[some], {"ids": list(table_ids)} if some else {})
    return [(table, shoe if shoe.id is not None else None) for table, shoe in rows]
