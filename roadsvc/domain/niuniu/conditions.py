"""The operator's per-table conditions: a VIP level, a stated balance, or a cost in coins.

The super grab takes one of `vip` (level at least X) or `balance` (stated balance above X); a seat
takes one of `vip`, `balance` (at least X) or `cost` (X coins each time one sits, paid by the game
server: roadsvc holds no wallets).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Mapping

from roadsvc.domain.errors import DomainError
from roadsvc.domain.niuniu.money import amount

VIP, BALANCE, COST = "vip", "balance", "cost"


@dataclass(frozen=True, slots=True)
class Condition:
    kind: str
    value: Decimal

    def as_dict(self) -> dict:
        return {"kind": self.kind, "value": int(self.value) if self.kind == VIP else str(self.value)}


def parse_condition(raw: object, kinds: tuple[str, ...], field: str) -> Condition:
    if not isinstance(raw, Mapping) or raw.get("kind") not in kinds:
        raise DomainError("invalid_condition", f"a condition is {{'kind': one of {', '.join(kinds)}, 'value': X}}",
                          field)
    value = raw.get("value")
    if raw["kind"] == VIP:
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise DomainError("invalid_condition", "a VIP level is a whole number, 0 or more", f"{field}.value")
        return Condition(VIP, Decimal(value))
    return Condition(raw["kind"], amount(value, f"{field}.value"))


def unmet(condition: Condition, vip_level: int | None, balance: Decimal | None, *, strictly_above: bool) -> str | None:
    """Why an account does not meet `condition` (`vip_too_low`, `balance_too_low`), or None when it does."""
    if condition.kind == VIP:
        return None if vip_level is not None and vip_level >= condition.value else "vip_too_low"
    if condition.kind == BALANCE:
        if balance is None:
            return "balance_too_low"
        enough = balance > condition.value if strictly_above else balance >= condition.value
        return None if enough else "balance_too_low"
    return None
