"""Cutoffs by hand number, the per-bet range, and the hedge and total limits, each at its edge."""

from __future__ import annotations

from decimal import Decimal

import pytest

from roadsvc.domain.baccarat.bets.betting import check_slip, open_bets
from roadsvc.domain.baccarat.bets.limits import allowed_range, stake_range
from roadsvc.domain.baccarat.bets.rule_sets import rule_set, rule_set_names
from roadsvc.domain.errors import DomainError

# spec/bets.md, per-shoe cutoffs
AFTER_50 = ["banker_pair", "player_pair", "either_pair", "perfect_pair", "tiger_pair", "banker_four_pair",
            "player_four_pair", "lucky_six", "tiger"]
AFTER_30 = ["small_tiger", "big_tiger", "tiger_tie", "banker_black", "player_black", "banker_red", "player_red",
            "lucky_seven", "fire_sevens", "divine_nine"]
CUT = [(name, code, after) for name in rule_set_names() for after, codes in ((50, AFTER_50), (30, AFTER_30))
       for code in codes if code in rule_set(name).bets]


def reason(name, hand_number, bets, **kwargs):
    """The refusal code of each bet of a slip (None when accepted)."""
    slip = check_slip(rule_set(name, kwargs.pop("overrides", None)), hand_number, bets, **kwargs)
    return [check.refusal.code if check.refusal else None for check in slip.checks]


@pytest.mark.parametrize(("name", "code", "after"), CUT)
def test_a_cut_off_bet_is_taken_on_hand_n_and_refused_from_n_plus_1(name, code, after):
    assert reason(name, after, [(code, "10")]) == [None]
    slip = check_slip(rule_set(name), after + 1, [(code, "10")])
    refusal = slip.checks[0].refusal
    assert refusal.code == "cutoff"
    assert refusal.detail == {"bet": code, "hand_number": after + 1, "cutoff": after}
    assert code in refusal.message and str(after) in refusal.message


def test_bets_without_a_cutoff_stay_open_all_shoe():
    statuses = open_bets(rule_set("extended"), 90)
    open_codes = {status.bet.code for status in statuses if status.open}
    assert open_codes == set(rule_set("extended").bets) - set(AFTER_30) - set(AFTER_50)
    assert {"golden_eight", "all_treasures", "banker", "tie"} <= open_codes


def test_open_bets_says_which_rule_closed_each_bet():
    statuses = {status.bet.code: status for status in open_bets(rule_set("extended"), 31)}
    assert statuses["small_tiger"].refusal.code == "cutoff"
    assert statuses["tiger"].open and statuses["tiger"].range.as_dict() == {"min": "1.00", "max": "10000.00"}


def test_a_table_without_cards_closes_the_bets_it_could_not_settle():
    statuses = {s.bet.code: s for s in open_bets(rule_set("extended"), 1, available={"result", "pairs", "totals"})}
    assert statuses["perfect_pair"].refusal.code == "needs_cards"
    assert statuses["perfect_pair"].refusal.detail["missing"] == ["suits"]
    assert statuses["banker_no_commission"].open and statuses["banker"].open
    assert reason("extended", 1, [("lucky_seven", "10")], available={"result"}) == ["needs_cards"]


@pytest.mark.parametrize("hand_number", [0, -1, True, "1", 1.0])
def test_hand_numbers_start_at_one(hand_number):
    with pytest.raises(DomainError) as error:
        open_bets(rule_set("classic"), hand_number)
    assert error.value.code == "invalid_hand_number"


def test_the_allowed_range_is_the_intersection_of_account_and_table():
    bet = rule_set("classic").bets["banker"]
    assert allowed_range(bet, stake_range("100", "20000")).as_dict() == {"min": "100.00", "max": "10000.00"}
    assert allowed_range(bet, stake_range("20000", "50000")) is None


@pytest.mark.parametrize(("stake", "code"), [("100", None), ("99.99", "below_min"), ("10000", None),
                                             ("10000.01", "above_max")])
def test_stakes_at_the_edges_of_the_intersected_range(stake, code):
    assert reason("classic", 1, [("player", stake)], account=stake_range("100", "20000")) == [code]


