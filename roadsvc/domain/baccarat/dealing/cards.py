"""Baccarat's cards: the shared card (roadsvc.domain.cards) with its baccarat value and colour.

Baccarat plays no jokers, so its codes are the shared codes without `BJ` and `SJ`, parsed
and refused with the shared module's words.
"""

from __future__ import annotations

from dataclasses import dataclass

from roadsvc.domain import cards as shared
from roadsvc.domain.cards import RANKS, SUITS

__all__ = ["BLACK_SUITS", "RANKS", "SUITS", "Card", "full_deck", "parse_card", "points"]

BLACK_SUITS = frozenset("SC")


@dataclass(frozen=True, slots=True, order=True)
class Card(shared.Card):
    """A baccarat card: rank 1 (ace) to 13 (king), suit one of S H D C."""

    @property
    def value(self) -> int:
        """Baccarat points: ace 1, 2-9 face value, 10 and court cards 0."""
        return self.rank if self.rank < 10 else 0

    @property
    def is_black(self) -> bool:
        return self.suit in BLACK_SUITS


def parse_card(text: str, field: str | None = None) -> Card:
    """`AS`, `10h`, `TD`, `K♣` -> Card. Case-insensitive; anything else (a joker too) is refused."""
    card = shared.parse_card(text, field)
    return Card(card.rank, card.suit)


def points(cards) -> int:
    """The baccarat total of some cards: the units digit of their values' sum."""
    return sum(card.value for card in cards) % 10


def full_deck() -> list[Card]:
    return [Card(card.rank, card.suit) for card in shared.standard_deck()]
