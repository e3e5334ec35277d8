"""The order of cards: trumps and plain suits in every level and trump suit, and the points."""

from __future__ import annotations

import pytest
from dabang_support import cards

from roadsvc.domain.cards import SUITS, Card, standard_deck
from roadsvc.domain.dabang.order import TRUMP, CardOrder, points


@pytest.mark.parametrize("level", range(3, 11))
@pytest.mark.parametrize("trump", SUITS)
def test_trumps_run_jokers_level_cards_twos_then_the_trump_suit(level, trump):
    order = CardOrder(level, trump)
    other = next(s for s in SUITS if s != trump)
    ace = Card(1, trump)
    chain = [Card(15, "J"), Card(14, "J"), Card(level, trump), Card(level, other), Card(2, trump), Card(2, other), ace]
    assert all(order.is_trump(card) for card in chain)
    strengths = [order.strength(card) for card in chain]
    assert strengths == sorted(strengths, reverse=True) and len(set(strengths)) == len(strengths)
    below_ace = [Card(rank, trump) for rank in range(13, 2, -1) if rank != level]
    assert [order.strength(c) for c in below_ace] == sorted((order.strength(c) for c in below_ace), reverse=True)
    assert order.strength(below_ace[-1]) < order.strength(ace)


@pytest.mark.parametrize("level", range(3, 11))
@pytest.mark.parametrize("trump", SUITS)
def test_other_suits_level_cards_and_twos_are_equal_among_themselves_and_trumps(level, trump):
    order = CardOrder(level, trump)
    others = [s for s in SUITS if s != trump]
    assert len({order.strength(Card(level, s)) for s in others}) == 1
    assert len({order.strength(Card(2, s)) for s in others}) == 1
    assert all(order.suit(Card(level, s)) == TRUMP and order.suit(Card(2, s)) == TRUMP for s in others)


@pytest.mark.parametrize("level", range(3, 11))
def test_a_plain_suit_runs_ace_to_three_without_the_two_and_the_level_card(level):
    order = CardOrder(level, "S")
    plain = [Card(rank, "H") for rank in (1, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3) if rank != level]
    assert all(order.suit(card) == "H" for card in plain)
    strengths = [order.strength(card) for card in plain]
    assert strengths == sorted(strengths, reverse=True) and len(set(strengths)) == len(plain)


def test_nine_trumps_and_a_plain_suit_at_level_nine_hearts_trump():
    order = CardOrder(9, "H")
    ranked = order.sorted(cards("4S 9H 2C AS BJ 9D 3H 2H SJ KS"))
    assert [c.code for c in ranked] == ["BJ", "SJ", "9H", "9D", "2H", "2C", "3H", "AS", "KS", "4S"]


def test_points_are_fives_tens_and_kings_three_hundred_in_three_decks():
    assert [points(c) for c in cards("5S 10H KD QS BJ SJ AS")] == [5, 10, 10, 0, 0, 0, 0]
    assert sum(points(card) for card in standard_deck(jokers=True) * 3) == 300
