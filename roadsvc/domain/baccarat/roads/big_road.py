"""The big road (大路): banker and player results as logical columns; ties ride on entries.

The logical columns are the truth the derived roads and the good roads read; the drawn
grid (6 rows, dragon tails) is only how a display shows them (see grid.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple, Sequence

from roadsvc.domain.baccarat.roads.grid import Cell, RoadGrid, draw_columns
from roadsvc.domain.baccarat.dealing.hands import TIE, Hand


class BigRoadEntry(NamedTuple):
    """A banker or player hand on the big road; `ties` counts the ties that followed it.

    Pairs, points and natural are this hand's own: a tie's pairs show on the bead plate.
    """

    hand: int
    result: str
    banker_pair: bool
    player_pair: bool
    natural: bool | None
    points: int | None
    ties: int = 0


@dataclass(slots=True)
class BigRoad:
    """Logical columns, oldest first; ties before the first entry are `leading_ties`."""

    leading_ties: int = 0
    columns: list[list[BigRoadEntry]] = field(default_factory=list)

    @property
    def lengths(self) -> list[int]:
        return [len(column) for column in self.columns]

    @property
    def last_side(self) -> str | None:
        """The side of the newest column (None before the first banker/player hand)."""
        return self.columns[-1][0].result if self.columns else None

    def cells(self) -> list[Cell]:
        """The drawn grid: one cell per entry, in arrival order."""
        return draw_columns(self.lengths)

    def grid(self) -> RoadGrid:
        """The road as a display draws it (its columns are shared, not copied)."""
        return RoadGrid(self.columns, self.cells(), self.leading_ties)


def big_road(hands: Sequence[Hand], numbers: Sequence[int]) -> BigRoad:
    """The big road of these hands; `numbers` are their 1-based numbers in the shoe."""
    road = BigRoad()
    side = None
    for hand, number in zip(hands, numbers):
        if hand.result == TIE:
            _add_tie(road)
        elif hand.result == side:
            road.columns[-1].append(_entry(hand, number))
        else:
            road.columns.append([_entry(hand, number)])
            side = hand.result
    return road


def _entry(hand: Hand, number: int) -> BigRoadEntry:
    return BigRoadEntry(number, hand.result, hand.banker_pair, hand.player_pair, hand.natural, hand.winner_total)


def _add_tie(road: BigRoad) -> None:
    """A tie counts on the newest entry, or as a leading tie before the first one."""
    if not road.columns:
        road.leading_ties += 1
        return
    column = road.columns[-1]
    column[-1] = column[-1]._replace(ties=column[-1].ties + 1)
