"""A 百人牛牛 table's settings: every number of the spec is configuration, with the spec's defaults.

`check_niuniu_settings(raw)` checks a section being written: an unknown key is `invalid_setting`
naming it, a bad value its code (`invalid_setting`, `invalid_amount`, `invalid_condition`) naming the
key. `niuniu_settings(raw)` reads a stored section (keys a table kept from before unknown keys were
refused are ignored). `merged(stored, changes)` is what a PATCH stores: the keys sent replace their
values, the others stay, as the top-level settings merge.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Mapping

from roadsvc.domain.errors import DomainError
from roadsvc.domain.niuniu.money import amount
from roadsvc.domain.niuniu.conditions import BALANCE, COST, VIP, Condition, parse_condition
from roadsvc.domain.niuniu.hands import MAX_MULTIPLE

SECTION = "niuniu"  # a table's settings.niuniu
DEFAULTS: dict[str, Any] = {
    "betting_seconds": 15,
    "max_multiple": MAX_MULTIPLE,
    "commission_percent": "0",
    "area_limits": {"min": "1.00", "max": "10000.00", "total": "100000.00"},
    "house_banker_balance": None,  # the house's cover; None: not checked
    "banker_min_balance": "10000.00",
    "banker_rounds": 10,
    "super_grab_condition": {"kind": VIP, "value": 1},
    "super_grab_cost": "1000.00",
    "seats": 6,
    "seat_condition": {"kind": BALANCE, "value": "1000.00"},
    "seat_min_balance": "500.00",
}


@dataclass(frozen=True, slots=True)
class NiuniuSettings:
    betting_seconds: int
    max_multiple: int
    commission_percent: Decimal
    area_limits: dict[str, Decimal]
    house_banker_balance: Decimal | None
    banker_min_balance: Decimal
    banker_rounds: int
    super_grab_condition: Condition
    super_grab_cost: Decimal
    seats: int
    seat_condition: Condition
    seat_min_balance: Decimal


def check_niuniu_settings(raw: object) -> NiuniuSettings:
    if not isinstance(raw, Mapping):
        raise DomainError("invalid_setting", "settings.niuniu is an object of settings", None)
    unknown = sorted(set(raw) - set(DEFAULTS))
    if unknown:
        raise DomainError("invalid_setting", f"unknown 百人牛牛 setting {unknown[0]!r}; the settings are "
                          f"{', '.join(DEFAULTS)}", unknown[0])
    return niuniu_settings(raw)


def merged(stored: Mapping[str, Any] | None, changes: object) -> object:
    """A PATCH's section: the stored keys, those sent replacing theirs (a non-object is left to the check)."""
    if not isinstance(changes, Mapping):
        return changes
    return {**(stored if isinstance(stored, Mapping) else {}), **changes}


def niuniu_settings(raw: Mapping[str, Any] | None) -> NiuniuSettings:
    values = {**DEFAULTS, **{key: value for key, value in (raw or {}).items() if key in DEFAULTS}}
    house = values["house_banker_balance"]
    return NiuniuSettings(
        betting_seconds=_whole(values, "betting_seconds", 1, 600),
        max_multiple=_whole(values, "max_multiple", MAX_MULTIPLE, 100),
        commission_percent=_percent(values["commission_percent"]),
        area_limits=_limits(values["area_limits"]),
        house_banker_balance=None if house is None else amount(house, "house_banker_balance"),
        banker_min_balance=amount(values["banker_min_balance"], "banker_min_balance"),
        banker_rounds=_whole(values, "banker_rounds", 1, 1000),
        super_grab_condition=parse_condition(values["super_grab_condition"], (VIP, BALANCE), "super_grab_condition"),
        super_grab_cost=amount(values["super_grab_cost"], "super_grab_cost"),
        seats=_whole(values, "seats", 0, 20),
        seat_condition=parse_condition(values["seat_condition"], (VIP, BALANCE, COST), "seat_condition"),
        seat_min_balance=amount(values["seat_min_balance"], "seat_min_balance"),
    )


def _whole(values: Mapping[str, Any], key: str, low: int, high: int) -> int:
    value = values[key]
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise DomainError("invalid_setting", f"{key} must be a whole number from {low} to {high}", key)
    return value


def _percent(value: object) -> Decimal:
    percent = amount(value, "commission_percent", "commission_percent")
    if not 0 <= percent < 100:
        raise DomainError("invalid_setting", "commission_percent must be from 0 to under 100", "commission_percent")
    return percent


def _limits(raw: object) -> dict[str, Decimal]:
    if not isinstance(raw, Mapping) or set(raw) != {"min", "max", "total"}:
        raise DomainError("invalid_setting", "area_limits is {min, max, total}", "area_limits")
    limits = {key: amount(raw[key], f"area_limits.{key}") for key in ("min", "max", "total")}
    if not 0 < limits["min"] <= limits["max"] <= limits["total"]:
        raise DomainError("invalid_setting", "area_limits needs 0 < min <= max <= total", "area_limits")
    return limits
