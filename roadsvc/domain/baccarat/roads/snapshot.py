"""The road snapshot: every road of a shoe as typed, read-only objects (docs/snapshot.md).

It is rebuilt on every write, so everything here is a single pass over the hands or
over the big road's entries: the derived roads, the ask road and the good roads read
column lengths and never replay the shoe. `crop_snapshot` cuts it to a display's width.
The API writes it as JSON at its edge, with schemas (roadsvc.api.baccarat.schemas.roads).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Mapping, Sequence

from roadsvc.domain.baccarat.roads.ask_preview import AskedCell, Preview, ask_preview
from roadsvc.domain.baccarat.roads.ask_road import ask_road
from roadsvc.domain.baccarat.roads.bead_plate import Bead, bead_plate
from roadsvc.domain.baccarat.roads.big_road import big_road
from roadsvc.domain.baccarat.roads.derived_roads import derived_roads
from roadsvc.domain.errors import DomainError
from roadsvc.domain.baccarat.roads.good_roads import GoodRoad, GoodRoadThresholds, good_roads
from roadsvc.domain.baccarat.roads.grid import Cell, CroppedGrid, RoadGrid
from roadsvc.domain.baccarat.dealing.hands import Hand
from roadsvc.domain.baccarat.roads.registry import GRID_ROADS
from roadsvc.domain.baccarat.roads.statistics import Counts, Streaks, counts, streaks


@dataclass(frozen=True, slots=True)
class RoadSnapshot:
    """Every road of a shoe's counted hands (docs/snapshot.md). Treat it as read-only:
    crops and asked snapshots share its unchanged parts.

    `grids` holds each road of GRID_ROADS (the big road and the derived roads) by name,
    in display order. `ask_road` is side -> derived road -> colour or None; `ask_preview`
    side -> road -> AskedCell or None. `asked` is set on an asked snapshot only: the side
    of the hypothetical hand, whose bead is the last of `bead_plate`.
    """

    hands: int
    counts: Counts
    bead_plate: Sequence[Bead]
    grids: Mapping[str, RoadGrid]
    ask_road: Mapping[str, Mapping[str, str | None]]
    ask_preview: Mapping[str, Preview]
    good_roads: Sequence[GoodRoad]
    streaks: Streaks
    asked: str | None = None


def build_snapshot(
    hands: Sequence[Hand],
    numbers: Sequence[int] | None = None,
    thresholds: GoodRoadThresholds | None = None,
) -> RoadSnapshot:
    """Every road of a shoe's counted hands.

    `numbers` are the hands' 1-based numbers in the shoe (voids leave gaps), 1..n by default.
    """
    numbers = _check_numbers(hands, numbers)
    road = big_road(hands, numbers)
    lengths = road.lengths
    derived = derived_roads(lengths)
    derived_columns = {name: grid.columns for name, grid in derived.items()}
    return RoadSnapshot(
        hands=len(hands),
        counts=counts(hands),
        bead_plate=bead_plate(hands, numbers),
        grids={"big_road": road.grid(), **derived},
        ask_road=ask_road(lengths, road.last_side),
        ask_preview=ask_preview(lengths, road.last_side, len(hands), derived_columns),
        good_roads=good_roads(road.columns, thresholds),
        streaks=streaks(road.columns),
    )


def _check_numbers(hands: Sequence[Hand], numbers: Sequence[int] | None) -> Sequence[int]:
    if numbers is None:
        return range(1, len(hands) + 1)
    if len(numbers) != len(hands):
        raise DomainError("numbers_mismatch", f"{len(numbers)} hand numbers for {len(hands)} hands", "numbers")
    return numbers


def crop_snapshot(snapshot: RoadSnapshot, columns: int) -> RoadSnapshot:
    """The snapshot cut to the newest `columns` drawn columns of each grid and the bead plate.

    Each grid is cut on its own newest columns into a CroppedGrid: its kept cells re-based
    to 0, with `cell_entries` (each kept cell's entry index in arrival order); logical
    `columns` stay whole. The preview's cells are re-based like their road's.
    """
    if isinstance(columns, bool) or not isinstance(columns, int) or columns < 1:
        raise DomainError("invalid_columns", "columns must be a whole number of at least 1", "columns")
    firsts = {"bead_plate": _window_start(snapshot.bead_plate, columns)}
    for name in GRID_ROADS:
        firsts[name] = _window_start(snapshot.grids[name].cells, columns)
    return replace(
        snapshot,
        bead_plate=_crop_beads(snapshot.bead_plate, firsts["bead_plate"]),
        grids={name: _crop_grid(grid, firsts[name], columns) for name, grid in snapshot.grids.items()},
        ask_preview={side: {road: None if cell is None else AskedCell(cell.col - firsts[road], cell.row, cell.colour)
                            for road, cell in preview.items()}
                     for side, preview in snapshot.ask_preview.items()},
    )


def _window_start(marks: Sequence[Bead | Cell], columns: int) -> int:
    """The first drawn column kept, `marks` being a road's beads or drawn cells in arrival order.

    The window ends at the newest mark's column, so the newest marks are always shown
    with the ones before them: after a dragon tail the newest column sits left of the
    tail's end, and the part of the (older) tail right of it is left out. 0 when empty.
    """
    return max(marks[-1].col - columns + 1, 0) if marks else 0


def _crop_beads(beads: Sequence[Bead], first: int) -> Sequence[Bead]:
    """The beads from column `first` on, re-based (the bead plate's window ends at its newest bead)."""
    if first == 0:
        return beads
    return [bead._replace(col=bead.col - first) for bead in beads if bead.col >= first]


def _crop_grid(grid: RoadGrid, first: int, columns: int) -> CroppedGrid:
    kept = [(index, cell) for index, cell in enumerate(grid.cells) if first <= cell.col < first + columns]
    cells = [cell for _, cell in kept] if first == 0 else [Cell(col - first, row) for _, (col, row) in kept]
    return CroppedGrid(grid.columns, cells, grid.leading_ties, grid.asked, [index for index, _ in kept])
