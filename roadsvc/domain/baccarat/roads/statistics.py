"""Shoe statistics: how often each result, pair and natural came, and the streaks.

A streak is a big-road column: ties neither extend nor break it, as on the big road.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from roadsvc.domain.baccarat.roads.big_road import BigRoadEntry
from roadsvc.domain.baccarat.dealing.hands import BANKER, PLAYER, TIE, Hand


@dataclass(frozen=True, slots=True)
class Counts:
    banker: int = 0
    player: int = 0
    tie: int = 0
    banker_pair: int = 0
    player_pair: int = 0
    natural: int = 0


@dataclass(frozen=True, slots=True)
class Streak:
    result: str
    length: int


@dataclass(frozen=True, slots=True)
class Streaks:
    """The newest streak (None before the first banker/player hand) and the longest per side."""

    current: Streak | None
    longest: Mapping[str, int]  # banker, player


def counts(hands: Sequence[Hand]) -> Counts:
    """Hands of each result, hands with each pair (ties included), hands with a natural."""
    tally = {BANKER: 0, PLAYER: 0, TIE: 0}
    banker_pair = player_pair = natural = 0
    for hand in hands:
        tally[hand.result] += 1
        banker_pair += hand.banker_pair
        player_pair += hand.player_pair
        natural += hand.natural is True
    return Counts(tally[BANKER], tally[PLAYER], tally[TIE], banker_pair, player_pair, natural)


def streaks(columns: Sequence[Sequence[BigRoadEntry]]) -> Streaks:
    """Streaks read from the logical big-road columns."""
    longest = {BANKER: 0, PLAYER: 0}
    for column in columns:
        side = column[0].result
        longest[side] = max(longest[side], len(column))
    current = Streak(columns[-1][0].result, len(columns[-1])) if columns else None
    return Streaks(current, longest)
