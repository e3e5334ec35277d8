"""亮主: 抢亮大王 on the first deal, 混牌 later, 反 and 加固, three jokers naming a suit, the draw from the bottom."""

from __future__ import annotations

import pytest
from dabang_support import cards, draw_with_hands

from roadsvc.domain.dabang.bottom_phase import Burying
from roadsvc.domain.dabang.declaring_phase import DealStart, Declaring, Redeal
from roadsvc.domain.dabang.undeclared import first_deal_turn_up, random_draw
from roadsvc.domain.errors import DomainError

FIRST = DealStart(number=1, level=3, dealer_seat=None, blood=0)
LATER = DealStart(number=2, level=5, dealer_seat=2, blood=0)


def refused(move) -> DomainError:
    with pytest.raises(DomainError) as error:
        move()
    return error.value


def test_qiangliang_the_first_big_joker_makes_the_dealer_and_its_next_card_the_trump():
    # seat 2 draws BJ second overall (at 2), then a joker, then 7C: clubs are trump
    draw = draw_with_hands({2: cards("BJ SJ 7C 4H"), 3: cards("BJ")}, cards("5S 5S 5S 5H 5H 5H"))
    phase = Declaring(FIRST, draw).declare(2, cards("BJ"), 2)
    after = phase.end()
    assert isinstance(after, Burying) and after.cards.dealer_seat == 2 and after.cards.order.trump == "C"
    assert after.cards.order.level == 3 and after.cards.bottom_shown


def test_nobody_overrides_the_first_big_joker():
    draw = draw_with_hands({2: cards("BJ 7C"), 3: cards("BJ")}, [])
    phase = Declaring(FIRST, draw).declare(2, cards("BJ"), 2)
    assert refused(lambda: phase.declare(3, cards("BJ"), 3)).code == "cannot_override"


@pytest.mark.parametrize(("seat", "shown", "at", "code"), [
    (2, "BJ", 1, "not_held"),  # seat 2 draws its first card at 2
    (1, "BJ", 4, "not_held"),
    (2, "3S", 2, "invalid_declaration"),  # the first deal shows a 大王 only
    (2, "BJ BJ", 6, "invalid_declaration"),
    (2, "BJ", 0, "invalid_at"),
    (2, "BJ", 157, "invalid_at"),
])
def test_first_deal_declarations_are_checked_against_the_draw(seat, shown, at, code):
    draw = draw_with_hands({1: cards("4D 4D"), 2: cards("BJ BJ")}, [])
    assert refused(lambda: Declaring(FIRST, draw).declare(seat, cards(shown), at)).code == code


def test_later_deals_declare_with_the_level_card_and_stronger_declarations_override():
    draw = draw_with_hands({1: cards("5H 5S 5S"), 3: cards("5D 5D 5D"), 4: cards("SJ SJ SJ BJ BJ BJ")}, [])
    phase = Declaring(LATER, draw).declare(1, cards("5H"), 1)
    assert refused(lambda: phase.declare(3, cards("5D"), 3)).code == "too_weak"
    phase = phase.declare(1, cards("5S 5S"), 9)
    assert phase.standing.kind == "override" and phase.standing.suit == "S"
    phase = phase.declare(3, cards("5D 5D 5D"), 11)
    assert refused(lambda: phase.declare(1, cards("5S 5S"), 12)).code == "too_weak"
    phase = phase.declare(4, cards("SJ SJ SJ"), 12, "C")
    assert phase.standing.suit == "C" and phase.standing.strength == 4
    phase = phase.declare(4, cards("BJ BJ BJ"), 24, "H")
    assert phase.end().cards.order.trump == "H" and phase.end().cards.dealer_seat == 2


def test_a_seat_reinforces_its_own_declaration_with_more_of_the_same_card():
    draw = draw_with_hands({1: cards("5H 5H")}, [])
    phase = Declaring(LATER, draw).declare(1, cards("5H"), 1).declare(1, cards("5H 5H"), 5)
    assert phase.standing.kind == "reinforce" and phase.end().cards.order.trump == "H"


