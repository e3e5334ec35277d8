"""The draw: three 54-card decks, hands derived one card at a time in seat order, the last six the bottom."""

from __future__ import annotations

import pytest
from dabang_support import shuffled_codes

from roadsvc.domain.dabang.draw import parse_draw
from roadsvc.domain.errors import DomainError


def test_hands_are_drawn_one_at_a_time_in_seat_order_from_the_first_drawer():
    codes = shuffled_codes(1)
    draw = parse_draw(codes, 3)
    assert draw.hand(3)[:2] == tuple(draw.cards[0:8:4][:2]) and draw.hand(4)[0] == draw.cards[1]
    assert draw.hand(1)[0] == draw.cards[2] and draw.hand(2)[0] == draw.cards[3]
    assert all(len(hand) == 39 for hand in draw.hands().values())
    assert [c.code for c in draw.bottom] == codes[156:]


def test_what_a_seat_held_at_a_point_of_the_draw():
    draw = parse_draw(shuffled_codes(2), 1)
    first = draw.cards[0]
    assert draw.held(1, [first], 1) and not draw.held(2, [first], 1)
    assert not draw.held(1, [first, first], 1)
    assert draw.drawn_by(2, 2) == (draw.cards[1],) and draw.drawn_by(2, 1) == ()
    assert draw.drawn_after(1, 4) == draw.hand(1)[1:]


@pytest.mark.parametrize(("mutate", "code"), [
    (lambda codes: codes[:-1], "wrong_draw_size"),
    (lambda codes: codes + ["AS"], "wrong_draw_size"),
    (lambda codes: ["AS"] + codes[1:], "not_three_decks"),
    (lambda codes: codes[:5] + ["XX"] + codes[6:], "invalid_card"),
])
def test_a_draw_that_is_not_three_decks_is_refused(mutate, code):
    codes = shuffled_codes(3)
    if code == "not_three_decks" and codes[0] == "AS":
        codes[0], codes[1] = codes[1], codes[0]
    with pytest.raises(DomainError) as refused:
        parse_draw(mutate(codes), 1)
    assert refused.value.code == code and refused.value.field.startswith("draw")


@pytest.mark.parametrize("seat", [0, 5, "1", True, None])
def test_the_first_drawer_is_a_seat(seat):
    with pytest.raises(DomainError) as refused:
        parse_draw(shuffled_codes(4), seat)
    assert refused.value.code == "invalid_seat" and refused.value.field == "first_drawer"
