"""A known positive-EV window: removing 8s and 9s turns Dragon 7 (lucky_seven, banker wins with a
three-card 7, 40 to 1) positive; the positive_ev rule and the advantage refusal see it."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from roadsvc.domain.baccarat.bets.rule_sets import rule_set
from roadsvc.domain.baccarat.dealing.cards import Card, parse_card
from roadsvc.domain.errors import DomainError
from roadsvc.domain.baccarat.dealing.hands import hand_from_cards, parse_hand
from roadsvc.domain.baccarat.integrity.advantage import (
    advantage_refusal,
    check_integrity_settings,
    closes_positive_ev,
    positive_ev,
    threshold_of,
)
from roadsvc.domain.baccarat.integrity.composition import full_composition, remaining
from roadsvc.domain.baccarat.integrity.engine import engine_for
from roadsvc.domain.baccarat.integrity.series import compositions, ev_series, seen_cards

EXTENDED = rule_set("extended")


def nines_and_eights(hands: int) -> list:
    """`hands` hands of player 9 9 (a natural 8) against banker 8 8: four 8s and 9s out per hand."""
    suits = "SHDC"
    dealt = []
    for i in range(hands):
        a, b = suits[(2 * i) % 4], suits[(2 * i + 1) % 4]
        dealt.append(hand_from_cards([Card(9, a), Card(9, b)], [Card(8, a), Card(8, b)]))
    return dealt


def odds_after(hands: int):
    seen = [card for hand in nines_and_eights(hands) for card in hand.all_cards()]
    return engine_for(EXTENDED).evaluate(remaining(8, seen))


def test_a_full_shoe_has_no_bet_in_the_players_favour():
    assert positive_ev(engine_for(EXTENDED).evaluate(full_composition(8)), 1) == []


def test_dragon_seven_turns_positive_once_sixteen_eights_and_nines_are_out():
    assert odds_after(2).bets["lucky_seven"].ev < 0
    found = positive_ev(odds_after(4), 5)
    assert [a.bet for a in found] == ["lucky_seven", "fire_sevens"]
    seven = found[0]
    assert seven.cards_left == 416 - 16 and seven.hand_number == 5
    assert Fraction(1, 100) < seven.ev < Fraction(11, 1000)  # +1.02%


def test_the_threshold_decides_which_bets_qualify():
    found = positive_ev(odds_after(4), 5, Decimal("0.005"))
    assert [a.bet for a in found] == ["lucky_seven"]
    assert positive_ev(odds_after(4), 5, Decimal("0.02")) == []
    assert "banker" in [a.bet for a in positive_ev(odds_after(4), 5, Decimal("-0.05"))]


def test_a_bet_past_its_cutoff_does_not_qualify():
    found = positive_ev(odds_after(4), 31)  # lucky_seven and fire_sevens are taken up to hand 30
    assert found == []


def test_the_advantage_refusal_carries_the_ev():
    seven = positive_ev(odds_after(4), 5)[0]
    refusal = advantage_refusal(seven, Decimal("0"))
    assert refusal.code == "advantage"
    assert refusal.detail["bet"] == "lucky_seven" and refusal.detail["ev"] == pytest.approx(float(seven.ev))
    assert refusal.detail["hand_number"] == 5 and refusal.detail["cards_left"] == 400


def test_the_series_crosses_zero_between_hands():
    hands = list(enumerate(nines_and_eights(6), start=1))
    series = ev_series(engine_for(EXTENDED, ["lucky_seven"]), 8, None, hands, 7)
    assert [entry.hand_number for entry in series] == [1, 2, 3, 4, 5, 6, 7]
    signs = [entry.ev["lucky_seven"] > 0 for entry in series]
    assert signs == [False, False, False, False, True, True, True]
    assert [entry.cards_left for entry in series] == [416 - 4 * k for k in range(7)]


def test_the_burn_card_shown_is_seen_the_ones_burned_face_down_are_not():
    hands = list(enumerate(nines_and_eights(1), start=1))
    assert len(seen_cards(parse_card("5D"), hands)) == 5
    before = [composition.cards_left for _, composition in compositions(8, parse_card("5D"), hands)]
    assert before == [415, 411]


def test_a_hand_without_cards_leaves_no_composition():
    hands = [(1, parse_hand({"result": "banker"}))]
    with pytest.raises(DomainError) as error:
        seen_cards(None, hands)
    assert error.value.code == "no_composition"


@pytest.mark.parametrize("settings, field", [
    ({"ev_alert_threshold": 2}, "settings.ev_alert_threshold"),
    ({"ev_alert_threshold": "nan"}, "settings.ev_alert_threshold"),
    ({"ev_alert_threshold": True}, "settings.ev_alert_threshold"),
    ({"close_positive_ev": "yes"}, "settings.close_positive_ev"),
])
def test_bad_integrity_settings_are_refused(settings, field):
    with pytest.raises(DomainError) as error:
        check_integrity_settings(settings)
    assert (error.value.code, error.value.field) == ("invalid_settings", field)


def test_integrity_settings_default_to_alert_at_zero_without_closing():
    assert threshold_of({}) == 0 and closes_positive_ev({}) is False
    assert threshold_of({"ev_alert_threshold": 0.01}) == Decimal("0.01")
