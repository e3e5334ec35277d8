"""The queries behind the house's money (issue 24): settled bets as ledger lines, and the
floor's per-table sums in one grouped read."""

from __future__ import annotations

from datetime import datetime
from typing import Collection, Sequence

from sqlalchemy import Row, func, select
from sqlalchemy.orm import Session

from roadsvc.persistence.models import Bet, BetSlip, Hand, Shoe

SETTLED = ("win", "lose", "push")  # bets that took money: void, cancelled and unsettled ones did not

_LINES = (select(Bet.shoe_id, Bet.hand_number, Bet.account_id, Bet.code, Bet.stake, Bet.net, BetSlip.rules,
                 Shoe.table_id, Shoe.decks)
          .join(BetSlip, BetSlip.id == Bet.slip_id).join(Shoe, Shoe.id == Bet.shoe_id)
          .where(Bet.status.in_(SETTLED)).order_by(Bet.id))


def shoe_lines(session: Session, shoe_id: int) -> Sequence[Row]:
    return session.execute(_LINES.where(Bet.shoe_id == shoe_id)).all()


def period_lines(session: Session, begins: datetime, ends: datetime, table_id: int | None = None) -> Sequence[Row]:
    """Bets settled in [begins, ends), of one table or all."""
    query = _LINES.where(Bet.settled_at >= begins, Bet.settled_at < ends)
    if table_id is not None:
        query = query.where(Shoe.table_id == table_id)
    return session.execute(query).all()


def table_sums(session: Session, begins: datetime, ends: datetime,
               table_ids: Collection[int] | None = None) -> Sequence[Row]:
    """Per table (every one, or these): (table_id, turnover, bettors' net, bets) of the bets settled in
    [begins, ends)."""
    query = (select(Shoe.table_id, func.sum(Bet.stake), func.sum(Bet.net), func.count(Bet.id))
             .join(Shoe, Shoe.id == Bet.shoe_id)
             .where(Bet.status.in_(SETTLED), Bet.settled_at >= begins, Bet.settled_at < ends)
             .group_by(Shoe.table_id))
    if table_ids is not None:
        query = query.where(Shoe.table_id.in_(table_ids))
    return session.execute(query).all()


def open_stakes(session: Session, shoe_id: int, hand_number: int) -> dict[str, tuple[int, int]]:
    """The open bets of a hand by code: (stake in cents, bets)."""
    query = (select(Bet.code, func.sum(Bet.stake), func.count(Bet.id))
             .where(Bet.shoe_id == shoe_id, Bet.hand_number == hand_number, Bet.status == "open")
             .group_by(Bet.code))
    return {code: (int(stake), int(count)) for code, stake, count in session.execute(query)}


def counted_hand_numbers(session: Session, shoe_id: int) -> list[int]:
    query = select(Hand.number).where(Hand.shoe_id == shoe_id, Hand.voided.is_(False)).order_by(Hand.number)
    return list(session.scalars(query))
