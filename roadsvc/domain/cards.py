"""What every game shares: card codes, the two jokers and decks.

A card code is a rank (`A` `2`-`9` `10` `J` `Q` `K`) and a suit (`S` ♠ `H` ♥ `C` ♣ `D` ♦), or
one of the jokers `BJ` (大王, the big joker) and `SJ` (小王, the small joker). What a card is
worth is each game's own business (baccarat points, a bull's ten, a trick's order); this module
only knows what a card is.
"""

from __future__ import annotations

from dataclasses import dataclass

from roadsvc.domain.errors import DomainError

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
JOKER_SUIT = "J"
SMALL_JOKER_RANK = 14
BIG_JOKER_RANK = 15
_JOKER_CODES = {"SJ": SMALL_JOKER_RANK, "BJ": BIG_JOKER_RANK}
_RANK_ALIASES = {"T": "10"}
_SUIT_ALIASES = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """A card: rank 1 (ace) to 13 (king) of a suit S H D C, or a joker (rank 14 小王, 15 大王, suit J)."""

    rank: int
    suit: str

    @property
    def is_joker(self) -> bool:
        return self.suit == JOKER_SUIT

    @property
    def is_big_joker(self) -> bool:
        return self.rank == BIG_JOKER_RANK

    @property
    def code(self) -> str:
        if self.is_joker:
            return "BJ" if self.is_big_joker else "SJ"
        return RANKS[self.rank - 1] + self.suit

    def __str__(self) -> str:
        return self.code


BIG_JOKER = Card(BIG_JOKER_RANK, JOKER_SUIT)
SMALL_JOKER = Card(SMALL_JOKER_RANK, JOKER_SUIT)


def parse_card(text: str, field: str | None = None, *, jokers: bool = False) -> Card:
    """`AS`, `10h`, `TD`, `K♣` (and `BJ`, `SJ` where the game plays jokers) -> Card; anything else is refused."""
    code = text.strip().upper() if isinstance(text, str) else ""
    if jokers and code in _JOKER_CODES:
        return Card(_JOKER_CODES[code], JOKER_SUIT)
    rank = _RANK_ALIASES.get(code[:-1], code[:-1])
    suit = _SUIT_ALIASES.get(code[-1:], code[-1:])
    if rank not in RANKS or suit not in SUITS:
        raise DomainError("invalid_card", f"{text!r} is not a card code ({_accepted(jokers)})", field)
    return Card(RANKS.index(rank) + 1, suit)


def parse_cards(texts, field: str | None = None, *, jokers: bool = False) -> list[Card]:
    """A list of codes -> cards; the error names the offending item (`field[2]`)."""
    if not isinstance(texts, (list, tuple)):
        raise DomainError("invalid_cards", "expected a list of card codes", field)
    return [parse_card(text, f"{field}[{i}]" if field else None, jokers=jokers) for i, text in enumerate(texts)]


def standard_deck(*, jokers: bool = False) -> list[Card]:
    """One deck in a fixed order: 52 cards by suit then rank, then 小王 and 大王 when asked for."""
    deck = [Card(rank, suit) for suit in SUITS for rank in range(1, 14)]
    return deck + [SMALL_JOKER, BIG_JOKER] if jokers else deck


def _accepted(jokers: bool) -> str:
    base = "rank A 2-9 10 J Q K, suit S H D C"
    return base + ", or the jokers BJ SJ" if jokers else base
