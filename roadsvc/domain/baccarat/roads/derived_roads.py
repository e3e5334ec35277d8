"""The derived roads: big eye boy (大眼仔), small road (小路), cockroach pig (曱甴路).

Each reads the big road's LOGICAL columns (never the drawn grid) and compares the
newest entry with the column `offset` places to the left (spec/roads.md). Every rule
needs only column lengths, and an entry at column c only ever looks at columns left
of c, which are closed; so the marks follow from the final column lengths alone.
"""

from __future__ import annotations

from typing import Sequence

from roadsvc.domain.baccarat.roads.grid import RoadGrid, draw_columns
from roadsvc.domain.baccarat.roads.registry import OFFSETS

RED, BLUE = "red", "blue"


def mark_at(lengths: Sequence[int], col: int, row: int, offset: int) -> str | None:
    """The mark a big-road entry at logical (col, row) makes, or None where it makes none.

    `lengths[i]` is the length of big-road column i; only columns left of `col` are read.
    New column (换列): red when the two columns before it are the same length (齐整).
    Going down (向下): compare with column col-offset at this row: a cell there is red,
    a missing cell with one above is blue, two or more missing (the straight fall) red.
    """
    if col < offset or (col == offset and row == 0):
        return None
    if row == 0:
        return RED if lengths[col - 1] == lengths[col - 1 - offset] else BLUE
    return BLUE if lengths[col - offset] == row else RED


def derived_marks(lengths: Sequence[int], offset: int) -> list[str]:
    """Every mark of one derived road, in the order the big-road entries arrived."""
    marks = []
    for col, length in enumerate(lengths):
        for row in range(length):
            mark = mark_at(lengths, col, row, offset)
            if mark is not None:
                marks.append(mark)
    return marks


def colour_columns(marks: Sequence[str]) -> list[list[str]]:
    """Marks laid out like the big road: same colour goes down, the other starts a column."""
    columns: list[list[str]] = []
    for mark in marks:
        if columns and columns[-1][0] == mark:
            columns[-1].append(mark)
        else:
            columns.append([mark])
    return columns


def derived_road(lengths: Sequence[int], name: str) -> RoadGrid:
    """One derived road (`name` a key of OFFSETS) from the big road's column lengths:
    its marks as logical colour columns and their drawn cells."""
    columns = colour_columns(derived_marks(lengths, OFFSETS[name]))
    return RoadGrid(columns, draw_columns(len(column) for column in columns))


def derived_roads(lengths: Sequence[int]) -> dict[str, RoadGrid]:
    """All three derived roads, keyed by name in display order."""
    return {name: derived_road(lengths, name) for name in OFFSETS}
