"""Rule sets as data: the spec's bet lists, and a table's overrides with clear refusals."""

from __future__ import annotations

from decimal import Decimal

import pytest

from roadsvc.domain.baccarat.bets.rule_sets import rule_set
from roadsvc.domain.baccarat.bets.settlement import settle
from roadsvc.domain.errors import DomainError
from roadsvc.domain.baccarat.dealing.hands import hand_from_result


def test_niuniu_offers_player_banker_and_tie_only_and_holds_nine():
    bets = rule_set("niuniu").bets
    assert list(bets) == ["player", "banker", "tie"]
    assert (bets["player"].hold, bets["banker"].hold, bets["tie"].hold) == (Decimal(9), Decimal(9), Decimal(1))


def test_bets_carry_their_chinese_and_english_names():
    bet = rule_set("extended").bets["banker_char_siu"]
    assert bet.en == "Banker char siu"  # its Chinese name, 庄叉烧, is the catalogues' (tests/i18n)


def test_overrides_change_pays_cutoffs_and_limits_of_one_table_only():
    table = rule_set("extended", {
        "pays": {"tie": "9", "lucky_six": {"three_card": "20"}},
        "cutoffs": {"lucky_six": 40, "tiger": None},
        "ranges": {"banker": {"min": "10", "max": "5000"}},
        "total_limits": {"tie": "2000"},
        "hedge_limit": "8000",
    })
    assert table.bets["tie"].pays == {"win": Decimal("9")}
    assert table.bets["lucky_six"].pays == {"two_card": Decimal("12"), "three_card": Decimal("20")}
    assert (table.bets["lucky_six"].cutoff, table.bets["tiger"].cutoff) == (40, None)
    assert (table.bets["banker"].min_stake, table.bets["banker"].max_stake) == (Decimal("10.00"), Decimal("5000.00"))
    assert (table.bets["tie"].total_limit, table.hedge_limit) == (Decimal("2000.00"), Decimal("8000.00"))
    default = rule_set("extended")
    assert default.bets["tie"].pays == {"win": Decimal("8")} and default.bets["tiger"].cutoff == 50


def test_an_overridden_pay_is_what_settlement_pays():
    table = rule_set("classic", {"pays": {"banker": "0.9"}})
    assert settle("banker", "10", hand_from_result("banker"), table).net == Decimal("9.00")


def test_niuniu_losses_and_hold_can_be_overridden_together():
    losses = {f"total_{w}": "1" for w in range(1, 10)}
    table = rule_set("niuniu", {"losses": {"banker": losses}, "hold": {"banker": "1"}})
    hand = hand_from_result("player", player_total=9, banker_total=2)
    settlement = settle("banker", "10", hand, table)
    assert (settlement.held, settlement.net) == (Decimal("10.00"), Decimal("-10.00"))


@pytest.mark.parametrize(("overrides", "code", "field"), [
    ({"pays": {"dragon": "1"}}, "unknown_bet", "overrides.pays.dragon"),
    ({"pays": {"tie": "-8"}}, "invalid_pay", "overrides.pays.tie.win"),
    ({"pays": {"tie": "0"}}, "invalid_pay", "overrides.pays.tie.win"),
    ({"pays": {"tie": 8.5}}, "invalid_amount", "overrides.pays.tie.win"),
    ({"pays": {"lucky_six": "15"}}, "invalid_override", "overrides.pays.lucky_six"),
    ({"pays": {"lucky_six": {"four_card": "15"}}}, "unknown_tier", "overrides.pays.lucky_six.four_card"),
    ({"pays": "8"}, "invalid_override", "overrides.pays"),
    ({"cutoffs": {"lucky_six": 0}}, "invalid_cutoff", "overrides.cutoffs.lucky_six"),
    ({"cutoffs": {"lucky_six": "40"}}, "invalid_cutoff", "overrides.cutoffs.lucky_six"),
    ({"ranges": {"tie": {"min": "500", "max": "100"}}}, "invalid_range", "overrides.ranges.tie"),
    ({"ranges": {"tie": {"low": "5"}}}, "invalid_override", "overrides.ranges.tie"),
    ({"ranges": {"tie": {"max": "-5"}}}, "invalid_limit", "overrides.ranges.tie.max"),
    ({"total_limits": {"banker": "100"}}, "invalid_override", "overrides.total_limits.banker"),
    ({"hedge_limit": "0"}, "invalid_limit", "overrides.hedge_limit"),
    ({"commission": "5%"}, "invalid_override", "overrides.commission"),
])
def test_invalid_overrides_are_refused_with_a_clear_code_and_field(overrides, code, field):
    with pytest.raises(DomainError) as error:
        rule_set("classic", overrides)
    assert (error.value.code, error.value.field) == (code, field)


def test_a_loss_beyond_the_hold_is_refused():
    with pytest.raises(DomainError) as error:
        rule_set("niuniu", {"hold": {"player": "5"}})
    assert (error.value.code, error.value.field) == ("invalid_hold", "overrides.hold.player")


def test_an_unknown_rule_set_is_refused():
    with pytest.raises(DomainError) as error:
        rule_set("macau")
    assert error.value.code == "unknown_rule_set"
