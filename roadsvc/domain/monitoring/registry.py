"""The rule set: each rule is one function plus its settings, registered with `@rule`.

A rule reads one kind of fact (a hand in, a refusal, a correction, a late slip, the
clock at an open shoe) and the table's monitoring settings, and returns a Finding when
it sees its condition, or None. The services store findings as alerts (at most one open
alert per table, shoe and code); the domain only decides what is out of line.

Adding a rule:

    @rule("positive_ev", on=HandIn, settings=(Setting("ev_threshold", 0.0, -0.1, 0.2, float, "..."),))
    def positive_ev(fact: HandIn, settings: Settings) -> Finding | None: ...

and importing its module from roadsvc/domain/monitoring/__init__.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

INFO, WARNING, CRITICAL = "info", "warning", "critical"
SEVERITIES = (INFO, WARNING, CRITICAL)

Settings = Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Setting:
    """One threshold a table may set (settings.monitoring.<name>), bounded both ways."""

    name: str
    default: int | float
    low: int | float
    high: int | float
    kind: type
    description: str


@dataclass(frozen=True, slots=True)
class Finding:
    """What a rule saw. `keep`, if given, names a list in `details` that accumulates
    over the sightings of one alert (the newest last, at most KEPT entries). `elapsed` names the
    `details` that only measure how long a condition has lasted (a clock rule's seconds): a sighting
    that differs from the alert in those (and the message saying them) alone is not news."""

    code: str
    severity: str
    message: str
    details: dict[str, Any] = field(default_factory=dict)
    hand_number: int | None = None
    keep: str | None = None
    elapsed: tuple[str, ...] = ()


KEPT = 20

Check = Callable[[Any, Settings], "Finding | None"]


@dataclass(frozen=True, slots=True)
class Rule:
    code: str
    on: type
    check: Check
    settings: tuple[Setting, ...]
    resolves_itself: bool  # an open alert of this rule resolves when the condition is no longer seen


# One code may be read on several kinds of fact, one function each (stale_table at a baccarat shoe and
# at a 百人牛牛 table: one alert code, one title, one place on the floor). ALL_RULES holds every rule by
# (code, fact); RULES each code's first rule (the shoe's, for the codes a table shares).
ALL_RULES: dict[tuple[str, type], Rule] = {}
RULES: dict[str, Rule] = {}


def rule(code: str, *, on: type, settings: tuple[Setting, ...] = (), resolves_itself: bool = False) -> Callable:
    """Register `check` as the rule `code`, run on facts of type `on`."""

    def register(check: Check) -> Check:
        ALL_RULES[(code, on)] = Rule(code, on, check, settings, resolves_itself)
        RULES.setdefault(code, ALL_RULES[(code, on)])
        return check

    return register


def rules_on(fact_type: type) -> list[Rule]:
    return [r for r in ALL_RULES.values() if r.on is fact_type]


def self_resolving_codes(fact_type: type) -> list[str]:
    """The codes read on this kind of fact whose alerts resolve when the condition is gone."""
    return [r.code for r in rules_on(fact_type) if r.resolves_itself]


def evaluate(fact: Any, settings: Settings) -> list[Finding]:
    """Every finding of the rules that read this kind of fact."""
    findings = (r.check(fact, settings) for r in rules_on(type(fact)))
    return [f for f in findings if f is not None]
