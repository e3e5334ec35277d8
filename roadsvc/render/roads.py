"""One road's marks on its grid, and the image of a single road.

Everything is read from the snapshot (docs/snapshot.md); nothing is re-derived.
A mark sits where the snapshot's `cells` say, so a dragon tail is drawn exactly
as the domain laid it out; a cropped snapshot's `cell_entries` say which entry
each kept cell shows.
"""

from __future__ import annotations

import math
from typing import Any, Iterator

from roadsvc.domain.roads.registry import BEAD, BIG, DERIVED, road as road_info
from roadsvc.domain.roads.ask_preview import asked_snapshot, side_colour
from roadsvc.domain.roads.snapshot import crop_snapshot
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
        if bead.get("asked"):
            yield _asked_mark(grid, bead, "bead-plate", side_colour(bead["result"]), theme, bead["asked"])
            continue
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
        if road.get("asked") and index == len(entries) - 1:
            yield _asked_mark(grid, cell, "big-road", side_colour(entry["result"]), theme, road["asked"], ties)
            continue
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
        if road.get("asked") and index == len(colours) - 1:
            yield _asked_mark(grid, cell, css(name), colour, theme, road["asked"])
            continue
        shapes = marks.derived(name, colour, grid.cell, theme)
        yield _mark_in_cell(grid, cell["col"], cell["row"], shapes, ("mark", css(name), colour),
                            (("index", str(index)),))


def _asked_mark(grid: Grid, cell: dict[str, Any], road: str, colour: str, theme: Theme, side: str,
                ties: int = 0) -> Mark:
    """The mark a next hand would make (?ask=): a dashed ring at its cell, class `asked`."""
    shapes = marks.asked(colour, grid.cell, theme, ties)
    return _mark_in_cell(grid, cell["col"], cell["row"], shapes, ("mark", road, "asked", colour),
                         (("ask", side),))


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
        return math.ceil((len(snapshot["bead_plate"]) + 1) / ROWS)
    cells = snapshot[road]["cells"]
    return max((cell["col"] for cell in cells), default=-1) + 2


def road_cell(road: str, cell: int) -> int:
    return half(cell) if road_info(road).kind == DERIVED else cell


def as_asked(snapshot: dict[str, Any], params: RenderParams) -> dict[str, Any]:
    """The snapshot with the asked hand drawn in (params.ask), or as it is."""
    return snapshot if params.ask is None else asked_snapshot(snapshot, params.ask)


def window(snapshot: dict[str, Any], columns: int | None) -> dict[str, Any]:
    """The snapshot cut to a display's newest columns (the domain's own crop)."""
    return snapshot if columns is None else crop_snapshot(snapshot, columns)


# --- one road's image ----------------------------------------------------------------


def road_board(snapshot: dict[str, Any], road: str, params: RenderParams) -> Board:
    """An image of one road: its grid with a margin, at the requested width.

    The width comes from the plain snapshot, which leaves room for the next mark, so an
    image with ?ask= has the same size as the plain one (a client blinks between them)."""
    theme, size, margin = THEMES[params.theme], road_cell(road, params.cell), gap(params.cell)
    cols = params.columns or max(MIN_COLUMNS[road_info(road).kind], used_columns(snapshot, road))
    grid = Grid(road, margin, margin, cols, ROWS, size)
    shown = window(as_asked(snapshot, params), params.columns)
    return Board(cols * size + 2 * margin, ROWS * size + 2 * margin, theme, road_name(params.language, road),
                 (grid,), tuple(road_marks(road, shown, grid, params)))
