"""The 百人牛牛 queries: a table's rounds, the slips and bets of a round, its state row."""

from __future__ import annotations

from datetime import datetime
from typing import Collection

from sqlalchemy import Row, bindparam, case, func, select, update
from sqlalchemy.orm import Session

from roadsvc.domain.games import NIUNIU
from roadsvc.domain.niuniu.rounds import SETTLED, VOIDED
from roadsvc.persistence.models import NiuniuAudit, NiuniuBet, NiuniuRound, NiuniuSlip, NiuniuTableState, Table, utcnow
from roadsvc.persistence.models.niuniu import SLIP_OPEN


def table(session: Session, table_id: int, for_update: bool = False) -> Table | None:
    query = select(Table).where(Table.id == table_id)
    return session.scalars(query.with_for_update() if for_update else query).one_or_none()


def tables_of(session: Session, table_ids: list[int]) -> list[Table]:
    """The niuniu tables among `table_ids`, by id."""
    if not table_ids:
        return []
    return list(session.scalars(select(Table).where(Table.id.in_(table_ids), Table.game == NIUNIU).order_by(Table.id)))


def table_revisions(session: Session, table_ids: Collection[int] | None = None) -> dict[int, int]:
    """{table id: revision} of every niuniu table (or of these)."""
    query = select(Table.id, Table.revision).where(Table.game == NIUNIU)
    if table_ids is not None:
        query = query.where(Table.id.in_(table_ids))
    return dict(session.execute(query).all())


_TABLES = Table.__table__
_BUMP_TABLE_REVISION = (update(_TABLES).where(_TABLES.c.id == bindparam("table_id"))
                        .values(revision=_TABLES.c.revision + 1, updated_at=bindparam("now"))
                        .returning(_TABLES.c.revision))


def bump_table_revision(session: Session, table_id: int) -> int:
    """The table's revision + 1 (the trend road's and the lobby's cache key); returns the new one. One
    prepared Core statement, as a shoe's bump (repositories.bump_revision): no ORM bulk update (its
    criteria compiled and its objects synchronised on each call); the revision and its time are not
    chained (persistence.records). A Table object the session holds keeps its old revision."""
    return session.execute(_BUMP_TABLE_REVISION, {"table_id": table_id, "now": utcnow()}).scalar_one()


def round_at(session: Session, table_id: int, number: int, for_update: bool = False) -> NiuniuRound | None:
    query = select(NiuniuRound).where(NiuniuRound.table_id == table_id, NiuniuRound.number == number)
    return session.scalars(query.with_for_update() if for_update else query).one_or_none()


def last_round(session: Session, table_id: int) -> NiuniuRound | None:
    query = (select(NiuniuRound).where(NiuniuRound.table_id == table_id)
             .order_by(NiuniuRound.number.desc()).limit(1))
    return session.scalars(query).one_or_none()


def tables_with_newest_round(session: Session) -> list[tuple[Table, int | None, str | None, datetime | None]]:
    """(table, its newest round's number, phase and last change, or Nones) of every niuniu table, by id."""
    newest = (select(NiuniuRound.table_id, func.max(NiuniuRound.number).label("number"))
              .group_by(NiuniuRound.table_id).subquery())
    query = (select(Table, NiuniuRound.number, NiuniuRound.status, NiuniuRound.updated_at)
             .outerjoin(newest, newest.c.table_id == Table.id)
             .outerjoin(NiuniuRound, (NiuniuRound.table_id == Table.id) & (NiuniuRound.number == newest.c.number))
             .where(Table.game == NIUNIU).order_by(Table.id))
    return [tuple(row) for row in session.execute(query)]


def states_with_betting(session: Session) -> list[NiuniuTableState]:
    """The states of the tables whose round has a betting window (open or closed)."""
    return list(session.scalars(select(NiuniuTableState).where(NiuniuTableState.betting.is_not(None))
                                .order_by(NiuniuTableState.table_id)))


def rounds_page(session: Session, table_id: int, after: int, limit: int) -> list[NiuniuRound]:
    query = (select(NiuniuRound).where(NiuniuRound.table_id == table_id, NiuniuRound.number > after)
             .order_by(NiuniuRound.number).limit(limit))
    return list(session.scalars(query))


