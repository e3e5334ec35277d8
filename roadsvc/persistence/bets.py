"""The queries of the bets ledger, each small and named for what it finds (models: Bet, BetSlip,
BettingClosure). Callers that check limits hold the shoe row locked first."""

from __future__ import annotations

from typing import Any, Sequence

from sqlalchemy import Row, Select, Text, bindparam, cast, delete, func, insert, select, text, update
from sqlalchemy.orm import Session

from roadsvc.domain.records import DELETE
from roadsvc.persistence.models import Bet, BetSlip, BettingClosure
from roadsvc.persistence.records.binding import bind_inserted, bind_rows

OPEN_STATUS, CANCELLED_STATUS = "open", "cancelled"  # cancelled: its round was cancelled before dealing


def delete_closure(session: Session, shoe_id: int, hand_number: int) -> None:
    deleted = session.scalars(
        delete(BettingClosure).where(BettingClosure.shoe_id == shoe_id, BettingClosure.hand_number == hand_number)
        .returning(BettingClosure.id)
    ).all()
    bind_rows(session, "betting_closures", deleted, DELETE)


# The statements of placing a slip and posting a hand are built once, with bound
# parameters (see repositories._LATEST_SHOE).
_CLOSURE = select(BettingClosure).where(
    BettingClosure.shoe_id == bindparam("shoe_id"), BettingClosure.hand_number == bindparam("hand_number")
)
_SLIP_BY_CLIENT_ID = select(BetSlip).where(
    BetSlip.table_id == bindparam("table_id"), BetSlip.client_slip_id == bindparam("client_slip_id")
)
_HAND_TOTALS = (
    select(Bet.code, func.sum(Bet.stake))
    .where(Bet.shoe_id == bindparam("shoe_id"), Bet.hand_number == bindparam("hand_number"),
           Bet.status != CANCELLED_STATUS)
    .group_by(Bet.code)
)


def closure(session: Session, shoe_id: int, hand_number: int) -> BettingClosure | None:
    return session.scalars(_CLOSURE, {"shoe_id": shoe_id, "hand_number": hand_number}).first()


def slip_by_client_id(session: Session, table_id: int, client_slip_id: str) -> BetSlip | None:
    return session.scalars(_SLIP_BY_CLIENT_ID, {"table_id": table_id, "client_slip_id": client_slip_id}).first()


def hand_totals(session: Session, shoe_id: int, hand_number: int) -> dict[str, int]:
    """Cents staked on the hand so far, by bet code (read under the shoe's lock)."""
    rows = session.execute(_HAND_TOTALS, {"shoe_id": shoe_id, "hand_number": hand_number})
    return {code: int(total) for code, total in rows}


def hand_bets(session: Session, shoe_id: int, hand_number: int) -> Sequence[Bet]:
    """Every bet of the hand, in the order they were placed."""
    query = select(Bet).where(Bet.shoe_id == shoe_id, Bet.hand_number == hand_number).order_by(Bet.id)
    return session.scalars(query).all()


def insert_lines(session: Session, values: list[dict[str, Any]]) -> list[int]:
    """Insert ledger lines (one executemany, no unit of work); their ids, in order."""
    if not values:
        return []
    query = insert(Bet).returning(Bet.id, sort_by_parameter_order=True)
    ids = list(session.scalars(query, values))
    bind_inserted(session, "bets", [{**line, "id": bet_id} for line, bet_id in zip(values, ids)])
    return ids


# Settling: plain rows in, one executemany UPDATE out (no unit of work for 40 lines).

# A slip's rules come as their stored text: the settling caches the RuleSet by that text, so a
# hand's 100 lines parse no JSON (the rules of most slips at a table are the same few texts).
LINE_COLUMNS = (Bet.id, Bet.slip_id, Bet.account_id, Bet.code, Bet.stake, Bet.held, Bet.net,
                cast(BetSlip.rules, Text).label("rules"))


def _lines_of_hand(kept) -> Select:
    return (
        select(*LINE_COLUMNS)
        .join(BetSlip, BetSlip.id == Bet.slip_id)
        .where(Bet.shoe_id == bindparam("shoe_id"), Bet.hand_number == bindparam("hand_number"), kept)
        .order_by(Bet.id)
    )


_HAND_LINES = _lines_of_hand(Bet.status != CANCELLED_STATUS)
_HAND_LINES_OF_STATUS = _lines_of_hand(Bet.status == bindparam("status"))


def hand_lines(session: Session, shoe_id: int, hand_number: int, status: str | None = None) -> Sequence[Row]:
    """(id, slip_id, account_id, code, stake, held, net, rules as stored text) of each bet the hand's cards
    decide (a cancelled round's are out), or only those of `status`."""
    params = {"shoe_id": shoe_id, "hand_number": hand_number}
    if status is None:
        return session.execute(_HAND_LINES, params).all()
    return session.execute(_HAND_LINES_OF_STATUS, {**params, "status": status}).all()


def open_lines_of_shoe(session: Session, shoe_id: int) -> Sequence[Row]:
    """The same for the shoe's bets not settled yet (on a hand that never came)."""
    query = (
        select(*LINE_COLUMNS)
        .join(BetSlip, BetSlip.id == Bet.slip_id)
        .where(Bet.shoe_id == shoe_id, Bet.status == OPEN_STATUS)
        .order_by(Bet.id)
    )
    return session.execute(query).all()


SETTLED_COLUMNS = ("id", "status", "tier", "pay", "returned", "net", "settled_at")
# PostgreSQL: the whole hand in one statement, each column an array (one statement built once).
_SETTLE_ARRAYS = text(
    "UPDATE bets SET status = s.status, tier = s.tier, pay = s.pay, returned = s.returned, net = s.net, "
    "settled_at = s.settled_at FROM unnest(CAST(:id AS BIGINT[]), CAST(:status AS TEXT[]), CAST(:tier AS TEXT[]), "
    "CAST(:pay AS TEXT[]), CAST(:returned AS BIGINT[]), CAST(:net AS BIGINT[]), CAST(:settled_at AS TIMESTAMPTZ[])) "
    "AS s(id, status, tier, pay, returned, net, settled_at) WHERE bets.id = s.id"
)


def write_settlements(session: Session, settled: list[dict[str, Any]]) -> None:
    """Each dict: the bet's id and its new status, tier, pay, returned, net, settled_at.

    PostgreSQL: one UPDATE from arrays for the whole hand, where an executemany ran one UPDATE
    per bet (a hand of 50 slips, 100 bets: 8.3 ms of its post, bench/settle.py). SQLite runs in
    process: its executemany costs a few microseconds a row."""
    if not settled:
        return
    bind_rows(session, "bets", [line["id"] for line in settled])
    if session.get_bind().dialect.name != "postgresql":
        session.execute(update(Bet), settled)
        return
    session.execute(_SETTLE_ARRAYS, {name: [line[name] for line in settled] for name in SETTLED_COLUMNS})
