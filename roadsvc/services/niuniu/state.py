"""The stored form of a niuniu table's state row: balances as decimal strings, seats by number."""

from __future__ import annotations

from decimal import Decimal

from roadsvc.domain.niuniu.banker_queue import BankerQueue
from roadsvc.domain.niuniu.betting import BettingWindow
from roadsvc.persistence.models import NiuniuTableState


def balances_of(state: NiuniuTableState) -> dict[str, Decimal]:
    return {account: Decimal(amount) for account, amount in (state.balances or {}).items()}


def store_balances(state: NiuniuTableState, balances: dict[str, Decimal]) -> None:
    state.balances = {account: str(amount) for account, amount in balances.items()}  # a new value: JSON is saved


def state_balance(state: NiuniuTableState, account_id: str, stated: Decimal) -> None:
    """A game server stated the account's balance: it replaces what the table kept."""
    store_balances(state, {**balances_of(state), account_id: stated})


def seating_of(state: NiuniuTableState) -> dict[int, str]:
    return {int(seat): account for seat, account in (state.seating or {}).items()}


def store_seating(state: NiuniuTableState, seating: dict[int, str]) -> None:
    state.seating = {str(seat): account for seat, account in sorted(seating.items())}


def betting_of(state: NiuniuTableState | None, number: int | None = None) -> BettingWindow | None:
    """The table's betting window (of round `number` only, if given)."""
    window = BettingWindow.from_dict(state.betting) if state is not None else None
    return window if window is not None and (number is None or window.round == number) else None


def store_betting(state: NiuniuTableState, window: BettingWindow) -> None:
    state.betting = window.as_dict()


def queue_of(state: NiuniuTableState) -> BankerQueue:
    return BankerQueue.from_dict(state.queue or {})


def store_queue(state: NiuniuTableState, queue: BankerQueue) -> None:
    state.queue = queue.as_dict()