@pytest.mark.parametrize(("shown", "suit", "code"), [
    ("4H", None, "invalid_declaration"),  # not the 混牌
    ("5H 5S", None, "invalid_declaration"),  # not identical
    ("5H", "S", "invalid_declaration"),  # a 混牌 names its own suit
    ("SJ SJ SJ", None, "suit_required"),
    ("SJ SJ", "S", "invalid_declaration"),
    ("5H 5H 5H 5H", None, "invalid_declaration"),
])
def test_what_is_not_a_later_declaration(shown, suit, code):
    draw = draw_with_hands({1: cards("5H 5H 5S 4H SJ SJ SJ")}, [])
    assert refused(lambda: Declaring(LATER, draw).declare(1, cards(shown), 100, suit)).code == code


def test_a_declaration_cannot_be_dated_before_the_standing_one():
    draw = draw_with_hands({1: cards("5H 5S 5S")}, [])
    phase = Declaring(LATER, draw).declare(1, cards("5H"), 40)
    assert refused(lambda: phase.declare(1, cards("5S 5S"), 39)).code == "out_of_order"


def test_first_deal_turn_up_highest_card_first_turned_wins_ties():
    bottom = tuple(cards("AS 3H 3D KC 4S 4S"))
    chosen = first_deal_turn_up(bottom, 2, cards("AS 3H 3D KC"), 3)
    assert chosen.dealer_seat == 3 and chosen.trump == "H"  # seat 2 turned AS, seat 3 the first 3


def test_first_deal_turn_up_a_joker_turns_on_until_a_suit():
    bottom = tuple(cards("4S SJ 3D KC BJ 9C"))
    chosen = first_deal_turn_up(bottom, 1, cards("4S SJ 3D KC BJ 9C"), 3)
    assert refused(lambda: first_deal_turn_up(bottom, 1, cards("4S SJ 3D KC"), 3)).code == "invalid_draw"
    assert refused(lambda: first_deal_turn_up(bottom, 1, cards("4S KC 3D 9C BJ"), 3)).code == "wrong_count"
    assert refused(lambda: first_deal_turn_up(bottom, 1, cards("4S KC 3D"), 3)).code == "wrong_count"
    assert chosen.dealer_seat == 2 and chosen.trump == "C"


def test_later_deals_draw_from_the_bottom_setting_jokers_aside_and_six_jokers_redeal():
    assert random_draw(tuple(cards("SJ BJ 7D 8S 9S 10S")), cards("SJ BJ 7D")).trump == "D"
    assert refused(lambda: random_draw(tuple(cards("SJ BJ 7D 8S 9S 10S")), cards("SJ"))).code == "invalid_draw"
    assert refused(lambda: random_draw(tuple(cards("SJ BJ 7D 8S 9S 10S")), cards("7H"))).code == "not_in_bottom"
    assert random_draw(tuple(cards("SJ SJ SJ BJ BJ BJ")), cards("SJ SJ SJ BJ BJ BJ")).redeal


def test_nobody_declared_on_a_later_deal_the_bottom_stays_hidden():
    draw = draw_with_hands({}, cards("8S 9S 10S 4D 4D 4D"))
    after = Declaring(LATER, draw).end(cards("9S"))
    assert after.cards.order.trump == "S" and not after.cards.bottom_shown and after.cards.dealer_seat == 2


def test_a_bottom_of_jokers_is_a_redeal():
    draw = draw_with_hands({}, cards("SJ SJ SJ BJ BJ BJ"))
    assert isinstance(Declaring(LATER, draw).end(cards("SJ SJ SJ BJ BJ BJ")), Redeal)


def test_with_a_declaration_standing_nothing_is_drawn_from_the_bottom():
    draw = draw_with_hands({1: cards("5H")}, cards("8S 9S 10S 4D 4D 4D"))
    phase = Declaring(LATER, draw).declare(1, cards("5H"), 1)
    assert refused(lambda: phase.end(cards("9S"))).code == "declared"
