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
    right for the rest of the column. Linear in the number of entries: starts only
    move right, so the search for a free row 0 never revisits a column.
    """
    occupied: set[Cell] = set()
    cells: list[Cell] = []
    start = -1
    for length in lengths:
        start = _next_start(start, occupied)
        _draw_column(start, length, rows, occupied, cells)
    return cells


def _next_start(previous: int, occupied: set[Cell]) -> int:
    start = previous + 1
    while (start, 0) in occupied:
        start += 1
    return start


def _draw_column(start: int, length: int, rows: int, occupied: set[Cell], cells: list[Cell]) -> None:
    col, row, turned = start, 0, False
    for index in range(length):
        if index:
            if not turned and row + 1 < rows and (col, row + 1) not in occupied:
                row += 1
            else:
                turned = True
                col += 1
        occupied.add((col, row))
        cells.append((col, row))
