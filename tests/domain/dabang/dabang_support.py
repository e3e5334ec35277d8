"""Building draws and picking legal plays for the 打棒 tests, independently of the rules under test."""

from __future__ import annotations

import random
from collections import Counter

from dabang_play import cards, first_big_joker, legal_follow, legal_lead, shuffled_codes, turn_up_sequence  # noqa: F401
from roadsvc.domain.cards import Card, standard_deck
from roadsvc.domain.dabang.draw import Draw, parse_draw


def draw_with_hands(hands: dict[int, list[Card]], bottom: list[Card], first_drawer: int = 1) -> Draw:
    """A legal draw that gives each seat the listed cards first (in order), the rest shuffled after them."""
    rest = Counter(standard_deck(jokers=True) * 3)
    for card in [c for hand in hands.values() for c in hand] + list(bottom):
        rest[card] -= 1
        assert rest[card] >= 0, f"more than three {card.code}"
    pool = [card for card, n in sorted(rest.items(), key=lambda item: (item[0].suit, item[0].rank)) for _ in range(n)]
    random.Random(7).shuffle(pool)
    seats = {seat: list(hands.get(seat, [])) for seat in (1, 2, 3, 4)}
    for seat in seats.values():
        while len(seat) < 39:
            seat.append(pool.pop())
    order = [(first_drawer - 1 + i) % 4 + 1 for i in range(156)]
    drawn = [seats[seat].pop(0) for seat in order]
    return parse_draw([c.code for c in drawn + list(bottom) + pool], first_drawer)


def deal_cards(hands: dict, bottom="", *, level: int = 3, trump: str = "S", dealer: int = 1, dry_pot=False):
    """A deal's cards after declaring, written by hand: `{1: "AS AS 3H", ...}`."""
    from roadsvc.domain.dabang.deal_cards import DealCards
    from roadsvc.domain.dabang.order import CardOrder
    from roadsvc.domain.dabang.rules import DEFAULT_RULES

    return DealCards(number=2, order=CardOrder(level, trump), dealer_seat=dealer,
                     hands=tuple(tuple(cards(hands.get(seat, ""))) for seat in (1, 2, 3, 4)),
                     bottom=tuple(cards(bottom)), bottom_shown=True, dry_pot=dry_pot, tribute=(), blood=0,
                     rules=DEFAULT_RULES)
