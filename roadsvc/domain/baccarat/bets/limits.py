"""Limits (003, 限红): the per-bet range, and per hand the hedge and total limits.

* Per bet, the allowed range is the intersection of the account's range (盘口, set
  when the account was opened) and the table's range for the bet type: account
  100-20000 at a table of 1-10000 gives 100-10000. An empty intersection closes the
  bet type to that account.
* Per hand, across the table: banker and player hedge each other, so
  |total on the banker side - total on the player side| must stay within the
  table's hedge_limit once the new bet is added; every other bet type's total for
  the hand must stay within its total_limit. Both bounds are inclusive.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Mapping

from roadsvc.domain.baccarat.bets.money import to_money
from roadsvc.domain.baccarat.bets.refusals import ABOVE_MAX, BELOW_MIN, HEDGE_LIMIT, RANGE_CLOSED, TOTAL_LIMIT, Refusal
from roadsvc.domain.baccarat.bets.rule_sets import BetSpec, RuleSet
from roadsvc.domain.errors import DomainError
from roadsvc.domain.baccarat.dealing.hands import BANKER, PLAYER


@dataclass(frozen=True, slots=True)
class StakeRange:
    """An inclusive range of stakes, in cents."""

    min: Decimal
    max: Decimal

    def as_dict(self) -> dict[str, str]:
        return {"min": str(self.min), "max": str(self.max)}


def stake_range(low: object, high: object, field: str = "account_range") -> StakeRange:
    """A validated range (an account's 盘口): whole cents, min above zero, min <= max."""
    low_amount, high_amount = to_money(low, f"{field}.min"), to_money(high, f"{field}.max")
    if low_amount <= 0 or low_amount > high_amount:
        raise DomainError("invalid_range", f"a range needs 0 < min <= max, got {low}-{high}", field)
    return StakeRange(low_amount, high_amount)


def table_range(bet: BetSpec) -> StakeRange:
    return StakeRange(bet.min_stake, bet.max_stake)


def allowed_range(bet: BetSpec, account: StakeRange | None) -> StakeRange | None:
    """The table's range for `bet` cut down to the account's; None when they do not meet."""
    table = table_range(bet)
    if account is None:
        return table
    low, high = max(table.min, account.min), min(table.max, account.max)
    return StakeRange(low, high) if low <= high else None


def closed_refusal(bet: BetSpec, account: StakeRange) -> Refusal:
    table = table_range(bet)
    return Refusal(
        RANGE_CLOSED,
        f"{bet.code}: the account's range {account.min}-{account.max} does not meet the table's "
        f"{table.min}-{table.max}",
        {"bet": bet.code, "account_range": account.as_dict(), "table_range": table.as_dict()},
    )


def range_refusal(bet: BetSpec, stake: Decimal, account: StakeRange | None) -> Refusal | None:
    """Refuse a stake outside the allowed range (or any stake when the range is empty)."""
    allowed = allowed_range(bet, account)
    if allowed is None:
        return closed_refusal(bet, account)
    detail = {"bet": bet.code, "stake": str(stake), **allowed.as_dict()}
    if stake < allowed.min:
        return Refusal(BELOW_MIN, f"{bet.code}: {stake} is below the minimum {allowed.min}", detail)
    if stake > allowed.max:
        return Refusal(ABOVE_MAX, f"{bet.code}: {stake} is above the maximum {allowed.max}", detail)
    return None


def hedge_difference(rule_set: RuleSet, totals: Mapping[str, Decimal]) -> Decimal:
    """Total on the banker side minus total on the player side."""
    side_total = {BANKER: Decimal(0), PLAYER: Decimal(0)}
    for code, amount in totals.items():
        side = rule_set.bets[code].hedge_side if code in rule_set.bets else None
        if side is not None:
            side_total[side] += amount
    return side_total[BANKER] - side_total[PLAYER]


def hand_limit_refusal(
    rule_set: RuleSet, bet: BetSpec, stake: Decimal, totals: Mapping[str, Decimal]
) -> Refusal | None:
    """Refuse a stake that would take the hand past its hedge or total limit."""
    if bet.hedge_side is not None:
        return _hedge_refusal(rule_set, bet, stake, totals)
    total = totals.get(bet.code, Decimal(0)) + stake
    if total <= bet.total_limit:
        return None
    return Refusal(
        TOTAL_LIMIT,
        f"{bet.code}: {stake} would bring the hand's total to {total}, above the limit {bet.total_limit}",
        {"bet": bet.code, "stake": str(stake), "total": str(total), "limit": str(bet.total_limit)},
    )


def _hedge_refusal(rule_set: RuleSet, bet: BetSpec, stake: Decimal, totals: Mapping[str, Decimal]) -> Refusal | None:
    signed = stake if bet.hedge_side == BANKER else -stake
    difference = hedge_difference(rule_set, totals) + signed
    if abs(difference) <= rule_set.hedge_limit:
        return None
    return Refusal(
        HEDGE_LIMIT,
        f"{bet.code}: {stake} would make banker - player {difference}, beyond the difference limit "
        f"{rule_set.hedge_limit}",
        {"bet": bet.code, "stake": str(stake), "difference": str(difference), "limit": str(rule_set.hedge_limit)},
    )
