"""The drawn grid shared by the big road and the derived roads: 6 rows and dragon tails.

A road is kept as logical columns (unbounded length); a display draws them on a grid
of 6 rows. The layout depends only on the column lengths, so one function serves the
big road and the three derived roads alike (spec/roads.md, "Drawn grid").
"""

from __future__ import annotations

from typing import Iterable

ROWS = 6

Cell = tuple[int, int]
"""(col, row), both 0-based; the grid has no right edge."""


def draw_columns(lengths: Iterable[int], rows: int = ROWS) -> list[Cell]:
    """One cell per entry, in arrival order, for logical columns of these lengths.

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
    cells: list[Cell] = []
    start = -1
    for length in lengths:
        start = start + 1 if start >= reach[0] else reach[0] + 1
        if length == 1:  # most columns of a derived road: skip the general walk
            reach[0] = start
            cells.append((start, 0))
        else:
            _draw_column(start, length, reach, cells)
    return cells


def _draw_column(start: int, length: int, reach: list[int], cells: list[Cell]) -> None:
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
