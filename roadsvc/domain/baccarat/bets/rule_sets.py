"""Rule sets as values: the catalogue's data, a table's overrides applied, validated, frozen.

`rule_set(name, overrides)` is the one way in. Overrides are a plain dict, as a
table's configuration would store it::

    {"pays": {"tie": "9", "lucky_six": {"three_card": "18"}},
     "losses": {"banker": {"total_9": "9"}}, "hold": {"banker": "9"},
     "cutoffs": {"lucky_six": 40, "tiger": null},
     "ranges": {"banker": {"min": "10", "max": "5000"}},
     "total_limits": {"tie": "20000"}, "hedge_limit": "80000"}

A pay given as a single number sets a bet's only tier. Anything the rules cannot
honour (an unknown bet or tier, a negative pay, a cutoff that is not a hand number,
a minimum above a maximum, a loss beyond what is held) is a DomainError whose field
points into the overrides.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from decimal import Decimal
from functools import cache
from types import MappingProxyType
from typing import Any, Mapping

from roadsvc.domain.baccarat.bets.catalogue import (
    BET_TYPES,
    CUTOFFS,
    DEFAULT_HEDGE_LIMIT,
    DEFAULT_RANGE,
    DEFAULT_TOTAL_LIMIT,
    RULE_SETS,
)
from roadsvc.domain.baccarat.bets.money import to_money, to_ratio
from roadsvc.domain.baccarat.bets.rules import RULES, Rule
from roadsvc.domain.errors import DomainError

OVERRIDE_KEYS = ("pays", "losses", "hold", "cutoffs", "ranges", "total_limits", "hedge_limit")


@dataclass(frozen=True, eq=False)
class BetSpec:
    """One bet type as a table offers it: its rule, pays, cutoff and limits."""

    code: str
    en: str  # the English name, a message id (roadsvc.domain.baccarat.bets.catalogue)
    rule: Rule
    side: str | None
    pays: Mapping[str, Decimal]
    losses: Mapping[str, Decimal]
    hold: Decimal
    cutoff: int | None
    min_stake: Decimal
    max_stake: Decimal
    total_limit: Decimal | None
    hedge_side: str | None

    @property
    def needs(self) -> frozenset[str]:
        return self.rule.needs


@dataclass(frozen=True, eq=False)
class RuleSet:
    """A table's complete betting rules (immutable; hashable by identity)."""

    name: str  # its code: classic, classic_no_commission, niuniu, extended
    bets: Mapping[str, BetSpec]
    hedge_limit: Decimal

    def bet(self, code: object, field: str | None = None) -> BetSpec:
        """The bet type `code`, or DomainError unknown_bet."""
        if not isinstance(code, str) or code not in self.bets:
            raise DomainError("unknown_bet", f"{code!r} is not a bet of the {self.name} rule set", field)
        return self.bets[code]


def rule_set_names() -> tuple[str, ...]:
    return tuple(RULE_SETS)


def rule_set(name: str, overrides: Mapping[str, Any] | None = None) -> RuleSet:
    """The rule set `name`, with a table's `overrides` applied (see the module docstring)."""
    if name not in RULE_SETS:
        raise DomainError("unknown_rule_set", f"{name!r} is not a rule set ({', '.join(RULE_SETS)})", "rule_set")
    if not overrides:
        return _default(name)
    return _build(name, _apply(_plain(name), overrides))


@cache
def _default(name: str) -> RuleSet:
    return _build(name, _plain(name))


def _plain(name: str) -> dict[str, Any]:
    """The rule set as plain, mutable data: every bet with its pays, cutoff and limits."""
    cutoffs = {code: after for after, codes in CUTOFFS.items() for code in codes}
    bets = {}
    for code, entry in RULE_SETS[name].items():
        bets[code] = {
            "rule": entry.get("rule", BET_TYPES[code].rule),
            "pays": dict(entry["pays"]),
            "losses": dict(entry.get("losses", {})),
            "hold": entry.get("hold", "1"),
            "cutoff": cutoffs.get(code),
            "range": dict(DEFAULT_RANGE),
            "total_limit": None if BET_TYPES[code].hedge_side else DEFAULT_TOTAL_LIMIT,
        }
    return {"bets": bets, "hedge_limit": DEFAULT_HEDGE_LIMIT}


def _apply(data: dict[str, Any], overrides: Mapping[str, Any]) -> dict[str, Any]:
    """`data` with each override checked and applied (values converted as they go)."""
    if not isinstance(overrides, Mapping):
        raise DomainError("invalid_override", "overrides must be an object", "overrides")
    data = copy.deepcopy(data)
    for key, value in overrides.items():
        field = f"overrides.{key}"
        if key == "hedge_limit":
            data["hedge_limit"] = _limit(value, field)
        elif key in _PER_BET:
            for code, setting in _mapping(value, field).items():
                _PER_BET[key](_known_bet(data, code, f"{field}.{code}"), setting, f"{field}.{code}")
        else:
            raise DomainError("invalid_override", f"unknown override {key!r} (one of {', '.join(OVERRIDE_KEYS)})",
                              field)
    return data


