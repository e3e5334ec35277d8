"""Seats (座位): who sits where, the table's one sit condition, and the automatic stand-up.

A table has `seats` seats, numbered from 1. Sitting takes the table's condition (a VIP level, a
stated balance at least X, or X coins each time, which the game server charges) and a balance of at
least `seat_min_balance`; a seated account whose balance (stated, plus its settled nets since)
falls below `seat_min_balance` is stood up.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Mapping

from roadsvc.domain.errors import DomainError
from roadsvc.domain.niuniu.conditions import Condition, unmet

Seating = Mapping[int, str]


def seat_refusal(seating: Seating, seat: int, account_id: str, seats: int, condition: Condition,
                 vip_level: int | None, balance: Decimal | None, min_balance: Decimal) -> str | None:
    """Why `account_id` may not take `seat` (`no_such_seat`, `seat_taken`, `already_seated`, a condition), or None."""
    if not 1 <= seat <= seats:
        return "no_such_seat"
    if seat in seating:
        return "seat_taken"
    if account_id in seating.values():
        return "already_seated"
    if balance is None or balance < min_balance:
        return "balance_too_low"
    return unmet(condition, vip_level, balance, strictly_above=False)


def sit(seating: Seating, seat: int, account_id: str, seats: int, condition: Condition, vip_level: int | None,
        balance: Decimal | None, min_balance: Decimal) -> dict[int, str]:
    refusal = seat_refusal(seating, seat, account_id, seats, condition, vip_level, balance, min_balance)
    if refusal is not None:
        raise DomainError(refusal, _MESSAGES[refusal], "seat" if refusal in _SEAT_CODES else "account_id")
    return {**seating, seat: account_id}


def stand(seating: Seating, account_id: str) -> dict[int, str]:
    if account_id not in seating.values():
        raise DomainError("not_seated", f"{account_id} has no seat", "account_id")
    return {seat: who for seat, who in seating.items() if who != account_id}


def to_stand_up(seating: Seating, balances: Mapping[str, Decimal], min_balance: Decimal) -> list[str]:
    """The seated accounts whose balance fell below the threshold, in seat order."""
    return [who for seat, who in sorted(seating.items()) if who in balances and balances[who] < min_balance]


def availability(seating: Seating, account_id: str, seats: int, condition: Condition, vip_level: int | None,
                 balance: Decimal | None, min_balance: Decimal) -> list[dict]:
    """Per seat, for one account: who sits there, whether it can sit, and if not why."""
    rows = []
    for seat in range(1, seats + 1):
        why = seat_refusal(seating, seat, account_id, seats, condition, vip_level, balance, min_balance)
        rows.append({"seat": seat, "account_id": seating.get(seat), "available": why is None, "reason": why})
    return rows


_SEAT_CODES = {"no_such_seat", "seat_taken"}
_MESSAGES = {
    "no_such_seat": "the table has no such seat",
    "seat_taken": "someone sits there",
    "already_seated": "the account already has a seat",
    "balance_too_low": "the balance is below what sitting needs",
    "vip_too_low": "sitting needs a higher VIP level",
}
