"""A table's settings are its rule set's overrides: mapped once, checked by the domain, errors
pointing into the settings; bet types the rule set does not offer are kept but unused."""

from __future__ import annotations

from decimal import Decimal

import pytest

from roadsvc.domain.baccarat.bets import ALL_FACTS
from roadsvc.domain.errors import DomainError
from roadsvc.services.baccarat.bet_rules import available_facts, check_betting_settings, overrides_of, table_rules

SETTINGS = {
    "limits": {"banker": {"min": "10.00", "max": "5000.00"}, "tiger": {"min": "5.00", "max": "50.00"}},
    "difference_limit": "20000.00",
    "cutoffs": {"banker_pair": 40},
    "total_limits": {"tie": "3000.00"},
    "pays": {"tie": "9"},
    "good_roads": {"long_banker": 5},
}


def test_the_settings_become_the_rule_sets_overrides_for_the_bets_it_offers():
    assert overrides_of("classic", SETTINGS) == {
        "ranges": {"banker": {"min": "10.00", "max": "5000.00"}},
        "cutoffs": {"banker_pair": 40},
        "total_limits": {"tie": "3000.00"},
        "pays": {"tie": "9"},
        "hedge_limit": "20000.00",
    }
    rules = table_rules("classic", SETTINGS)
    assert (rules.bets["banker"].min_stake, rules.bets["banker"].max_stake) == (Decimal("10.00"), Decimal("5000.00"))
    assert (rules.bets["banker_pair"].cutoff, rules.bets["tie"].pays["win"]) == (40, Decimal("9"))
    assert (rules.bets["tie"].total_limit, rules.hedge_limit) == (Decimal("3000.00"), Decimal("20000.00"))
    assert table_rules("extended", SETTINGS).bets["tiger"].max_stake == Decimal("50.00")


@pytest.mark.parametrize("settings, code, field", [
    ({"cutoffs": {"tie": 0}}, "invalid_cutoff", "settings.cutoffs.tie"),
    ({"limits": {"banker": {"min": "0.00", "max": "1.00"}}}, "invalid_limit", "settings.limits.banker.min"),
    ({"difference_limit": "0.00"}, "invalid_limit", "settings.difference_limit"),
    ({"total_limits": {"player": "10.00"}}, "invalid_override", "settings.total_limits.player"),
    ({"pays": {"tie": "-1"}}, "invalid_pay", "settings.pays.tie.win"),
    ({"cutoffs": {"dragon": 3}}, "unknown_bet", "settings.cutoffs.dragon"),
    ({"hands_by": "telepathy"}, "invalid_settings", "settings.hands_by"),
])
def test_settings_the_rules_cannot_honour_are_refused_where_they_are(settings, code, field):
    with pytest.raises(DomainError) as refused:
        check_betting_settings("classic", settings)
    assert (refused.value.code, refused.value.field) == (code, field)


def test_a_table_entering_results_reports_only_the_result_and_pairs():
    assert available_facts({"hands_by": "result"}) == {"result", "pairs"}
    assert available_facts({}) == ALL_FACTS == available_facts({"hands_by": "cards"})
