"""The cards left in a shoe: a full shoe minus every card seen.

A `Composition` counts each of the 52 card types (in `full_deck()` order) left in
the shoe. The cards seen are the burn card shown and every card of every hand
dealt. The cards burned face down are *not* removed: nobody saw them, so they are
a uniformly random subset of the cards not seen, and averaging the next hand's
odds over every possible such subset gives exactly the odds of the composition
without removing them (exchangeability: the next cards dealt are as random a
draw from the unseen cards whether or not some unseen cards were set aside).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Mapping

import numpy as np

from roadsvc.domain.baccarat.dealing.cards import Card, full_deck
from roadsvc.domain.errors import DomainError
from roadsvc.domain.baccarat.dealing.shoe import check_decks

CARD_TYPES: tuple[Card, ...] = tuple(full_deck())
CARD_INDEX = {card: i for i, card in enumerate(CARD_TYPES)}
CARD_VALUES = np.array([card.value for card in CARD_TYPES], dtype=np.int64)
MIN_CARDS = 6  # a hand can need six cards


@dataclass(frozen=True)
class Composition:
    """Counts of the 52 card types left, as a tuple (hashable: a cache key)."""

    counts: tuple[int, ...]

    @property
    def cards_left(self) -> int:
        return sum(self.counts)

    def array(self) -> np.ndarray:
        return np.array(self.counts, dtype=np.int64)

    def values(self) -> np.ndarray:
        """Counts of values 0-9 left."""
        return np.bincount(CARD_VALUES, weights=self.array(), minlength=10).astype(np.int64)

    def as_cards(self) -> dict[Card, int]:
        return dict(zip(CARD_TYPES, self.counts))

    def by_value(self) -> dict[int, int]:
        return dict(enumerate(self.values().tolist()))

    def can_deal(self) -> bool:
        return self.cards_left >= MIN_CARDS


def composition_of(cards: Mapping[Card, int]) -> Composition:
    """A composition from a card -> count mapping (cards not named: none left)."""
    counts = [0] * len(CARD_TYPES)
    for card, count in cards.items():
        if not isinstance(card, Card) or isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise DomainError("invalid_composition", "a composition maps cards to counts, none negative",
                              "composition")
        counts[CARD_INDEX[card]] += count
    return Composition(tuple(counts))


def full_composition(decks: int) -> Composition:
    return Composition((check_decks(decks),) * len(CARD_TYPES))


def remaining(decks: int, seen: Iterable[Card]) -> Composition:
    """The full shoe of `decks` decks less every card in `seen` (refused if one is seen too often)."""
    counts = list(full_composition(decks).counts)
    for card, times in Counter(seen).items():
        index = CARD_INDEX[card]
        if times > counts[index]:
            raise DomainError("impossible_card", f"{card.code} seen {times} times; {decks} decks hold {decks}",
                              "cards")
        counts[index] -= times
    return Composition(tuple(counts))
