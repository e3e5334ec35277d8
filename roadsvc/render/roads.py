"""One road's marks on its grid, and the image of a single road.

Everything is read from the snapshot (docs/snapshot.md); nothing is re-derived.
A mark sits where the snapshot's `cells` say, so a dragon tail is drawn exactly
as the domain laid it out; a cropped snapshot's `cell_entries` say which entry
each kept cell shows.
"""

from __future__ import annotations

import math
from typing import Any, Iterator

from roadsvc.domain.road_registry import BEAD, BIG, DERIVED, road as road_info
from roadsvc.domain.snapshot import crop_snapshot
from roadsvc.render import marks
from roadsvc.render.board import ROWS, Board, Grid, Mark, css, gap, half
from roadsvc.render.labels import result_label, road_name
from roadsvc.render.params import RenderParams
from roadsvc.render.shapes import Shape
from roadsvc.render.themes import THEMES, Theme

MIN_COLUMNS = {BEAD: 6, BIG: 12, DERIVED: 12}
"""A road image shows at least this many columns (by the road's kind), like an empty scoreboard."""


def bead_plate_marks(beads: list[dict[str, Any]], grid: Grid, language: str, theme: Theme) -> Iterator[Mark]:
    for bead in beads:
        shapes = marks.bead(bead["result"], result_label(language, bead["result"]), grid.cell, theme,
                            bead["banker_pair"], bead["player_pair"], bead["natural"])
        yield _mark_in_cell(grid, bead["col"], bead["row"], shapes,
                            ("mark", "bead-plate", bead["result"]) + _pair_classes(bead),
                            (("hand", str(bead["hand"])),))


def big_road_marks(road: dict[str, Any], grid: Grid, theme: Theme) -> Iterator[Mark]:
    entries = [entry for column in road["columns"] for entry in column]
    if not entries and road["leading_ties"]:
        yield _leading_ties_mark(road["leading_ties"], grid, theme)
    for index, cell in _visible_cells(road):
        entry = entries[index]
        leading = road["leading_ties"] if index == 0 else 0
        ties = entry["ties"] + leading
        shapes = marks.ring(entry["result"], grid.cell, theme, ties, entry["banker_pair"], entry["player_pair"],
                            entry["natural"])
        classes = ("mark", "big-road", entry["result"]) + _pair_classes(entry) + (("tie",) if ties else ())
        data = (("hand", str(entry["hand"])), ("ties", str(ties)), ("leading-ties", str(leading)))
        yield _mark_in_cell(grid, cell["col"], cell["row"], shapes, classes, data)


def _leading_ties_mark(ties: int, grid: Grid, theme: Theme) -> Mark:
    """Ties before any banker or player: a slash in the first cell until the first entry comes."""
    shapes = marks.tie_marks(ties, grid.cell, theme)
    data = (("ties", str(ties)), ("leading-ties", str(ties)))
    return _mark_in_cell(grid, 0, 0, shapes, ("mark", "big-road", "tie", "leading-ties"), data)


def derived_road_marks(name: str, road: dict[str, Any], grid: Grid, theme: Theme) -> Iterator[Mark]:
    colours = [colour for column in road["columns"] for colour in column]
    for index, cell in _visible_cells(road):
        colour = colours[index]
        shapes = marks.derived(name, colour, grid.cell, theme)
        yield _mark_in_cell(grid, cell["col"], cell["row"], shapes, ("mark", css(name), colour),
                            (("index", str(index)),))


def _visible_cells(road: dict[str, Any]) -> Iterator[tuple[int, dict[str, int]]]:
    """(entry index in arrival order, drawn cell) for each cell of a road, cropped or not."""
    entries = road.get("cell_entries") or range(len(road["cells"]))
    return zip(entries, road["cells"])


def _pair_classes(item: dict[str, Any]) -> tuple[str, ...]:
    """banker-pair, player-pair and natural: the dots a mark carries."""
    return tuple(name.replace("_", "-") for name in ("banker_pair", "player_pair", "natural") if item[name])


def _mark_in_cell(grid: Grid, col: int, row: int, shapes: tuple[Shape, ...],
                  classes: tuple[str, ...], data: tuple[tuple[str, str], ...]) -> Mark:
    x, y = grid.cell_box(col, row)
    return Mark(x, y, grid.cell, grid.cell, shapes, classes, (("col", str(col)), ("row", str(row))) + data)


def road_marks(road: str, snapshot: dict[str, Any], grid: Grid, params: RenderParams) -> Iterator[Mark]:
    """The marks of any one of the five roads on its grid."""
    theme = THEMES[params.theme]
    if road == "bead_plate":
        return bead_plate_marks(snapshot["bead_plate"], grid, params.language, theme)
    if road == "big_road":
        return big_road_marks(snapshot["big_road"], grid, theme)
    return derived_road_marks(road, snapshot[road], grid, theme)


# --- sizes -------------------------------------------------------------------------


def used_columns(snapshot: dict[str, Any], road: str) -> int:
    """Drawn columns a road needs, with room for its next mark."""
    if road == "bead_plate":
        return math.ceil((snapshot["hands"] + 1) / ROWS)
    cells = snapshot[road]["cells"]
    return max((cell["col"] for cell in cells), default=-1) + 2


def road_cell(road: str, cell: int) -> int:
    return half(cell) if road_info(road).kind == DERIVED else cell


def window(snapshot: dict[str, Any], columns: int | None) -> dict[str, Any]:
    """The snapshot cut to a display's newest columns (the domain's own crop)."""
    return snapshot if columns is None else crop_snapshot(snapshot, columns)


# --- one road's image ----------------------------------------------------------------


def road_board(snapshot: dict[str, Any], road: str, params: RenderParams) -> Board:
    """An image of one road: its grid with a margin, at the requested width."""
    theme, size, margin = THEMES[params.theme], road_cell(road, params.cell), gap(params.cell)
    cols = params.columns or max(MIN_COLUMNS[road_info(road).kind], used_columns(snapshot, road))
    grid = Grid(road, margin, margin, cols, ROWS, size)
    shown = window(snapshot, params.columns)
    return Board(cols * size + 2 * margin, ROWS * size + 2 * margin, theme, road_name(params.language, road),
                 (grid,), tuple(road_marks(road, shown, grid, params)))
