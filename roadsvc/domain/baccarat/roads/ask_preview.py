"""The ask-road preview (问路 with places): where a next banker or player would be drawn.

For each side, the drawn cell (col, row) and colour the next mark would take on the
bead plate, the big road and each derived road, laid out by the very same rules a
posted hand follows (the drawn grid's layout, dragon tails included): the preview extends
the column lengths as the hand would and asks the layout for its last cell. A derived
road that would make no mark gets None.

`asked_snapshot` applies a preview to a snapshot's grids, as if the hand were posted,
so that a renderer (or a display) can draw the hypothetical mark in its own window.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from roadsvc.domain.baccarat.roads.ask_road import ASK_SIDES, next_position
from roadsvc.domain.baccarat.roads.bead_plate import Bead, bead_position
from roadsvc.domain.baccarat.roads.big_road import BigRoadEntry
from roadsvc.domain.baccarat.roads.derived_roads import BLUE, OFFSETS, RED, mark_at
from roadsvc.domain.baccarat.roads.grid import Cell, RoadGrid, last_cell
from roadsvc.domain.baccarat.dealing.hands import BANKER

if TYPE_CHECKING:
    from roadsvc.domain.baccarat.roads.snapshot import RoadSnapshot

PREVIEW_ROADS = ("bead_plate", "big_road", *OFFSETS)
"""The roads a preview places a mark on, in display order."""


@dataclass(frozen=True, slots=True)
class AskedCell:
    """Where a next hand's mark would be drawn on one road, and in which colour."""

    col: int
    row: int
    colour: str


Preview = dict[str, AskedCell | None]
"""A side's preview: each road of PREVIEW_ROADS -> its asked cell, or None (no mark)."""


def side_colour(side: str) -> str:
    """The colour a result's mark is drawn in on the bead plate and the big road."""
    return RED if side == BANKER else BLUE


def extended(lengths: Sequence[int], last: str | None, new: str) -> list[int]:
    """Column lengths after one more entry `new`: down the newest column if it is the same, else a new one."""
    if lengths and new == last:
        return [*lengths[:-1], lengths[-1] + 1]
    return [*lengths, 1]


def ask_preview(
    lengths: Sequence[int],
    last_side: str | None,
    beads: int,
    derived_columns: Mapping[str, Sequence[Sequence[str]]],
) -> dict[str, Preview]:
    """{"banker": {road: AskedCell or None}, "player": {...}}.

    `lengths` and `last_side` describe the big road's logical columns, `beads` is the
    number of beads on the bead plate (hands that count), `derived_columns` each derived
    road's logical colour columns.
    """
    return {side: _side_preview(lengths, last_side, beads, derived_columns, side) for side in ASK_SIDES}


def _side_preview(lengths, last_side, beads, derived_columns, side: str) -> Preview:
    colour = side_colour(side)
    preview: Preview = {
        "bead_plate": AskedCell(*bead_position(beads), colour),
        "big_road": AskedCell(*last_cell(extended(lengths, last_side, side)), colour),
    }
    position = next_position(lengths, last_side, side)
    for name, offset in OFFSETS.items():
        mark = None if position is None else mark_at(lengths, position[0], position[1], offset)
        preview[name] = None if mark is None else _derived_cell(derived_columns[name], mark)
    return preview


def _derived_cell(columns: Sequence[Sequence[str]], mark: str) -> AskedCell:
    last = columns[-1][0] if columns else None
    return AskedCell(*last_cell(extended([len(column) for column in columns], last, mark)), mark)


def asked_snapshot(snapshot: RoadSnapshot, side: str) -> RoadSnapshot:
    """The snapshot's grids as if a `side` hand were posted next, marked `asked=side`.

    The hypothetical mark is the newest of each road (the last bead, the last big-road
    entry, the last derived mark), at the cell the preview gives; a road that would get
    no mark keeps its marks, with `asked` None. Counts, statistics, the ask road and
    the good roads are left as they are: only the drawn grids change.
    """
    preview = snapshot.ask_preview[side]
    beads = snapshot.bead_plate
    number = beads[-1].hand + 1 if beads else 1
    bead = preview["bead_plate"]
    entry = BigRoadEntry(number, side, False, False, None, None)
    grids = {"big_road": _asked_grid(snapshot.grids["big_road"], preview["big_road"], side, entry)}
    for name in OFFSETS:
        cell = preview[name]
        grids[name] = _asked_grid(snapshot.grids[name], cell, side, None if cell is None else cell.colour)
    return replace(snapshot, bead_plate=[*beads, Bead(number, bead.col, bead.row, side, False, False, None, None)],
                   grids=grids, asked=side)


def _kind(mark: Any) -> str:
    """What a column's marks share: a big-road entry's side, a derived mark's colour."""
    return mark.result if isinstance(mark, BigRoadEntry) else mark


def _asked_grid(grid: RoadGrid, cell: AskedCell | None, side: str, mark: Any) -> RoadGrid:
    """`grid` with `mark` drawn at `cell`: down its newest column if the mark is of the
    same side or colour, else in a new one."""
    if cell is None:
        return replace(grid, asked=None)
    columns = list(grid.columns)
    if columns and _kind(columns[-1][0]) == _kind(mark):
        columns[-1] = [*columns[-1], mark]
    else:
        columns.append([mark])
    return replace(grid, columns=columns, cells=[*grid.cells, Cell(cell.col, cell.row)], asked=side)
