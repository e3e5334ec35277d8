"""百人牛牛 hands: points, the hand types with their multiples, and the best type a hand can make.

A card's points: A = 1, 2-9 their face value, 10 J Q K = 10. A joker (大王 `BJ`, 小王 `SJ`) is
wild: it stands for any rank that gives its hand the best type. A hand's type is the best over
every choice of three cards (exactly three: two or four making ten is not a bull) and every
stand-in for each joker. A stand-in is virtual, so it may repeat a rank the hand already holds
(K K K 大王 2 is a bomb). The evaluation depends only on the multiset of ranks (jokers as
wild), so it is memoised per multiset: there are a few thousand, and a hand costs a sort and a
dictionary look-up once they are known (bench/niuniu.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from itertools import combinations, product
from typing import Sequence

from roadsvc.domain.cards import Card
from roadsvc.domain.messages import N_

HAND_SIZE = 5
WILD = 0
FACE_RANKS = frozenset((11, 12, 13))
TEN = 10
KING = 13


class HandType(Enum):
    """The types, worst first, so `strength` orders them: no_bull < bull_1 < ... < bomb."""

    NO_BULL = ("no_bull", N_("No bull"), 1)
    BULL_1 = ("bull_1", N_("Bull 1"), 1)
    BULL_2 = ("bull_2", N_("Bull 2"), 2)
    BULL_3 = ("bull_3", N_("Bull 3"), 3)
    BULL_4 = ("bull_4", N_("Bull 4"), 4)
    BULL_5 = ("bull_5", N_("Bull 5"), 5)
    BULL_6 = ("bull_6", N_("Bull 6"), 6)
    BULL_7 = ("bull_7", N_("Bull 7"), 7)
    BULL_8 = ("bull_8", N_("Bull 8"), 8)
    BULL_9 = ("bull_9", N_("Bull 9"), 9)
    BULL_BULL = ("bull_bull", N_("Bull bull"), 10)
    SILVER_BULL = ("silver_bull", N_("Silver bull"), 10)
    GOLD_BULL = ("gold_bull", N_("Gold bull"), 10)
    BOMB = ("bomb", N_("Bomb"), 10)

    def __init__(self, code: str, name_en: str, multiple: int):
        self.code = code
        self.name_en = name_en  # a message id: the catalogues hold the Chinese names (无牛, 牛一 ... 炸弹)
        self.multiple = multiple

    @property
    def strength(self) -> int:
        return _STRENGTH[self]

    @classmethod
    def from_code(cls, code: str) -> "HandType":
        return _BY_CODE[code]


_STRENGTH = {hand_type: index for index, hand_type in enumerate(HandType)}
_BY_CODE = {hand_type.code: hand_type for hand_type in HandType}
TYPE_CODES = tuple(hand_type.code for hand_type in reversed(HandType))
MAX_MULTIPLE = max(hand_type.multiple for hand_type in HandType)
_BULLS = {units: HandType[f"BULL_{units}"] for units in range(1, 10)}
_SUIT_ORDER = {"D": 0, "C": 1, "H": 2, "S": 3, "J": 4}


def points(rank: int) -> int:
    """A concrete rank's points: A = 1, 2-9 face value, 10 J Q K = 10."""
    return min(rank, TEN)


def card_order(card: Card) -> tuple[int, int]:
    """The single-card order: 大王 > 小王 > K > ... > A, then ♠ > ♥ > ♣ > ♦."""
    return card.rank, _SUIT_ORDER[card.suit]


def largest_card(cards: Sequence[Card]) -> Card:
    return max(cards, key=card_order)


@dataclass(frozen=True, slots=True)
class Hand:
    """Five cards and what they make."""

    cards: tuple[Card, ...]
    type: HandType

    @property
    def multiple(self) -> int:
        return self.type.multiple

    @property
    def largest(self) -> Card:
        return largest_card(self.cards)

    def beats(self, other: "Hand") -> bool:
        return strength(self) > strength(other)


def strength(hand: Hand) -> tuple[int, int, int]:
    """What comparing two hands compares: the type, then the largest card, suit last."""
    return (hand.type.strength, *card_order(hand.largest))


def evaluate(cards: Sequence[Card]) -> Hand:
    """The hand five cards make (the caller has checked there are five, all different)."""
    return Hand(tuple(cards), hand_type(cards))


def hand_type(cards: Sequence[Card]) -> HandType:
    """The type alone: a sort of five ranks and one look-up once the rank multiset was seen."""
    ranks = [card.rank for card in cards]
    ranks = tuple(sorted([WILD if rank > KING else rank for rank in ranks]))  # a joker's rank is above K
    found = _KNOWN.get(ranks)
    return found if found is not None else _learn(ranks)


_KNOWN: dict[tuple[int, ...], "HandType"] = {}


def _learn(ranks: tuple[int, ...]) -> HandType:
    found = _KNOWN[ranks] = best_type(ranks)
    return found


def best_type(ranks: tuple[int, ...]) -> HandType:
    """The best type of a sorted rank multiset, WILD (0) for a joker: every stand-in is tried."""
    wilds = ranks.count(WILD)
    concrete = ranks[wilds:]
    choices = product(range(1, 14), repeat=wilds)
    return max((concrete_type(concrete + stand_ins) for stand_ins in choices), key=_STRENGTH.__getitem__)


def concrete_type(ranks: tuple[int, ...]) -> HandType:
    """The type of five concrete ranks (no jokers)."""
    if max(ranks.count(rank) for rank in ranks) >= 4:
        return HandType.BOMB
    faces = sum(rank in FACE_RANKS for rank in ranks)
    if faces == HAND_SIZE:
        return HandType.GOLD_BULL
    if faces == HAND_SIZE - 1 and TEN in ranks:
        return HandType.SILVER_BULL
    return bull_type(ranks)


def bull_type(ranks: tuple[int, ...]) -> HandType:
    """The bull of five concrete ranks: three totalling a multiple of ten, the other two's units."""
    values = [points(rank) for rank in ranks]
    total = sum(values)
    best = HandType.NO_BULL
    for three in combinations(values, 3):
        if sum(three) % TEN == 0:
            units = (total - sum(three)) % TEN
            found = HandType.BULL_BULL if units == 0 else _BULLS[units]
            if found.strength > best.strength:
                best = found
    return best
