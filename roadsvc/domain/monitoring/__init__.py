"""Floor monitoring: what is stale, improbable or out of line, as pure functions of facts.

`registry` holds the rule set (a rule is one function plus its settings), `facts` the
records the rules read, `settings` the tables' thresholds, `floor` a table's status
and pace. Importing this package registers every rule.
"""

# Registers the rules, each game's beside the shared ones (the order is the rules' order).
from roadsvc.domain.baccarat.monitoring import improbable, positive_ev  # noqa: F401
from roadsvc.domain.monitoring import rules  # noqa: F401
from roadsvc.domain.monitoring.facts import (
    HandCorrected, HandIn, HandRefused, LateSlip, NextHandAdvantages, ShoeClock,
)
from roadsvc.domain.monitoring.registry import (
    CRITICAL, INFO, KEPT, RULES, SEVERITIES, WARNING, Finding, Rule, Setting, evaluate, rule, rules_on,
)
from roadsvc.domain.monitoring.settings import check_monitoring_settings, resolve as resolve_settings

__all__ = [
    "CRITICAL", "INFO", "KEPT", "RULES", "SEVERITIES", "WARNING", "Finding", "Rule", "Setting", "evaluate", "rule",
    "rules_on", "HandCorrected", "HandIn", "HandRefused", "LateSlip", "NextHandAdvantages", "ShoeClock",
    "check_monitoring_settings", "resolve_settings",
]
