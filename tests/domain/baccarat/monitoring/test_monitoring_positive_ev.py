"""The positive_ev rule (pure): a warning naming the best bet first while any open bet
qualifies; nothing (the alert resolves itself) when none does."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from roadsvc.domain.baccarat.integrity.advantage import Advantage
from roadsvc.domain.baccarat.monitoring.facts import NextHandAdvantages
from roadsvc.domain.monitoring import RULES, evaluate


def test_no_qualifying_bet_is_no_finding_and_the_rule_resolves_itself():
    assert evaluate(NextHandAdvantages(12, 300, Decimal("0"), []), {}) == []
    assert RULES["positive_ev"].resolves_itself and RULES["positive_ev"].on is NextHandAdvantages


def test_qualifying_bets_are_one_warning_with_the_best_first():
    found = [Advantage("perfect_pair", Fraction(1, 100), 80, 61), Advantage("dragon_7", Fraction(3, 100), 80, 61)]
    [finding] = evaluate(NextHandAdvantages(61, 80, Decimal("0.005"), found), {})
    assert (finding.code, finding.severity, finding.hand_number) == ("positive_ev", "warning", 61)
    assert finding.details == {"hand_number": 61, "cards_left": 80, "threshold": "0.005",
                               "bets": [{"bet": "dragon_7", "ev": 0.03}, {"bet": "perfect_pair", "ev": 0.01}]}
    assert finding.message.startswith("hand 61: dragon_7 has expected value +3.0000% per unit and 1 more")
