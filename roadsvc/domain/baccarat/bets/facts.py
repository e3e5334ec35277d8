"""The hand facts a bet depends on, and which of them a given hand can supply.

A hand dealt by cards supplies every fact. A hand entered by result only supplies
the result and its pair flags (a hand entered without them states no pairs), the
totals when they were given, and each side's natural when the totals and the
hand's `natural` flag were given (a natural stops the drawing, so with the flag
set the sides showing 8 or 9 are exactly the natural ones; with it false neither
side is). Card counts and suits never come without cards. A bet names the fact
groups it needs (see `rules`); settling it on a hand lacking one of them is
refused, never guessed.
"""

from __future__ import annotations

from dataclasses import dataclass

from roadsvc.domain.baccarat.dealing.cards import Card, points
from roadsvc.domain.baccarat.dealing.hands import PLAYER, Hand

# Fact groups, in the order they are reported.
RESULT, PAIRS, TOTALS, NATURALS, CARD_COUNTS, SUITS = "result", "pairs", "totals", "naturals", "card_counts", "suits"
FACT_GROUPS = (RESULT, PAIRS, TOTALS, NATURALS, CARD_COUNTS, SUITS)


@dataclass(frozen=True, slots=True)
class HandFacts:
    """Per-side facts of one hand; None where the hand does not say."""

    result: str | None = None
    player_total: int | None = None
    banker_total: int | None = None
    player_natural: bool | None = None
    banker_natural: bool | None = None
    player_count: int | None = None
    banker_count: int | None = None
    player_pair: bool | None = None
    banker_pair: bool | None = None
    player_first_two: tuple[Card, Card] | None = None
    banker_first_two: tuple[Card, Card] | None = None

    def total(self, side: str) -> int | None:
        return self.player_total if side == PLAYER else self.banker_total

    def natural(self, side: str) -> bool | None:
        return self.player_natural if side == PLAYER else self.banker_natural

    def count(self, side: str) -> int | None:
        return self.player_count if side == PLAYER else self.banker_count

    def pair(self, side: str) -> bool | None:
        return self.player_pair if side == PLAYER else self.banker_pair

    def first_two(self, side: str) -> tuple[Card, Card] | None:
        return self.player_first_two if side == PLAYER else self.banker_first_two

    @property
    def winner_total(self) -> int | None:
        """The winning side's total (either side's on a tie)."""
        return self.player_total if self.result == PLAYER else self.banker_total

    @property
    def available(self) -> frozenset[str]:
        """The fact groups these facts supply."""
        present = {
            RESULT: self.result is not None,
            PAIRS: self.player_pair is not None,
            TOTALS: self.player_total is not None,
            NATURALS: self.player_natural is not None,
            CARD_COUNTS: self.player_count is not None,
            SUITS: self.player_first_two is not None,
        }
        return frozenset(group for group, known in present.items() if known)


def facts_of(hand: Hand) -> HandFacts:
    """Everything a hand states, by cards or by result."""
    if hand.has_cards:
        return _facts_by_cards(hand)
    return HandFacts(
        result=hand.result,
        player_total=hand.player_total,
        banker_total=hand.banker_total,
        player_natural=_stated_natural(hand, hand.player_total),
        banker_natural=_stated_natural(hand, hand.banker_total),
        player_pair=hand.player_pair,
        banker_pair=hand.banker_pair,
    )


def _stated_natural(hand: Hand, side_total: int | None) -> bool | None:
    if hand.natural is None or (hand.natural and side_total is None):
        return None
    return bool(hand.natural) and side_total >= 8


def _facts_by_cards(hand: Hand) -> HandFacts:
    player, banker = hand.player_cards, hand.banker_cards
    return HandFacts(
        result=hand.result,
        player_total=hand.player_total,
        banker_total=hand.banker_total,
        player_natural=points(player[:2]) >= 8,
        banker_natural=points(banker[:2]) >= 8,
        player_count=len(player),
        banker_count=len(banker),
        player_pair=player[0].rank == player[1].rank,
        banker_pair=banker[0].rank == banker[1].rank,
        player_first_two=(player[0], player[1]),
        banker_first_two=(banker[0], banker[1]),
    )
