"""The records a dealer's figures are read from (issue 45): the stints (each table's dealer changes), each
table's game, and what was dealt, refused, corrected, held and settled in a period, with the dealer then."""

from __future__ import annotations

from datetime import datetime
from typing import Sequence

from sqlalchemy import Row, select
from sqlalchemy.orm import Session

from roadsvc.persistence.models import (
    AuditRecord, Bet, BetSlip, DabangDeal, DabangMatch, DealerChange, DealerIncident, Hand, HeldHand, NiuniuAudit,
    NiuniuRound, Shoe, Table,
)

def changes_until(session: Session, ends: datetime) -> Sequence[DealerChange]:
    """Every change before `ends`, oldest first (the stints are read from them)."""
    query = select(DealerChange).where(DealerChange.changed_at < ends).order_by(
        DealerChange.table_id, DealerChange.changed_at, DealerChange.id)
    return session.scalars(query).all()


def table_games(session: Session) -> dict[int, str]:
    return {table_id: game for table_id, game in session.execute(select(Table.id, Table.game))}


# The games dealt in a period: (table_id, dealer_id, dealt at, voided). Core statements on the tables, not the
# mapped classes: a shift's thousands of rows skip the ORM's per-row work (bench/dealers_pass.py).

_HANDS, _SHOES, _ROUNDS = Hand.__table__, Shoe.__table__, NiuniuRound.__table__
_DEALS, _MATCHES, _INCIDENTS = DabangDeal.__table__, DabangMatch.__table__, DealerIncident.__table__


def baccarat_hands(session: Session, begins: datetime, ends: datetime) -> Sequence[Row]:
    query = (select(_SHOES.c.table_id, _HANDS.c.dealer_id, _HANDS.c.created_at, _HANDS.c.voided)
             .select_from(_HANDS.join(_SHOES, _SHOES.c.id == _HANDS.c.shoe_id))
             .where(_HANDS.c.created_at >= begins, _HANDS.c.created_at < ends))
    return session.execute(query).all()


def niuniu_rounds(session: Session, begins: datetime, ends: datetime) -> Sequence[Row]:
    query = (select(_ROUNDS.c.table_id, _ROUNDS.c.dealer_id, _ROUNDS.c.created_at,
                    (_ROUNDS.c.status == "voided").label("voided"))
             .where(_ROUNDS.c.created_at >= begins, _ROUNDS.c.created_at < ends))
    return session.execute(query).all()


def dabang_deals(session: Session, begins: datetime, ends: datetime) -> Sequence[Row]:
    query = (select(_MATCHES.c.table_id, _DEALS.c.dealer_id, _DEALS.c.started_at)
             .select_from(_DEALS.join(_MATCHES, _MATCHES.c.id == _DEALS.c.match_id))
             .where(_DEALS.c.started_at >= begins, _DEALS.c.started_at < ends))
    return session.execute(query).all()


def incidents(session: Session, begins: datetime, ends: datetime) -> Sequence[Row]:
    """(dealer_id, game, kind) of each refusal and late slip in the period."""
    query = (select(_INCIDENTS.c.dealer_id, _INCIDENTS.c.game, _INCIDENTS.c.kind)
             .where(_INCIDENTS.c.at >= begins, _INCIDENTS.c.at < ends))
    return session.execute(query).all()


def baccarat_corrections(session: Session, begins: datetime, ends: datetime) -> Sequence[Row]:
    """Voids and corrections made in the period of hands: (action, the hand's dealer, the table)."""
    query = (select(AuditRecord.action, Hand.dealer_id, Shoe.table_id)
             .join(Hand, (Hand.shoe_id == AuditRecord.shoe_id) & (Hand.number == AuditRecord.hand_number))
             .join(Shoe, Shoe.id == AuditRecord.shoe_id)
             .where(AuditRecord.action.in_(("void", "correct")), AuditRecord.at >= begins, AuditRecord.at < ends))
    return session.execute(query).all()


def niuniu_corrections(session: Session, begins: datetime, ends: datetime) -> Sequence[Row]:
    query = (select(NiuniuAudit.action, NiuniuRound.dealer_id, NiuniuAudit.table_id)
             .join(NiuniuRound, (NiuniuRound.table_id == NiuniuAudit.table_id)
                   & (NiuniuRound.number == NiuniuAudit.round_number))
             .where(NiuniuAudit.action.in_(("void", "correction")), NiuniuAudit.at >= begins, NiuniuAudit.at < ends))
    return session.execute(query).all()


def held_hands(session: Session, begins: datetime, ends: datetime) -> Sequence[Row]:
    """VIP and squeeze hands opened in the period: (held_at, deadline, opened_at, how, the hand's dealer,
    the table's settings)."""
    query = (select(HeldHand.held_at, HeldHand.deadline, HeldHand.opened_at, HeldHand.opened_how, Hand.dealer_id,
                    Table.settings)
             .join(Hand, (Hand.shoe_id == HeldHand.shoe_id) & (Hand.number == HeldHand.number))
             .join(Shoe, Shoe.id == HeldHand.shoe_id).join(Table, Table.id == Shoe.table_id)
             .where(HeldHand.opened_at >= begins, HeldHand.opened_at < ends))
    return session.execute(query).all()


def baccarat_bets(session: Session, begins: datetime, ends: datetime) -> Sequence[Row]:
    """Bets settled in the period with the hand's dealer, as the money's ledger lines read them."""
    query = (select(Bet.shoe_id, Bet.hand_number, Bet.account_id, Bet.code, Bet.stake, Bet.net, BetSlip.rules,
                    Shoe.table_id, Shoe.decks, Hand.dealer_id)
             .join(BetSlip, BetSlip.id == Bet.slip_id).join(Shoe, Shoe.id == Bet.shoe_id)
             .join(Hand, (Hand.shoe_id == Bet.shoe_id) & (Hand.number == Bet.hand_number))
             .where(Bet.status.in_(("win", "lose", "push")), Bet.settled_at >= begins, Bet.settled_at < ends)
             .order_by(Bet.id))
    return session.execute(query).all()


def niuniu_settled(session: Session, begins: datetime, ends: datetime) -> Sequence[Row]:
    """百人牛牛 rounds settled in the period: (table_id, number, banker_account, settlement, dealer_id)."""
    query = (select(NiuniuRound.table_id, NiuniuRound.number, NiuniuRound.banker_account, NiuniuRound.settlement,
                    NiuniuRound.dealer_id)
             .where(NiuniuRound.status == "settled", NiuniuRound.settled_at >= begins, NiuniuRound.settled_at < ends))
    return session.execute(query).all()
