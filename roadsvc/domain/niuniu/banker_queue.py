"""The banker queue (上庄), stepping down (下庄) and the super grab (超级抢庄), as a pure state.

No banker (`banker is None`) means the house banks. Applicants wait in order of application; a
banker serves `banker_rounds` rounds or steps down earlier by request, effective after the current
round. A super grab puts the grabber first in the queue: after an ordinary banker's current round
it takes the bank; after a super banker, it waits until that banker's term ends. One grab is held
at a time (from the grab until the grabber takes the bank) and it cannot be cancelled.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Mapping

from roadsvc.domain.errors import DomainError
from roadsvc.domain.niuniu.conditions import Condition, unmet


@dataclass(frozen=True, slots=True)
class Banker:
    account_id: str
    super: bool = False
    rounds_served: int = 0
    stepping_down: bool = False


@dataclass(frozen=True, slots=True)
class BankerQueue:
    banker: Banker | None = None
    waiting: tuple[str, ...] = ()
    super_holder: str | None = None

    def as_dict(self) -> dict:
        banker = None if self.banker is None else {
            "account_id": self.banker.account_id, "super": self.banker.super,
            "rounds_served": self.banker.rounds_served, "stepping_down": self.banker.stepping_down}
        return {"banker": banker, "queue": list(self.waiting), "super_grab_holder": self.super_holder}

    @classmethod
    def from_dict(cls, stored: Mapping) -> "BankerQueue":
        banker = stored.get("banker")
        return cls(None if banker is None else Banker(banker["account_id"], banker["super"], banker["rounds_served"],
                                                      banker["stepping_down"]),
                   tuple(stored.get("queue", ())), stored.get("super_grab_holder"))


def apply(queue: BankerQueue, account_id: str, balance: Decimal, min_balance: Decimal) -> BankerQueue:
    """上庄: join the end of the queue with a stated balance of at least the table's minimum."""
    _refuse_if_involved(queue, account_id)
    if balance < min_balance:
        raise DomainError("balance_too_low", f"being banker needs a balance of at least {min_balance}", "balance")
    return replace(queue, waiting=queue.waiting + (account_id,))


def step_down(queue: BankerQueue, account_id: str) -> BankerQueue:
    """下庄: the banker leaves after the current round; a waiting applicant leaves the queue (not a grabber)."""
    if queue.banker is not None and queue.banker.account_id == account_id:
        return replace(queue, banker=replace(queue.banker, stepping_down=True))
    if account_id == queue.super_holder:
        raise DomainError("super_grab_final", "a super grab cannot be cancelled", "account_id")
    if account_id in queue.waiting:
        return replace(queue, waiting=tuple(a for a in queue.waiting if a != account_id))
    raise DomainError("not_in_queue", f"{account_id} is neither the banker nor waiting", "account_id")


def super_grab_refusal(queue: BankerQueue, account_id: str, condition: Condition, vip_level: int | None,
                       balance: Decimal | None, min_balance: Decimal) -> str | None:
    """Why `account_id` may not grab now (the code the table state shows), or None. A grabber becomes the
    banker, so, as an application does, its stated balance must reach the banker minimum, whatever the
    grab's own condition (a VIP level alone made bankers with nothing to cover a stake)."""
    if queue.super_holder is not None:
        return "super_grab_taken"
    if queue.banker is not None and queue.banker.account_id == account_id:
        return "already_banker"
    unmet_condition = unmet(condition, vip_level, balance, strictly_above=True)
    if unmet_condition is None and (balance is None or balance < min_balance):
        return "below_banker_min"
    return unmet_condition


def super_grab(queue: BankerQueue, account_id: str, condition: Condition, vip_level: int | None,
               balance: Decimal | None, min_balance: Decimal) -> BankerQueue:
    """超级抢庄: first in the queue; an ordinary banker's term ends with the current round."""
    refusal = super_grab_refusal(queue, account_id, condition, vip_level, balance, min_balance)
    if refusal is not None:
        field = "balance" if refusal == "below_banker_min" else "account_id"
        raise DomainError(refusal, _GRAB_MESSAGES[refusal].format(min_balance=min_balance), field)
    waiting = (account_id, *(a for a in queue.waiting if a != account_id))
    banker = queue.banker
    if banker is not None and not banker.super:
        banker = replace(banker, stepping_down=True)
    return BankerQueue(banker, waiting, account_id)


def round_finished(queue: BankerQueue, banker_rounds: int) -> BankerQueue:
    """After a round: the banker's count goes up; a term that ends hands the bank to the first in the queue."""
    banker = queue.banker
    if banker is not None:
        banker = replace(banker, rounds_served=banker.rounds_served + 1)
        if not banker.stepping_down and banker.rounds_served < banker_rounds:
            return replace(queue, banker=banker)
    if not queue.waiting:
        return BankerQueue(None, (), queue.super_holder)
    first, rest = queue.waiting[0], queue.waiting[1:]
    is_super = first == queue.super_holder
    return BankerQueue(Banker(first, super=is_super), rest, None if is_super else queue.super_holder)


def _refuse_if_involved(queue: BankerQueue, account_id: str) -> None:
    if queue.banker is not None and queue.banker.account_id == account_id:
        raise DomainError("already_banker", f"{account_id} is the banker", "account_id")
    if account_id in queue.waiting:
        raise DomainError("already_queued", f"{account_id} is already in the queue", "account_id")


_GRAB_MESSAGES = {
    "super_grab_taken": "another player holds the super grab",
    "already_banker": "the banker cannot grab the bank",
    "vip_too_low": "the super grab needs a higher VIP level",
    "balance_too_low": "the super grab needs a higher balance",
    "below_banker_min": "a super grab makes a banker: the stated balance must be at least {min_balance}",
}
