"""Queries of the VIP and squeeze tables' rows: held hands, charters, flown hands, requests."""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Collection, Sequence

from sqlalchemy import bindparam, func, select
from sqlalchemy.orm import Session

from roadsvc.persistence.models import (
    REQUEST_OPEN, Bet, BetSlip, Charter, FlownHand, HeldHand, Shoe, Table, TableRequest,
)

CANCELLED = "cancelled"


_HELD_HAND = select(HeldHand).where(HeldHand.shoe_id == bindparam("shoe_id"), HeldHand.number == bindparam("number"))
"""Built once: every post asks it (on any table), inside its write transaction."""


def held_hand(session: Session, shoe_id: int, number: int) -> HeldHand | None:
    """The shoe's hand `number` if it was held (opened or not)."""
    return session.scalars(_HELD_HAND, {"shoe_id": shoe_id, "number": number}).first()


def still_held(session: Session, shoe_id: int, number: int) -> HeldHand | None:
    held = held_hand(session, shoe_id, number)
    return held if held is not None and held.opened_at is None else None


def due_held_hands(session: Session, now: datetime) -> Sequence[tuple[HeldHand, int]]:
    """(held hand, table id) of every unopened hand whose deadline has come."""
    query = (select(HeldHand, Shoe.table_id).join(Shoe, Shoe.id == HeldHand.shoe_id)
             .where(HeldHand.opened_at.is_(None), HeldHand.deadline.is_not(None), HeldHand.deadline <= now)
             .order_by(HeldHand.deadline, HeldHand.id))
    return [(row[0], row[1]) for row in session.execute(query)]


def flown_hand(session: Session, shoe_id: int, number: int) -> FlownHand | None:
    return session.scalars(select(FlownHand).where(FlownHand.shoe_id == shoe_id,
                                                   FlownHand.hand_number == number)).first()


def active_charter(session: Session, table_id: int) -> Charter | None:
    return session.scalars(select(Charter).where(Charter.table_id == table_id, Charter.ended_at.is_(None))).first()


def first_bet_at(session: Session, shoe_id: int, number: int) -> datetime | None:
    """When the first slip with an accepted bet on the hand was placed."""
    query = (select(func.min(BetSlip.created_at)).join(Bet, Bet.slip_id == BetSlip.id)
             .where(Bet.shoe_id == shoe_id, Bet.hand_number == number, Bet.status != CANCELLED))
    first = session.scalar(query)
    return first if first is None or first.tzinfo else first.replace(tzinfo=timezone.utc)


def has_bets(session: Session, shoe_id: int, number: int, account_id: str | None = None) -> bool:
    query = select(Bet.id).where(Bet.shoe_id == shoe_id, Bet.hand_number == number, Bet.status != CANCELLED)
    if account_id is not None:
        query = query.where(Bet.account_id == account_id)
    return session.scalars(query.limit(1)).first() is not None


def open_requests(session: Session, table_id: int, kind: str | None = None) -> Sequence[TableRequest]:
    query = select(TableRequest).where(TableRequest.table_id == table_id, TableRequest.state == REQUEST_OPEN)
    if kind is not None:
        query = query.where(TableRequest.kind == kind)
    return session.scalars(query.order_by(TableRequest.id)).all()


def overdue_requests(session: Session, now: datetime) -> Sequence[TableRequest]:
    """Open requests past their due time not yet reported overdue."""
    return session.scalars(select(TableRequest).where(
        TableRequest.state == REQUEST_OPEN, TableRequest.due_at.is_not(None), TableRequest.due_at <= now,
        TableRequest.overdue_at.is_(None)).order_by(TableRequest.id)).all()


def table_for_update(session: Session, table_id: int) -> Table | None:
    return session.get(Table, table_id, with_for_update=True)



def _floor_modes(some: bool) -> tuple:
    held = (select(Shoe.table_id, HeldHand.number, HeldHand.deadline)
            .join(Shoe, Shoe.id == HeldHand.shoe_id).where(HeldHand.opened_at.is_(None)))
    charters = select(Charter.table_id, Charter.account_id).where(Charter.ended_at.is_(None))
    requests = (select(TableRequest.id, TableRequest.table_id, TableRequest.kind)
                .where(TableRequest.state == REQUEST_OPEN).order_by(TableRequest.id))
    if some:
        ids = bindparam("ids", expanding=True)
        held, charters = held.where(Shoe.table_id.in_(ids)), charters.where(Charter.table_id.in_(ids))
        requests = requests.where(TableRequest.table_id.in_(ids))
    return held, charters, requests


_FLOOR_MODES = {False: _floor_modes(False), True: _floor_modes(True)}  # built once: the floor's every build


def floor_modes(session: Session, table_ids: Collection[int] | None = None) -> tuple[Sequence, Sequence, Sequence]:
    """For the floor's tiles (issue 24), of every table (or of these), in three reads: unopened held
    hands (table id, number, deadline: never the cards), active charters (table id, account), open
    requests (id, table id, kind)."""
    some = table_ids is not None
    params = {"ids": list(table_ids)} if some else {}
    return tuple(session.execute(query, params).all() for query in _FLOOR_MODES[some])