def settled_rounds(session: Session, table_id: int) -> list[NiuniuRound]:
    query = (select(NiuniuRound).where(NiuniuRound.table_id == table_id, NiuniuRound.status == "settled")
             .order_by(NiuniuRound.number))
    return list(session.scalars(query))


def round_count(session: Session, table_id: int) -> int:
    return session.scalar(select(func.count()).select_from(NiuniuRound).where(NiuniuRound.table_id == table_id))


def open_slips(session: Session, table_id: int, number: int, account_id: str | None = None,
               statuses: tuple[str, ...] = (SLIP_OPEN,)) -> list[NiuniuSlip]:
    """The round's slips in `statuses` (open ones by default), oldest first."""
    query = select(NiuniuSlip).where(NiuniuSlip.table_id == table_id, NiuniuSlip.round_number == number,
                                     NiuniuSlip.status.in_(statuses))
    if account_id is not None:
        query = query.where(NiuniuSlip.account_id == account_id)
    return list(session.scalars(query.order_by(NiuniuSlip.id)))


def slip_by_client_id(session: Session, table_id: int, client_slip_id: str) -> NiuniuSlip | None:
    return session.scalar(select(NiuniuSlip).where(NiuniuSlip.table_id == table_id,
                                                   NiuniuSlip.client_slip_id == client_slip_id))


def bets_of(session: Session, slip_ids: list[int]) -> list[NiuniuBet]:
    if not slip_ids:
        return []
    return list(session.scalars(select(NiuniuBet).where(NiuniuBet.slip_id.in_(slip_ids)).order_by(NiuniuBet.id)))


def state(session: Session, table_id: int, for_update: bool = False) -> NiuniuTableState:
    """The table's queue-and-seats row, made on first use."""
    query = select(NiuniuTableState).where(NiuniuTableState.table_id == table_id)
    row = session.scalars(query.with_for_update() if for_update else query).one_or_none()
    if row is None:
        row = NiuniuTableState(table_id=table_id, queue={}, seating={}, balances={}, late_slips=0, refused_rounds=0)
        session.add(row)
        session.flush()
    return row


def state_or_none(session: Session, table_id: int) -> NiuniuTableState | None:
    return session.get(NiuniuTableState, table_id)


def audit_of(session: Session, table_id: int, number: int | None = None) -> list[NiuniuAudit]:
    query = select(NiuniuAudit).where(NiuniuAudit.table_id == table_id)
    if number is not None:
        query = query.where(NiuniuAudit.round_number == number)
    return list(session.scalars(query.order_by(NiuniuAudit.id)))


# The house's money and the shift report (services.niuniu.ledger, services.pit)

def settled_between(session: Session, begins: datetime, ends: datetime, table_id: int | None = None) -> list[Row]:
    """(table_id, number, banker_account, settlement) of the rounds settled in [begins, ends) and not voided
    since, of one table or all, by table and number."""
    query = (select(NiuniuRound.table_id, NiuniuRound.number, NiuniuRound.banker_account, NiuniuRound.settlement)
             .where(NiuniuRound.status == SETTLED, NiuniuRound.settled_at >= begins,
                    NiuniuRound.settled_at < ends)
             .order_by(NiuniuRound.table_id, NiuniuRound.number))
    if table_id is not None:
        query = query.where(NiuniuRound.table_id == table_id)
    return list(session.execute(query))


def dealt_between(session: Session, begins: datetime, ends: datetime) -> list[Row]:
    """Per table: (table_id, rounds posted in [begins, ends), of them voided now)."""
    query = (select(NiuniuRound.table_id, func.count(NiuniuRound.id),
                    func.sum(case((NiuniuRound.status == VOIDED, 1), else_=0)))
             .where(NiuniuRound.created_at >= begins, NiuniuRound.created_at < ends)
             .group_by(NiuniuRound.table_id).order_by(NiuniuRound.table_id))
    return list(session.execute(query))


def audit_between(session: Session, begins: datetime, ends: datetime) -> list[NiuniuAudit]:
    """Every audit record (voids, corrections, leaves) written in [begins, ends), oldest first."""
    query = select(NiuniuAudit).where(NiuniuAudit.at >= begins, NiuniuAudit.at < ends)
    return list(session.scalars(query.order_by(NiuniuAudit.id)))