def test_a_bet_type_whose_ranges_do_not_meet_is_closed_to_the_account():
    account = stake_range("20000", "50000")
    assert reason("classic", 1, [("tie", "20000")], account=account) == ["range_closed"]
    statuses = {s.bet.code: s for s in open_bets(rule_set("classic"), 1, account=account)}
    assert statuses["tie"].refusal.code == "range_closed" and statuses["tie"].range is None


CENT_MIN = {"min": "0.01"}
HEDGE = {"hedge_limit": "1000", "ranges": {"banker": CENT_MIN, "player": CENT_MIN}}


@pytest.mark.parametrize(("stake", "code"), [("1000", None), ("1000.01", "hedge_limit")])
def test_the_hedge_difference_may_reach_the_limit_exactly(stake, code):
    assert reason("classic", 1, [("banker", stake)], overrides=HEDGE) == [code]


def test_the_hedge_counts_what_the_hand_already_holds_and_a_hedging_bet_is_taken():
    totals = {"banker": Decimal("3000"), "player": Decimal("2500")}
    # difference 500 -> 1000 (taken) -> 1000.01 (refused) -> -1000: a 2000 player bet, twice the
    # limit on its own, is taken because the banker side holds it -> -1000.01 (refused)
    assert reason("classic", 1, [("banker", "500"), ("banker", "0.01"), ("player", "2000"), ("player", "0.01")],
                  overrides=HEDGE, totals=totals) == [None, "hedge_limit", None, "hedge_limit"]


def test_the_hedge_refusal_gives_the_difference_and_the_limit():
    slip = check_slip(rule_set("classic", HEDGE), 1, [("player", "1200")])
    assert slip.checks[0].refusal.detail == {"bet": "player", "stake": "1200.00", "difference": "-1200.00",
                                             "limit": "1000.00"}


def test_no_commission_banker_stands_with_banker_in_the_hedge():
    overrides = {"hedge_limit": "100", "ranges": {"banker_no_commission": CENT_MIN}}
    assert reason("extended", 1, [("banker", "60"), ("banker_no_commission", "40"), ("banker_no_commission", "0.01")],
                  overrides=overrides) == [None, None, "hedge_limit"]


@pytest.mark.parametrize(("stakes", "codes"), [
    (["300", "200"], [None, None]),
    (["300", "200.01"], [None, "total_limit"]),
])
def test_other_bets_may_reach_their_hand_total_exactly(stakes, codes):
    overrides = {"total_limits": {"tie": "500"}}
    assert reason("classic", 1, [("tie", s) for s in stakes], overrides=overrides) == codes


def test_the_total_limit_counts_the_hands_existing_total():
    overrides = {"total_limits": {"lucky_six": "500"}, "ranges": {"lucky_six": CENT_MIN}}
    assert reason("classic", 1, [("lucky_six", "100"), ("lucky_six", "0.01")], overrides=overrides,
                  totals={"lucky_six": Decimal("400")}) == [None, "total_limit"]


def test_only_accepted_bets_count_towards_the_limits():
    overrides = {"total_limits": {"tie": "500"}}
    slip = check_slip(rule_set("classic", overrides), 1, [("tie", "600"), ("tie", "500")])
    assert [c.accepted for c in slip.checks] == [False, True]
    assert slip.totals == {"tie": Decimal("500.00")}


def test_the_first_failing_rule_is_reported():
    account = stake_range("100", "20000")
    assert reason("extended", 51, [("tiger", "5"), ("nope", "5"), ("banker", "5")], account=account) == [
        "cutoff", "unknown_bet", "below_min"]


def test_a_malformed_stake_is_a_bad_request_not_a_refusal():
    with pytest.raises(DomainError) as error:
        check_slip(rule_set("classic"), 1, [("banker", "10"), ("player", "1.005")])
    assert (error.value.code, error.value.field) == ("invalid_amount", "bets[1].stake")


@pytest.mark.parametrize(("low", "high"), [("0", "10"), ("20", "10"), ("1.001", "10")])
def test_account_ranges_are_validated(low, high):
    with pytest.raises(DomainError):
        stake_range(low, high)


def test_the_hands_existing_totals_must_be_exact_amounts():
    with pytest.raises(DomainError) as error:
        check_slip(rule_set("classic"), 1, [("tie", "10")], totals={"tie": 5.5})
    assert (error.value.code, error.value.field) == ("invalid_amount", "totals.tie")
