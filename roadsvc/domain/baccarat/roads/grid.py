"""The drawn grid shared by the big road and the derived roads: 6 rows and dragon tails.

A road is kept as logical columns (unbounded length); a display draws them on a grid
of 6 rows. The layout depends only on the column lengths, so one function serves the
big road and the three derived roads alike (spec/roads.md, "Drawn grid").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, NamedTuple, Sequence

ROWS = 6
_new = tuple.__new__  # a Cell from a (col, row) pair without NamedTuple.__new__'s argument parsing


class Cell(NamedTuple):
    """A drawn cell, both 0-based; the grid has no right edge."""

    col: int
    row: int


@dataclass(frozen=True, slots=True)
class RoadGrid:
    """A road as a display draws it: its logical columns and one drawn cell per entry.

    `columns` hold the big road's entries (BigRoadEntry) or a derived road's colours;
    `cells` are in arrival order (the columns flattened). `leading_ties` are the big
    road's ties before its first entry (0 elsewhere). `asked` is the side of a
    hypothetical next hand whose mark is this road's newest (ask_preview.asked_snapshot).
    """

    columns: Sequence[Sequence[Any]]
    cells: Sequence[Cell]
    leading_ties: int = 0
    asked: str | None = None

    def entries(self) -> list[Any]:
        """Every entry (or colour) in arrival order, the n-th drawn at `cells[n]`."""
        return [entry for column in self.columns for entry in column]

    def visible_cells(self) -> Iterable[tuple[int, Cell]]:
        """(entry index in arrival order, drawn cell) of every cell shown."""
        return enumerate(self.cells)


@dataclass(frozen=True, slots=True)
class CroppedGrid(RoadGrid):
    """A grid cut to a display's window: `cells` re-based to the window, `cell_entries`
    the arrival index of each kept cell's entry; `columns` stay whole."""

    cell_entries: Sequence[int] = ()

    def visible_cells(self) -> Iterable[tuple[int, Cell]]:
        return zip(self.cell_entries, self.cells)


def draw_columns(lengths: Iterable[int], rows: int = ROWS) -> list[Cell]:
    """One cell per entry, in arrival order, for logical columns of these lengths."""
    return [_new(Cell, cell) for cell in _layout(lengths, rows)]


def last_cell(lengths: Iterable[int]) -> tuple[int, int]:
    """(col, row) of the newest entry of columns of these lengths (the ask preview's question)."""
    return _layout(lengths, ROWS)[-1]


def _layout(lengths: Iterable[int], rows: int) -> list[tuple[int, int]]:
    """The drawn grid's cells as plain (col, row) pairs: Cells cost more to make, and the
    ask preview lays out eight grids for one cell of each.

    A column starts at row 0 of the first column right of the previous column's
    start whose row 0 is free. It goes down while the next row exists and is free;
    otherwise it turns right along the same row (the dragon tail) and keeps going
    right for the rest of the column.

    Right of the newest start, the taken cells of a row are exactly those up to the
    furthest column that row has reached (`reach`): earlier columns start further left,
    and a tail runs unbroken from its column. So "is this cell free" is one comparison,
    and the whole layout is linear in the number of entries.
    """
    reach = [-1] * rows
    cells: list[tuple[int, int]] = []
    start = -1
    for length in lengths:
        start = start + 1 if start >= reach[0] else reach[0] + 1
        if length == 1:  # most columns of a derived road: skip the general walk
            reach[0] = start
            cells.append((start, 0))
        else:
            _draw_column(start, length, reach, cells)
    return cells


def _draw_column(start: int, length: int, reach: list[int], cells: list[tuple[int, int]]) -> None:
    """Down from (start, 0) while the next row exists and is free, then right along the row."""
    depth = 1
    while depth < length and depth < len(reach) and reach[depth] < start:
        depth += 1
    for row in range(depth):
        reach[row] = start
    cells.extend([(start, row) for row in range(depth)])
    tail = length - depth
    if tail > 0:
        bottom = depth - 1
        cells.extend([(start + step, bottom) for step in range(1, tail + 1)])
        reach[bottom] = start + tail
