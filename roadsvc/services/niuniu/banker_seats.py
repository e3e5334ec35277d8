"""The banker queue (上庄, 下庄, the super grab) and the seats of a niuniu table, and its state for one account.

Game servers state balances and VIP levels with each request; roadsvc keeps no wallet. Every write
locks the table row first, so of two super grabs at once the first to lock wins and the other
reads it taken (`super_grab_taken`), on SQLite and PostgreSQL alike.
"""

from __future__ import annotations

from contextlib import contextmanager
from datetime import datetime
from decimal import Decimal
from typing import Any, Iterator

from roadsvc.domain.errors import DomainError
from roadsvc.domain.niuniu import banker_queue, seats
from roadsvc.domain.niuniu.conditions import COST
from roadsvc.persistence import niuniu as repo
from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import utcnow
from roadsvc.services.errors import Conflict
from roadsvc.services.niuniu.betting import betting_round
from roadsvc.services.niuniu.state import (
    balances_of, queue_of, seating_of, state_balance, store_queue, store_seating,
)
from roadsvc.services.niuniu.tables import changed, niuniu_table, settings_of


STATE_CODES = frozenset({"super_grab_taken", "super_grab_final", "already_banker", "already_queued", "not_in_queue",
                         "seat_taken", "already_seated", "not_seated"})
"""Refusals that come from the table's state, not from the request: 409, the others 422."""


@contextmanager
def state_conflicts() -> Iterator[None]:
    try:
        yield
    except DomainError as error:
        if error.code in STATE_CODES:
            raise Conflict(error.code, error.message, error.field) from None
        raise


def apply_banker(db: Database, table_id: int, account_id: str, balance: Decimal) -> dict[str, Any]:
    with db.write() as session:
        table = niuniu_table(session, table_id, for_update=True)
        state = repo.state(session, table_id, for_update=True)
        with state_conflicts():
            queue = banker_queue.apply(queue_of(state), account_id, balance, settings_of(table).banker_min_balance)
        state_balance(state, account_id, balance)
        return _queue_changed(session, table_id, state, queue, "applied", account_id)


def step_down(db: Database, table_id: int, account_id: str) -> dict[str, Any]:
    with db.write() as session:
        niuniu_table(session, table_id, for_update=True)
        state = repo.state(session, table_id, for_update=True)
        with state_conflicts():
            queue = banker_queue.step_down(queue_of(state), account_id)
        return _queue_changed(session, table_id, state, queue, "stepped_down", account_id)


def super_grab(db: Database, table_id: int, account_id: str, vip_level: int | None,
               balance: Decimal | None) -> dict[str, Any]:
    with db.write() as session:
        table = niuniu_table(session, table_id, for_update=True)
        settings = settings_of(table)
        state = repo.state(session, table_id, for_update=True)
        with state_conflicts():
            queue = banker_queue.super_grab(queue_of(state), account_id, settings.super_grab_condition, vip_level,
                                            balance, settings.banker_min_balance)
        if balance is not None:
            state_balance(state, account_id, balance)
        answer = _queue_changed(session, table_id, state, queue, "super_grab", account_id,
                                cost=str(settings.super_grab_cost))
        return {**answer, "cost": str(settings.super_grab_cost)}


def _queue_changed(session, table_id: int, state, queue, action: str, account_id: str, **more: Any
                   ) -> dict[str, Any]:
    store_queue(state, queue)
    changed(session, table_id, "banker_queue", {"action": action, "account_id": account_id, **more, **queue.as_dict()})
    return queue.as_dict()


def sit(db: Database, table_id: int, seat: int, account_id: str, vip_level: int | None,
        balance: Decimal | None) -> dict[str, Any]:
    with db.write() as session:
        table = niuniu_table(session, table_id, for_update=True)
        settings = settings_of(table)
        state = repo.state(session, table_id, for_update=True)
        with state_conflicts():
            seating = seats.sit(seating_of(state), seat, account_id, settings.seats, settings.seat_condition,
                                vip_level, balance, settings.seat_min_balance)
        store_seating(state, seating)
        state_balance(state, account_id, balance)
        cost = str(settings.seat_condition.value) if settings.seat_condition.kind == COST else "0.00"
        changed(session, table_id, "seats", {"action": "sat", "seat": seat, "account_id": account_id, "cost": cost})
        return {"seat": seat, "account_id": account_id, "cost": cost}


def stand(db: Database, table_id: int, account_id: str) -> dict[str, Any]:
    with db.write() as session:
        niuniu_table(session, table_id, for_update=True)
        state = repo.state(session, table_id, for_update=True)
        with state_conflicts():
            store_seating(state, seats.stand(seating_of(state), account_id))
        changed(session, table_id, "seats", {"action": "stood", "account_id": account_id})
        return {"account_id": account_id, "seated": False}


def table_state(db: Database, table_id: int, account_id: str | None = None, vip_level: int | None = None,
                balance: Decimal | None = None, now: datetime | None = None) -> dict[str, Any]:
    """The queue, the seats and the phase (its betting window read at `now`, the server's clock); for
    `account_id`, whether the super grab and each seat are open to it, and if not why (`super_grab_taken`,
    `vip_too_low`, `seat_taken`...)."""
    with db.read() as session:
        table = niuniu_table(session, table_id)
        settings = settings_of(table)
        state = repo.state_or_none(session, table_id)
        queue = queue_of(state) if state else banker_queue.BankerQueue()
        seating = seating_of(state) if state else {}
        last = repo.last_round(session, table_id)
        taking_bets = betting_round(session, table_id, now or utcnow())
    known = balances_of(state) if state else {}
    balance = balance if balance is not None else known.get(account_id) if account_id else None
    answer = {"table_id": table_id, "revision": table.revision, "queue": queue.as_dict(),
              "round": _round(last, taking_bets),
              "seats": [{"seat": seat, "account_id": seating.get(seat)} for seat in range(1, settings.seats + 1)],
              "super_grab": {"condition": settings.super_grab_condition.as_dict(),
                             "cost": str(settings.super_grab_cost), "held": queue.super_holder is not None}}
    if account_id is not None:
        answer["for_account"] = _for_account(queue, seating, settings, account_id, vip_level, balance)
    return answer


def _round(last, taking_bets: dict[str, Any] | None) -> dict[str, Any] | None:
    """The round now: the one taking bets (with its deadline), else the newest posted, else None."""
    if taking_bets is not None:
        return {key: taking_bets[key] for key in ("number", "phase", "betting_open", "betting_closes_at",
                                                  "betting_closed_by")}
    return None if last is None else {"number": last.number, "phase": last.status}


def _for_account(queue, seating, settings, account_id: str, vip_level: int | None, balance: Decimal | None) -> dict:
    why = banker_queue.super_grab_refusal(queue, account_id, settings.super_grab_condition, vip_level, balance,
                                          settings.banker_min_balance)
    return {"account_id": account_id,
            "super_grab": {"available": why is None, "reason": why},
            "seats": seats.availability(seating, account_id, settings.seats, settings.seat_condition, vip_level,
                                        balance, settings.seat_min_balance)}


def parse_vip(value: object) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise DomainError("invalid_vip_level", "vip_level is a whole number, 0 or more", "vip_level")
    return value