def _mapping(value: object, field: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise DomainError("invalid_override", "expected an object keyed by bet code", field)
    return value


def _known_bet(data: dict[str, Any], code: str, field: str) -> dict[str, Any]:
    if code not in data["bets"]:
        raise DomainError("unknown_bet", f"{code!r} is not a bet of this rule set", field)
    return data["bets"][code]


def _positive(value: object, field: str, code: str, what: str) -> Decimal:
    number = to_ratio(value, field, what)
    if number <= 0:
        raise DomainError(code, f"{what} must be more than zero, got {value!r}", field)
    return number


def _limit(value: object, field: str) -> Decimal:
    amount = to_money(value, field, "limit")
    if amount <= 0:
        raise DomainError("invalid_limit", f"a limit must be more than zero, got {value!r}", field)
    return amount


def _tiered(bet: dict[str, Any], setting: object, field: str, tiers: tuple[str, ...], what: str) -> dict:
    """{tier: value} from a mapping, or from one number when there is one tier."""
    if not isinstance(setting, Mapping):
        if len(tiers) != 1:
            raise DomainError("invalid_override", f"this bet has {what} tiers {', '.join(tiers)}: give "
                              "an object of tier to value", field)
        setting = {tiers[0]: setting}
    for tier in setting:
        if tier not in tiers:
            raise DomainError("unknown_tier", f"{tier!r} is not a {what} tier of this bet ({', '.join(tiers)})",
                              f"{field}.{tier}")
    return setting


def _set_pays(bet: dict[str, Any], setting: object, field: str) -> None:
    tiers = RULES[bet["rule"]].win_tiers
    for tier, pay in _tiered(bet, setting, field, tiers, "pay").items():
        bet["pays"][tier] = _positive(pay, f"{field}.{tier}", "invalid_pay", "a pay")


def _set_losses(bet: dict[str, Any], setting: object, field: str) -> None:
    tiers = RULES[bet["rule"]].loss_tiers
    for tier, multiple in _tiered(bet, setting, field, tiers, "loss").items():
        bet["losses"][tier] = _positive(multiple, f"{field}.{tier}", "invalid_pay", "a loss multiple")


def _set_hold(bet: dict[str, Any], setting: object, field: str) -> None:
    bet["hold"] = _positive(setting, field, "invalid_hold", "a hold multiple")


def _set_cutoff(bet: dict[str, Any], setting: object, field: str) -> None:
    if setting is not None and (isinstance(setting, bool) or not isinstance(setting, int) or setting < 1):
        raise DomainError("invalid_cutoff", f"a cutoff is a hand number from 1, or null for none; got {setting!r}",
                          field)
    bet["cutoff"] = setting


def _set_range(bet: dict[str, Any], setting: object, field: str) -> None:
    if not isinstance(setting, Mapping) or not setting or set(setting) - {"min", "max"}:
        raise DomainError("invalid_override", "a range is an object with min and/or max", field)
    for end, amount in setting.items():
        bet["range"][end] = _limit(amount, f"{field}.{end}")


def _set_total_limit(bet: dict[str, Any], setting: object, field: str) -> None:
    if bet["total_limit"] is None:
        raise DomainError("invalid_override", "banker and player are held by the hedge_limit, not a total limit",
                          field)
    bet["total_limit"] = _limit(setting, field)


_PER_BET = {
    "pays": _set_pays,
    "losses": _set_losses,
    "hold": _set_hold,
    "cutoffs": _set_cutoff,
    "ranges": _set_range,
    "total_limits": _set_total_limit,
}


def _build(name: str, data: dict[str, Any]) -> RuleSet:
    bets = {code: _bet_spec(code, entry) for code, entry in data["bets"].items()}
    return RuleSet(name, MappingProxyType(bets), to_money(data["hedge_limit"]))


def _bet_spec(code: str, entry: dict[str, Any]) -> BetSpec:
    bet_type = BET_TYPES[code]
    en, side, hedge_side = bet_type.name_en, bet_type.side, bet_type.hedge_side
    rule = RULES[entry["rule"]]
    pays = {tier: to_ratio(entry["pays"][tier]) for tier in rule.win_tiers}
    losses = {tier: to_ratio(entry["losses"].get(tier, "1")) for tier in rule.loss_tiers}
    hold = to_ratio(entry["hold"])
    if max(losses.values()) > hold:
        raise DomainError("invalid_hold", f"{code} can lose {max(losses.values())} x the stake but holds only "
                          f"{hold} x", f"overrides.hold.{code}")
    low, high = to_money(entry["range"]["min"]), to_money(entry["range"]["max"])
    if low > high:
        raise DomainError("invalid_range", f"{code}: minimum {low} is above maximum {high}", f"overrides.ranges.{code}")
    total_limit = None if entry["total_limit"] is None else to_money(entry["total_limit"])
    return BetSpec(code, en, rule, side, MappingProxyType(pays), MappingProxyType(losses), hold,
                   entry["cutoff"], low, high, total_limit, hedge_side)
