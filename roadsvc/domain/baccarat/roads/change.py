"""What a new hand adds to the roads a display draws: its bead and its big-road mark.

A live display (the event stream's `hand` event) draws these without fetching the whole
snapshot. The shapes are those of the snapshot (docs/snapshot.md): a bead as in
`bead_plate`, a big-road entry as in `big_road.columns`, a cell as in `big_road.cells`.
"""

from __future__ import annotations

from typing import Any, Sequence

from roadsvc.domain.baccarat.roads.bead_plate import bead_plate, bead_position
from roadsvc.domain.baccarat.roads.big_road import big_road
from roadsvc.domain.baccarat.dealing.hands import TIE, Hand


def newest_marks(hands: Sequence[Hand], numbers: Sequence[int]) -> dict[str, Any]:
    """The bead and big-road mark of the last of `hands` (the shoe's counted hands in order).

    `big_road` is the entry the hand made or, for a tie, the entry the tie rides on (its
    `ties` counted up), with its logical `column`, its place in that column and its drawn
    `cell`; a tie before any banker or player hand gives `leading_ties` instead.
    """
    if not hands:
        raise ValueError("newest_marks needs at least one hand")
    col, row = bead_position(len(hands) - 1)
    bead = bead_plate(hands[-1:], numbers[-1:])[0]._replace(col=col, row=row)
    road = big_road(hands, numbers)
    return {"bead": bead._asdict(), "big_road": _big_road_mark(road, hands[-1].result == TIE)}


def _big_road_mark(road, tie: bool) -> dict[str, Any]:
    if not road.columns:
        return {"leading_ties": road.leading_ties, "tie": tie}
    col, row = road.cells()[-1]
    column = road.columns[-1]
    return {
        "entry": column[-1]._asdict(),
        "column": len(road.columns) - 1,
        "index": len(column) - 1,
        "cell": {"col": col, "row": row},
        "tie": tie,
    }
