"""Settling 百人牛牛 stakes, and the cover and limit checks before a stake is taken.

A stake S on an area: the area beats the banker, the bettor wins S x the area's multiple less the
table's commission, a percentage of the winnings (the net paid rounded down to the cent, so the
commission up); the banker beats the
area, the bettor loses S x the banker's multiple. The commission is the house's: the banker's result is
the opposite of the areas' results before commission (the bettors' nets plus the commissions), so the
bettors', the banker's and the house's add up to zero whoever banks. A stake can lose up to S x the maximum multiple, so the account's stated
balance must cover that over all its stakes of the round, and the banker's stated balance must
cover every stake of the round times the maximum multiple.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Iterable, Mapping, Sequence

from roadsvc.domain.errors import DomainError
from roadsvc.domain.amounts import ZERO, paid
from roadsvc.domain.niuniu.dealing import BANKER, PLAYERS
from roadsvc.domain.niuniu.hands import Hand
from roadsvc.domain.niuniu.money import stake as to_stake
from roadsvc.domain.niuniu.rounds import LOSE, WIN

REFUNDED = "refunded"
HUNDRED = Decimal(100)


@dataclass(frozen=True, slots=True)
class Stake:
    """One bet of a slip: an account's stake on a player area."""

    account_id: str
    area: str
    stake: Decimal


@dataclass(frozen=True, slots=True)
class BetOutcome:
    area: str
    stake: Decimal
    outcome: str
    multiple: int
    commission: Decimal
    net: Decimal

    def as_dict(self) -> dict:
        return {"area": self.area, "stake": str(self.stake), "outcome": self.outcome, "multiple": self.multiple,
                "commission": str(self.commission), "net": str(self.net)}


def parse_bets(bets: object) -> list[tuple[str, Decimal]]:
    """A slip's bets `[{"area": "player_1", "stake": "10.00"}, ...]` -> (area, stake) pairs."""
    if not isinstance(bets, list) or not bets:
        raise DomainError("invalid_bets", "bets must be a non-empty list", "bets")
    return [_parse_bet(bet, f"bets[{index}]") for index, bet in enumerate(bets)]


def _parse_bet(bet: object, field: str) -> tuple[str, Decimal]:
    if not isinstance(bet, Mapping):
        raise DomainError("invalid_bets", "a bet is an object with an area and a stake", field)
    area = bet.get("area")
    if area not in PLAYERS:
        raise DomainError("unknown_area", f"{area!r} is not an area ({', '.join(PLAYERS)})", f"{field}.area")
    return area, to_stake(bet.get("stake"), f"{field}.stake")


def settle_stake(area: str, stake: Decimal, hands: Mapping[str, Hand], commission_percent: Decimal) -> BetOutcome:
    area_hand, banker = hands[area], hands[BANKER]
    if area_hand.beats(banker):
        gross = stake * area_hand.multiple
        commission = gross - paid(gross * (HUNDRED - commission_percent) / HUNDRED)
        return BetOutcome(area, stake, WIN, area_hand.multiple, commission, gross - commission)
    return BetOutcome(area, stake, LOSE, banker.multiple, ZERO, -stake * banker.multiple)


def refund_stake(area: str, stake: Decimal) -> BetOutcome:
    return BetOutcome(area, stake, REFUNDED, 0, ZERO, ZERO)


def settle_round(stakes: Iterable[Stake], hands: Mapping[str, Hand] | None,
                 commission_percent: Decimal = ZERO) -> dict:
    """Per account its bets' outcomes and net, and the banker's net (the opposite of the bets' results
    before commission: the commissions are the house's); `hands=None` refunds every stake."""
    accounts: dict[str, dict] = {}
    for stake in stakes:
        outcome = (refund_stake(stake.area, stake.stake) if hands is None
                   else settle_stake(stake.area, stake.stake, hands, commission_percent))
        account = accounts.setdefault(stake.account_id, {"bets": [], "net": ZERO})
        account["bets"].append(outcome)
        account["net"] += outcome.net
    banker_net = -sum((bet.net + bet.commission for account in accounts.values() for bet in account["bets"]), ZERO)
    return {"accounts": accounts, "banker": {"net": banker_net}}


def settlement_dict(settlement: Mapping) -> dict:
    """The JSON shape of `settle_round`'s answer: amounts as strings."""
    accounts = {account_id: {"bets": [bet.as_dict() for bet in account["bets"]], "net": str(account["net"])}
                for account_id, account in settlement["accounts"].items()}
    return {"accounts": accounts, "banker": {"net": str(settlement["banker"]["net"])}}


def with_refunds(settled: Mapping, refunds: Mapping) -> dict:
    """A settlement (JSON shape) with refunded bets (those of accounts that left) added to their accounts;
    a refund moves no net."""
    accounts = {account_id: {**entry, "bets": list(entry["bets"])} for account_id, entry in settled["accounts"].items()}
    for account_id, entry in refunds["accounts"].items():
        accounts.setdefault(account_id, {"bets": [], "net": str(ZERO)})["bets"].extend(entry["bets"])
    return {**settled, "accounts": accounts}


def differences(before: Mapping, after: Mapping) -> dict[str, str]:
    """Per account (and `banker`), how a correction changes the net: after - before, where it changes."""
    nets_before, nets_after = _nets(before), _nets(after)
    changed = {}
    for who in sorted(set(nets_before) | set(nets_after)):
        delta = nets_after.get(who, ZERO) - nets_before.get(who, ZERO)
        if delta:
            changed[who] = str(delta)
    return changed


def _nets(settlement: Mapping) -> dict[str, Decimal]:
    nets = {account_id: Decimal(account["net"]) for account_id, account in settlement["accounts"].items()}
    nets[BANKER] = Decimal(settlement["banker"]["net"])
    return nets


def cover_refusal(balance: Decimal, open_stakes: Sequence[Decimal], new_stakes: Sequence[Decimal],
                  max_multiple: int) -> DomainError | None:
    """The account's stated balance must cover max_multiple x its stakes this round, the new ones included."""
    needed = (sum(open_stakes, ZERO) + sum(new_stakes, ZERO)) * max_multiple
    if needed <= balance:
        return None
    return DomainError("insufficient_cover", f"a balance of {balance} does not cover {max_multiple} x the "
                       f"round's stakes ({needed})", "balance")


def banker_cover_refusal(banker_balance: Decimal | None, table_stakes: Decimal, new_stakes: Sequence[Decimal],
                         max_multiple: int) -> DomainError | None:
    """Every stake of the round x max_multiple must stay within the banker's stated balance (None: the house)."""
    if banker_balance is None:
        return None
    needed = (table_stakes + sum(new_stakes, ZERO)) * max_multiple
    if needed <= banker_balance:
        return None
    return DomainError("banker_cover_exceeded", f"the banker's balance of {banker_balance} does not cover "
                       f"{max_multiple} x the round's stakes ({needed})", "bets")


def limit_refusal(area: str, stake: Decimal, area_total: Decimal, limits: Mapping[str, Decimal],
                  field: str) -> DomainError | None:
    """The table's limits per area: each stake within `min`..`max`, the area's total within `total`."""
    if stake < limits["min"]:
        return DomainError("below_min", f"the least stake on {area} is {limits['min']}", field)
    if stake > limits["max"]:
        return DomainError("above_max", f"the most staked at once on {area} is {limits['max']}", field)
    if area_total + stake > limits["total"]:
        return DomainError("total_limit", f"the round's total on {area} may not pass {limits['total']}", field)
    return None
