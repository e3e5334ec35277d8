"""Floor monitoring: what is stale, improbable or out of line, as pure functions of facts.

`registry` holds the rule set (a rule is one function plus its settings), `facts` the
records the rules read, `settings` the tables' thresholds, `floor` a table's status
and pace. Importing this package registers every rule.
"""

# Registers the rules, each game's beside the shared ones (the order is the rules' order).
from roadsvc.domain.baccarat.monitoring import improbable, positive_ev  # noqa: F401
from roadsvc.domain.baccarat.monitoring import advantage_play, opposite_bets  # noqa: F401
from roadsvc.domain.dabang import monitoring as dabang_monitoring  # noqa: F401
from roadsvc.domain.monitoring import money_rules, rules, table_rules  # noqa: F401
from roadsvc.domain.dealers import rules as dealer_rules  # noqa: F401
from roadsvc.domain.monitoring import report_rules  # noqa: F401
from roadsvc.domain.monitoring.money_rules import HandSettled, RoundSettled, ShoeHold, TableHold
from roadsvc.domain.monitoring.facts import (
    HandCorrected, HandRefused, LateRoundSlip, LateSlip, RoundCorrected, RoundRefused, ShoeClock, TableClock,
)
from roadsvc.domain.monitoring.registry import (
    ALL_RULES, CRITICAL, INFO, KEPT, RULES, SEVERITIES, WARNING, Finding, Rule, Setting, evaluate, rule, rules_on,
    self_resolving_codes,
)
from roadsvc.domain.monitoring.settings import check_monitoring_settings, resolve as resolve_settings

__all__ = [
    "ALL_RULES",
    "CRITICAL", "INFO", "KEPT", "RULES", "SEVERITIES", "WARNING", "Finding", "Rule", "Setting", "evaluate", "rule",
    "rules_on", "self_resolving_codes", "HandSettled", "RoundSettled", "ShoeHold", "TableHold", "HandCorrected",
    "HandRefused", "LateSlip",
    "ShoeClock", "LateRoundSlip", "RoundCorrected", "RoundRefused", "TableClock",
    "check_monitoring_settings", "resolve_settings",
]
