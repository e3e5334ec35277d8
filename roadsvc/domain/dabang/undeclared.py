"""When nobody declares, the bottom gives the trump suit.

First deal: each seat from the first drawer turns up one card of the bottom; the highest (大王 > 小王 > 3 >
2 > A > K > ... > 4, suits equal, the first turned winning ties) makes its seat the 打家 and gives the
suit; a joker's seat turns further cards until a non-joker. Later deals: cards are drawn from the bottom
at random until a non-joker, whose suit is trump; a bottom of six jokers is a redeal.
`drawn_from_bottom` lists the cards in the order they were turned.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from roadsvc.domain.cards import BIG_JOKER, Card
from roadsvc.domain.dabang.seats import seats_from
from roadsvc.domain.errors import DomainError

FIELD = "drawn_from_bottom"


@dataclass(frozen=True, slots=True)
class FromBottom:
    trump: str | None  # None: a redeal
    dealer_seat: int | None = None  # the first deal's turn-up names the 打家

    @property
    def redeal(self) -> bool:
        return self.trump is None


def turn_order(card: Card, level: int) -> int:
    if card.is_joker:
        return 100 if card == BIG_JOKER else 99
    return {level: 98, 2: 97, 1: 96}.get(card.rank, card.rank)


def first_deal_turn_up(bottom: tuple[Card, ...], first_drawer: int, turned: list[Card], level: int) -> FromBottom:
    _check_from(bottom, turned)
    if len(turned) < 4:
        raise DomainError("wrong_count", "on the first deal each of the four seats turns up one card of the bottom",
                          FIELD)
    orders = [turn_order(card, level) for card in turned[:4]]
    best = orders.index(max(orders))
    seat = seats_from(first_drawer)[best]
    suit_cards = [turned[best]] + turned[4:] if turned[best].is_joker else [turned[best]]
    if len(turned) > 4 and not turned[best].is_joker:
        raise DomainError("wrong_count", "only a seat that turned up a joker turns further cards", FIELD)
    return FromBottom(_suit_from(suit_cards, len(turned) == len(bottom)), seat)


def random_draw(bottom: tuple[Card, ...], drawn: list[Card]) -> FromBottom:
    _check_from(bottom, drawn)
    if not drawn:
        raise DomainError("wrong_count", "nobody declared: draw a card from the bottom for the trump suit", FIELD)
    return FromBottom(_suit_from(drawn, len(drawn) == len(bottom)))


def _suit_from(cards: list[Card], bottom_exhausted: bool) -> str | None:
    """Jokers set aside until a non-joker, which is the last card; all jokers to the bottom's end: a redeal."""
    if any(not card.is_joker for card in cards[:-1]):
        raise DomainError("invalid_draw", "cards are turned only until the first card of a suit", FIELD)
    if not cards[-1].is_joker:
        return cards[-1].suit
    if bottom_exhausted:
        return None
    raise DomainError("invalid_draw", "a joker was turned: keep turning until a card of a suit", FIELD)


def _check_from(bottom: tuple[Card, ...], turned: list[Card]) -> None:
    have, want = Counter(bottom), Counter(turned)
    for card, n in want.items():
        if have[card] < n:
            raise DomainError("not_in_bottom", f"the bottom holds {have[card]} × {card.code}", FIELD)
