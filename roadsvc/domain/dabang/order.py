"""The order of cards in a deal: trumps (主) and the three plain suits (副牌), and the points (分).

Trumps are the jokers, every 混牌 (the level card), every 2 (常主) and the trump suit. All trumps form
one suit for following, written `T` here. Highest first: 大王 > 小王 > the trump suit's 混牌 > the other
混牌 (equal) > the trump suit's 2 > the other 2s (equal) > the trump suit's A K Q ... 3. A plain suit runs
A K Q ... 3 (the 2 and the 混牌 are trumps). Cards of equal order are told apart only by who played first.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from roadsvc.domain.cards import Card, standard_deck

TRUMP = "T"
_RANK_VALUE = {1: 14} | {rank: rank for rank in range(2, 14)}  # the ace above the king


def points(card: Card) -> int:
    """分: every 5 is 5, every 10 and every K is 10."""
    return 5 if card.rank == 5 and not card.is_joker else 10 if card.rank in (10, 13) and not card.is_joker else 0


def is_point_card(card: Card) -> bool:
    return points(card) > 0


@dataclass(frozen=True, slots=True)
class CardOrder:
    """The order of one deal: its level (the 混牌's rank, 3-10) and its trump suit (`S` `H` `C` `D`)."""

    level: int
    trump: str
    _suit: dict = field(init=False, repr=False, compare=False)
    _strength: dict = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        suits, strengths = {}, {}
        for card in standard_deck(jokers=True):
            suits[card], strengths[card] = self._classify(card)
        object.__setattr__(self, "_suit", suits)
        object.__setattr__(self, "_strength", strengths)

    def _classify(self, card: Card) -> tuple[str, int]:
        if card.is_joker:
            return TRUMP, 100 if card.is_big_joker else 99
        if card.rank == self.level:
            return TRUMP, 98 if card.suit == self.trump else 97
        if card.rank == 2:
            return TRUMP, 96 if card.suit == self.trump else 95
        value = _RANK_VALUE[card.rank]
        return (TRUMP, value) if card.suit == self.trump else (card.suit, value)

    def suit(self, card: Card) -> str:
        """The suit a card follows: `T` for every trump, else its own suit."""
        return self._suit[card]

    def is_trump(self, card: Card) -> bool:
        return self._suit[card] == TRUMP

    def strength(self, card: Card) -> int:
        """Higher is stronger; only meaningful between cards of one suit (trumps being one suit)."""
        return self._strength[card]

    def rank_key(self, card: Card) -> tuple[int, int]:
        """One scale over all cards: every trump above every plain card, then by strength."""
        return (1 if self._suit[card] == TRUMP else 0, self._strength[card])

    def sorted(self, cards) -> list[Card]:
        """Highest first; ties by suit then rank so the result is stable."""
        return sorted(cards, key=lambda card: (self.rank_key(card), card.suit, card.rank), reverse=True)
