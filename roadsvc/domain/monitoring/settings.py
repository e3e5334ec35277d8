"""The tables' monitoring thresholds (settings.monitoring): every rule's settings, with
their defaults, checked against their bounds."""

from __future__ import annotations

from typing import Any, Mapping

from roadsvc.domain.errors import DomainError
from roadsvc.domain.monitoring.registry import ALL_RULES, Setting

SECTION = "monitoring"


def all_settings() -> dict[str, Setting]:
    return {s.name: s for r in ALL_RULES.values() for s in r.settings}


def defaults() -> dict[str, Any]:
    return {name: s.default for name, s in all_settings().items()}


def check_monitoring_settings(section: Any) -> dict[str, Any]:
    """The section as given, if every name is known and every value within its bounds."""
    field = f"settings.{SECTION}"
    if not isinstance(section, Mapping):
        raise DomainError("invalid_settings", "monitoring is an object of thresholds", field)
    known = all_settings()
    for name, value in section.items():
        setting = known.get(name)
        if setting is None:
            raise DomainError("invalid_settings", f"unknown monitoring setting {name!r}; known: {', '.join(sorted(known))}",
                              field)
        _check_value(setting, value, f"{field}.{name}")
    return dict(section)


def _check_value(setting: Setting, value: Any, field: str) -> None:
    number_types = (int,) if setting.kind is int else (int, float)
    if isinstance(value, bool) or not isinstance(value, number_types):
        kind = "a whole number" if setting.kind is int else "a number"
        raise DomainError("invalid_settings", f"{setting.name} is {kind}", field)
    if not setting.low <= value <= setting.high:
        raise DomainError("invalid_settings", f"{setting.name} is from {setting.low:g} to {setting.high:g}", field)


def resolve(table_settings: Mapping[str, Any] | None) -> dict[str, Any]:
    """The thresholds of a table: its own over the defaults."""
    return {**defaults(), **((table_settings or {}).get(SECTION) or {})}
