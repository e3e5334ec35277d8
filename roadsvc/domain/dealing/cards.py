"""Playing cards: parsing card codes, baccarat values, colours."""

from __future__ import annotations

from dataclasses import dataclass

from roadsvc.domain.errors import DomainError

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
_RANK_ALIASES = {"T": "10"}
_SUIT_ALIASES = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}
BLACK_SUITS = frozenset("SC")


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """A card: rank 1 (ace) to 13 (king), suit one of S H D C."""

    rank: int
    suit: str

    @property
    def value(self) -> int:
        """Baccarat points: ace 1, 2-9 face value, 10 and court cards 0."""
        return self.rank if self.rank < 10 else 0

    @property
    def is_black(self) -> bool:
        return self.suit in BLACK_SUITS

    @property
    def code(self) -> str:
        return RANKS[self.rank - 1] + self.suit

    def __str__(self) -> str:
        return self.code


def parse_card(text: str, field: str | None = None) -> Card:
    """`AS`, `10h`, `TD`, `K♣` -> Card. Case-insensitive; anything else is refused."""
    if not isinstance(text, str) or len(text.strip()) < 2:
        raise DomainError("invalid_card", f"{text!r} is not a card code (rank A 2-9 10 J Q K, suit S H D C)", field)
    code = text.strip().upper()
    rank, suit = code[:-1], _SUIT_ALIASES.get(code[-1], code[-1])
    rank = _RANK_ALIASES.get(rank, rank)
    if rank not in RANKS or suit not in SUITS:
        raise DomainError("invalid_card", f"{text!r} is not a card code (rank A 2-9 10 J Q K, suit S H D C)", field)
    return Card(RANKS.index(rank) + 1, suit)


def points(cards) -> int:
    """The baccarat total of some cards: the units digit of their values' sum."""
    return sum(card.value for card in cards) % 10


def full_deck() -> list[Card]:
    return [Card(rank, suit) for suit in SUITS for rank in range(1, 14)]
