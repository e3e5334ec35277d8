"""What a hand entered by result only can settle, and that it settles it as the cards would."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest
from bet_scenarios import HANDS
from hypothesis import given, settings
from hypothesis import strategies as st

from roadsvc.domain.baccarat.bets.rule_sets import rule_set, rule_set_names
from roadsvc.domain.baccarat.bets.settlement import settle
from roadsvc.domain.errors import DomainError
from roadsvc.domain.baccarat.dealing.hands import Hand, hand_from_result
from roadsvc.domain.baccarat.dealing.shoe import deal_shoe

# The table in roadsvc/domain/baccarat/bets/rules.py: what a result-only hand with totals
# and the natural flag settles in the extended rule set.
SETTLES_WITH_TOTALS = {
    "banker", "banker_no_commission", "player", "tie", "player_pair", "banker_pair", "either_pair",
    "banker_dragon_bonus", "player_dragon_bonus", "banker_natural", "player_natural", "tiger_tie",
    "banker_four", "player_four", "invincible_six", "tiger_buffalo", "wu_dalang",
}
SETTLES_WITH_RESULT_ONLY = {"banker", "player", "tie", "player_pair", "banker_pair", "either_pair"}


def by_result(hand: Hand, totals: bool = True, natural: bool = True) -> Hand:
    """The same hand as a table without a card reader would enter it."""
    return hand_from_result(
        hand.result,
        hand.banker_pair,
        hand.player_pair,
        hand.player_total if totals else None,
        hand.banker_total if totals else None,
        hand.natural if natural else None,
    )


def settleable(hand: Hand) -> set[str]:
    rules, codes = rule_set("extended"), set()
    for code in rules.bets:
        try:
            settle(code, "10", hand, rules)
        except DomainError as error:
            assert error.code == "needs_cards"
            assert code in error.message
        else:
            codes.add(code)
    return codes


def test_a_result_only_hand_with_totals_settles_exactly_the_documented_bets():
    assert settleable(by_result(HANDS["P8_B3"])) == SETTLES_WITH_TOTALS


def test_a_bare_result_settles_only_result_and_pair_bets():
    assert settleable(by_result(HANDS["P8_B3"], totals=False, natural=False)) == SETTLES_WITH_RESULT_ONLY


def test_natural_stated_false_settles_natural_bets_without_totals():
    hand = hand_from_result("player", natural=False)
    assert settleable(hand) == SETTLES_WITH_RESULT_ONLY | {"banker_natural", "player_natural"}
    assert settle("player_natural", "10", hand, rule_set("extended")).net == Decimal("-10.00")


def test_without_the_natural_flag_natural_bets_are_refused_naming_the_fact():
    with pytest.raises(DomainError) as error:
        settle("banker_dragon_bonus", "10", by_result(HANDS["B_NAT9"], natural=False), rule_set("extended"))
    assert error.value.code == "needs_cards"
    assert "banker_dragon_bonus" in error.value.message and "naturals" in error.value.message


@pytest.mark.parametrize(("name", "code"), [("classic", "lucky_six"), ("classic_no_commission", "banker"),
                                            ("niuniu", "player"), ("extended", "tiger_pair")])
def test_bets_needing_more_than_a_bare_result_are_refused_never_guessed(name, code):
    hand = hand_from_result("banker")
    with pytest.raises(DomainError) as error:
        settle(code, "10", hand, rule_set(name))
    assert error.value.code == "needs_cards"
    assert code in error.value.message


def test_pair_bets_settle_from_the_stated_pair_flags():
    hand = hand_from_result("player", banker_pair=False, player_pair=True)
    assert settle("player_pair", "10", hand, rule_set("classic")).net == Decimal("110.00")
    assert settle("banker_pair", "10", hand, rule_set("classic")).net == Decimal("-10.00")


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_a_result_only_hand_settles_like_its_cards(seed):
    """Whatever a result-only entry can settle, it settles exactly as the dealt cards do."""
    for hand in deal_shoe(random.Random(seed)).hands[:20]:
        entered = by_result(hand)
        for name in rule_set_names():
            rules = rule_set(name)
            for code in rules.bets:
                try:
                    expected = settle(code, "10", entered, rules)
                except DomainError:
                    continue
                assert settle(code, "10", hand, rules) == expected
