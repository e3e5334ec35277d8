"""Scoring a deal: every row of the outcome table, 抠底 ×2, buried jokers, blood, the instant wins."""

from __future__ import annotations

import pytest
from dabang_support import cards

from roadsvc.domain.dabang.rules import DEFAULT_RULES, DabangRules
from roadsvc.domain.dabang.scoring import score_deal

PLAIN_BOTTOM = cards("4C 6C 7C 8C 9C JC")  # no points, no jokers


def score(points, kou_di, bottom=PLAIN_BOTTOM, dry_pot=False, holder="A", rules=DEFAULT_RULES):
    return score_deal(holder, points, bottom, kou_di, dry_pot, rules)


def test_scorers_with_120_and_kou_di_level_up_and_take_the_deal():
    result = score(120, kou_di=True)
    assert result.levels_gained == {"A": 0, "B": 1} and result.next_holder == "B" and result.blood == 0


def test_scorers_with_120_but_bao_di_take_the_deal_without_a_level():
    result = score(125, kou_di=False)
    assert result.levels_gained == {"A": 0, "B": 0} and result.next_holder == "B" and result.blood == 0


def test_scorers_under_120_with_kou_di_the_declarers_keep_the_deal_without_a_level():
    result = score(95, kou_di=True)
    assert result.levels_gained == {"A": 0, "B": 0} and result.next_holder == "A" and result.blood == 2


def test_scorers_under_120_and_bao_di_the_declarers_level_up():
    result = score(100, kou_di=False)
    assert result.levels_gained == {"A": 1, "B": 0} and result.next_holder == "A" and result.blood == 2


def test_kou_di_counts_the_bottom_twice_however_many_cards_took_it():
    result = score(100, kou_di=True, bottom=cards("KS 10H 4C 6C 7C 8C"))
    assert result.bottom_points == 20 and result.points == 140 and result.levels_gained["B"] == 1
    assert score(100, kou_di=False, bottom=cards("KS 10H 4C 6C 7C 8C")).points == 100


@pytest.mark.parametrize(("points", "blood"), [(85, 3), (80, 4), (115, 0), (110, 1), (5, 11), (160, 0),
                                               (165, 0), (170, 1), (195, 3), (120, 0)])
def test_blood_counts_full_tens_below_120_or_above_160(points, blood):
    assert score(points, kou_di=points >= 120).blood == blood


def test_buried_jokers_earn_levels_and_blood_for_the_team_that_earns_them():
    bottom = cards("BJ SJ 4C 6C 7C 8C")
    declarers = score(100, kou_di=False, bottom=bottom)
    assert declarers.levels_gained["A"] == 1 + 3 and declarers.blood == 3 + 2
    scorers = score(130, kou_di=True, bottom=bottom)
    assert scorers.levels_gained["B"] == 1 + 3 and scorers.blood == 3 and scorers.jokers_earned_by == "B"


def test_bao_di_at_120_gives_the_scorers_the_jokers_blood_but_not_their_levels():
    result = score(175, kou_di=False, bottom=cards("BJ BJ 4C 6C 7C 8C"))
    assert result.levels_gained == {"A": 0, "B": 0} and result.blood == 4 + 1 and result.next_holder == "B"


def test_kou_di_under_120_the_jokers_earn_nothing():
    result = score(60, kou_di=True, bottom=cards("BJ SJ 4C 6C 7C 8C"))
    assert result.levels_gained == {"A": 0, "B": 0} and result.blood == 6 and result.jokers_earned_by is None


def test_dry_pot_jokers_earn_nothing_but_the_level_up_stands():
    result = score(100, kou_di=False, bottom=cards("BJ SJ 3S 2S AS QS"), dry_pot=True)
    assert result.levels_gained["A"] == 1 and result.blood == 2


def test_zero_points_the_declarers_win_at_once():
    result = score(0, kou_di=False)
    assert (result.instant_winner, result.instant_reason) == ("A", "zero_points")


def test_four_hundred_points_the_scorers_win_where_the_multiple_allows_it():
    rules = DabangRules(bottom_multiple=8)
    result = score(200, kou_di=True, bottom=cards("KS KS KS 10H 4C 6C"), rules=rules)
    assert result.points == 200 + 40 * 8 and (result.instant_winner, result.instant_reason) == (
        "B", "four_hundred_points")


@pytest.mark.parametrize(("points", "kou_di", "winner"), [(130, True, "B"), (100, False, "A"),
                                                          (130, False, None), (100, True, None)])
def test_three_big_or_small_jokers_in_the_bottom_win_for_the_side_that_levels_up(points, kou_di, winner):
    for three in ("BJ BJ BJ", "SJ SJ SJ"):
        result = score(points, kou_di, bottom=cards(three + " 4C 6C 7C"))
        assert result.instant_winner == winner
        assert result.instant_reason == ("three_jokers" if winner else None)
    assert score(100, False, bottom=cards("BJ BJ BJ 3S 2S AS"), dry_pot=True).instant_winner is None
