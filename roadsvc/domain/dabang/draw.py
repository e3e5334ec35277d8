"""The draw: 162 cards in the order drawn, one at a time in play order from the first drawer; the last 6
are the bottom (底牌). The hands are derived from it, never typed in."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from roadsvc.domain.cards import Card, parse_cards, standard_deck
from roadsvc.domain.dabang.rules import DEFAULT_RULES, DabangRules
from roadsvc.domain.dabang.seats import SEATS
from roadsvc.domain.errors import DomainError


@dataclass(frozen=True, slots=True)
class Draw:
    cards: tuple[Card, ...]
    first_drawer: int
    rules: DabangRules = DEFAULT_RULES

    @property
    def dealt(self) -> int:
        """How many cards go to the seats (the rest is the bottom)."""
        return 4 * self.rules.hand_size

    def drawer_of(self, index: int) -> int:
        """The seat that draws the card at `index` (0-based); indexes past the hands are the bottom's."""
        return (self.first_drawer - 1 + index) % 4 + 1

    def hand(self, seat: int) -> tuple[Card, ...]:
        return self.drawn_by(seat, self.dealt)

    def hands(self) -> dict[int, tuple[Card, ...]]:
        return {seat: self.hand(seat) for seat in SEATS}

    @property
    def bottom(self) -> tuple[Card, ...]:
        return self.cards[self.dealt:]

    def drawn_by(self, seat: int, count: int) -> tuple[Card, ...]:
        """The cards `seat` held once `count` cards in all had been drawn."""
        start = (seat - self.first_drawer) % 4
        return self.cards[start:min(count, self.dealt):4]

    def drawn_after(self, seat: int, count: int) -> tuple[Card, ...]:
        """The cards `seat` drew after `count` cards in all had been drawn, in the order drawn."""
        return tuple(card for index, card in enumerate(self.cards[:self.dealt]) if index >= count
                     and self.drawer_of(index) == seat)

    def held(self, seat: int, cards, count: int) -> bool:
        """Did `seat` hold all of `cards` (with repeats) once `count` cards had been drawn?"""
        have = Counter(self.drawn_by(seat, count))
        return all(have[card] >= n for card, n in Counter(cards).items())


def parse_draw(codes, first_drawer, rules: DabangRules = DEFAULT_RULES) -> Draw:
    """162 codes that are exactly three 54-card decks, and a seat 1-4 that drew first."""
    if first_drawer not in SEATS or isinstance(first_drawer, bool):
        raise DomainError("invalid_seat", "first_drawer must be a seat 1-4", "first_drawer")
    cards = parse_cards(codes, "draw", jokers=True)
    if len(cards) != rules.deck_size:
        raise DomainError("wrong_draw_size", f"a draw is {rules.deck_size} cards ({rules.decks} decks), got {len(cards)}",
                          "draw")
    counts = Counter(cards)
    for card in standard_deck(jokers=True):
        if counts[card] != rules.decks:
            raise DomainError("not_three_decks", f"{card.code} appears {counts[card]} times; "
                              f"{rules.decks} decks hold each card {rules.decks} times", "draw")
    return Draw(tuple(cards), first_drawer, rules)
