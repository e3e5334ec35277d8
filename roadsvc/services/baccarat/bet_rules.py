"""A table's betting rules: its rule set with its settings applied, checked once, by the domain.

A table stores `rule_set` and a settings JSON. The betting sections of the settings are
the domain's overrides under the names the tables API uses::

    settings                          rule_set(name, overrides)
    limits      {bet: {min, max}}  -> ranges
    difference_limit "20000.00"    -> hedge_limit
    cutoffs     {bet: hand}        -> cutoffs
    total_limits {bet: amount}     -> total_limits
    pays        {bet: pay or {tier: pay}} -> pays ("to 1")
    hands_by    "cards" | "result" -> which hand facts the table reports

`check_betting_settings` is the one validation (tables call it on create and update), so a
table can never hold settings its rules cannot honour. A setting for a bet type that the
table's rule set does not offer (but some rule set does) is kept and unused: a table that
switches rule set keeps its other settings.
"""

from __future__ import annotations

from typing import Any, Mapping

from roadsvc.domain.baccarat.bets import ALL_FACTS, RuleSet, rule_set
from roadsvc.domain.baccarat.bets.bounds import check_setting_bounds
from roadsvc.domain.baccarat.bets.catalogue import BET_TYPES
from roadsvc.domain.baccarat.bets.facts import PAIRS, RESULT
from roadsvc.domain.errors import DomainError

# settings section -> domain override key; per-bet sections are keyed by bet code.
PER_BET_SECTIONS = {"limits": "ranges", "cutoffs": "cutoffs", "total_limits": "total_limits", "pays": "pays"}
HEDGE_SECTION = "difference_limit"
HANDS_BY = "hands_by"
BETTING_SECTIONS = (*PER_BET_SECTIONS, HEDGE_SECTION, HANDS_BY)
# What a hand entered by result always states (totals and naturals only when given).
RESULT_FACTS = frozenset({RESULT, PAIRS})


def overrides_of(rule_set_name: str, settings: Mapping[str, Any]) -> dict[str, Any]:
    """The domain overrides a table's settings make, for the bets its rule set offers."""
    offered = rule_set(rule_set_name).bets
    overrides: dict[str, Any] = {}
    for section, key in PER_BET_SECTIONS.items():
        per_bet = {code: value for code, value in (settings.get(section) or {}).items() if code in offered}
        if per_bet:
            overrides[key] = per_bet
    if settings.get(HEDGE_SECTION) is not None:
        overrides["hedge_limit"] = settings[HEDGE_SECTION]
    return overrides


def table_rules(rule_set_name: str, settings: Mapping[str, Any]) -> RuleSet:
    """The table's RuleSet (a DomainError pointing into `settings` if they cannot apply)."""
    _refuse_unknown_codes(settings)
    try:
        return rule_set(rule_set_name, overrides_of(rule_set_name, settings))
    except DomainError as error:
        raise DomainError(error.code, error.message, settings_field(error.field)) from None


def available_facts(settings: Mapping[str, Any]) -> frozenset[str]:
    """The hand facts the table reports: every fact by cards, result and pairs by result."""
    return RESULT_FACTS if settings.get(HANDS_BY) == "result" else ALL_FACTS


def check_betting_settings(rule_set_name: str, settings: Mapping[str, Any]) -> None:
    """Refuse settings the table's rule set cannot honour (422, field under settings.)."""
    if settings.get(HANDS_BY, "cards") not in ("cards", "result"):
        raise DomainError("invalid_settings", "hands_by is cards or result", "settings.hands_by")
    table_rules(rule_set_name, settings)
    check_setting_bounds(settings)


def _refuse_unknown_codes(settings: Mapping[str, Any]) -> None:
    for section in PER_BET_SECTIONS:
        for code in settings.get(section) or {}:
            if code not in BET_TYPES:
                raise DomainError("unknown_bet", f"{code!r} is not a bet type of any rule set",
                                  f"settings.{section}.{code}")


def settings_field(field: str | None) -> str:
    """A domain override field (overrides.ranges.banker.min) as a settings field."""
    names = {key: section for section, key in PER_BET_SECTIONS.items()} | {"hedge_limit": HEDGE_SECTION}
    parts = (field or "").split(".")
    if parts[0] == "overrides" and len(parts) > 1:
        return ".".join(["settings", names.get(parts[1], parts[1]), *parts[2:]])
    return "settings"
