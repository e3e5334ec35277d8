"""The queries of the shift report (issue 24): what happened at each table in [begins, ends)."""

from __future__ import annotations

from datetime import datetime
from typing import Iterator, Sequence

from sqlalchemy import Row, and_, case, func, or_, select, union
from sqlalchemy.orm import Session

from roadsvc.domain.games import DABANG
from roadsvc.persistence.models import (Alert, AuditRecord, DabangDeal, DabangMatch, DabangMove, DealerIncident, Hand,
                                        Shoe, ShiftReport, ShiftReportFile, Table)
from roadsvc.persistence.models.dealers import REFUSAL

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


def dabang_matches(session: Session, begins: datetime, ends: datetime) -> dict[int, int]:
    """Per 打棒 table: its matches played in [begins, ends) (started, a deal begun or a move made in it)."""
    played = union(
        select(DabangMatch.id).where(DabangMatch.started_at >= begins, DabangMatch.started_at < ends),
        select(DabangDeal.match_id).where(DabangDeal.started_at >= begins, DabangDeal.started_at < ends),
        select(DabangDeal.match_id).join(DabangMove, DabangMove.deal_id == DabangDeal.id)
        .where(DabangMove.at >= begins, DabangMove.at < ends)).subquery()
    query = (select(DabangMatch.table_id, func.count(DabangMatch.id)).where(DabangMatch.id.in_(select(played.c[0])))
             .group_by(DabangMatch.table_id))
    return {table_id: int(count) for table_id, count in session.execute(query)}


def dabang_deals(session: Session, begins: datetime, ends: datetime) -> dict[int, int]:
    """Per 打棒 table: the deals begun in [begins, ends) (redeals too)."""
    query = (select(DabangMatch.table_id, func.count(DabangDeal.id))
             .join(DabangMatch, DabangMatch.id == DabangDeal.match_id)
             .where(DabangDeal.started_at >= begins, DabangDeal.started_at < ends).group_by(DabangMatch.table_id))
    return {table_id: int(count) for table_id, count in session.execute(query)}


def dabang_refusals(session: Session, begins: datetime, ends: datetime) -> dict[int, int]:
    """Per 打棒 table: the plays refused in [begins, ends), as the dealers' incidents record them (the one record of
    a refused play)."""
    query = (select(DealerIncident.table_id, func.count(DealerIncident.id))
             .where(DealerIncident.game == DABANG, DealerIncident.kind == REFUSAL,
                    DealerIncident.at >= begins, DealerIncident.at < ends).group_by(DealerIncident.table_id))
    return {table_id: int(count) for table_id, count in session.execute(query)}


def stored(session: Session, day: str, shift: str) -> ShiftReport | None:
    return session.scalars(select(ShiftReport).where(ShiftReport.day == day, ShiftReport.shift == shift)).first()


def stored_since(session: Session, since: datetime) -> Sequence[ShiftReport]:
    """The reports written at or after `since`, oldest first."""
    return session.scalars(select(ShiftReport).where(ShiftReport.written_at >= since).order_by(ShiftReport.id)).all()


def stored_file(session: Session, report_id: int, kind: str, language: str) -> Row | None:
    """(body, sha256) of a stored report's file: its bytes and the SHA-256 chained when it was written."""
    query = select(ShiftReportFile.body, ShiftReportFile.sha256).where(
        ShiftReportFile.report_id == report_id, ShiftReportFile.kind == kind, ShiftReportFile.language == language)
    return session.execute(query).first()


def stored_files(session: Session, batch: int = 50) -> Iterator[Row]:
    """(id, report_id, kind, language, body, sha256) of every stored file, by id, read a few at a time (a PDF is
    tens of kilobytes)."""
    after = 0
    while True:
        rows = session.execute(select(ShiftReportFile.id, ShiftReportFile.report_id, ShiftReportFile.kind,
                                      ShiftReportFile.language, ShiftReportFile.body, ShiftReportFile.sha256)
                               .where(ShiftReportFile.id > after).order_by(ShiftReportFile.id).limit(batch)).all()
        yield from rows
        if len(rows) < batch:
            return
        after = rows[-1].id


def written_keys(session: Session) -> dict[str, datetime]:
    """`<day>/<shift>` of every report stored: when it was written."""
    query = select(ShiftReport.day, ShiftReport.shift, ShiftReport.written_at)
    return {f"{day}/{shift}": written_at for day, shift, written_at in session.execute(query)}
