"""The ask road (问路): the mark each derived road would get from a next banker or player.

Computed from the big road's column lengths only, never by re-running the shoe: a
next result either extends the newest column (same side) or opens a new one, and
derived_roads.mark_at already says what an entry at that place would mark.
"""

from __future__ import annotations

from typing import Sequence

from roadsvc.domain.baccarat.roads.derived_roads import mark_at
from roadsvc.domain.baccarat.roads.registry import ASK_SIDES, OFFSETS


def next_position(lengths: Sequence[int], last_side: str | None, side: str) -> tuple[int, int] | None:
    """Logical (col, row) a next `side` result would take; None on an empty big road.

    An empty big road has no mark to give whatever comes, so no position is needed.
    """
    if not lengths:
        return None
    if side == last_side:
        return len(lengths) - 1, lengths[-1]
    return len(lengths), 0


def ask_road(lengths: Sequence[int], last_side: str | None) -> dict[str, dict[str, str | None]]:
    """{"banker": {road: mark or None}, "player": {...}} for the big road so far."""
    return {side: _asked_marks(lengths, next_position(lengths, last_side, side)) for side in ASK_SIDES}


def _asked_marks(lengths: Sequence[int], position: tuple[int, int] | None) -> dict[str, str | None]:
    if position is None:
        return {name: None for name in OFFSETS}
    col, row = position
    return {name: mark_at(lengths, col, row, offset) for name, offset in OFFSETS.items()}
