"""One road's marks on its grid, and the image of a single road.

Everything is read from the snapshot (docs/snapshot.md); nothing is re-derived.
A mark sits where the snapshot's `cells` say, so a dragon tail is drawn exactly
as the domain laid it out; a cropped snapshot's `cell_entries` say which entry
each kept cell shows.
"""

from __future__ import annotations

import math
from typing import Any, Iterator, Sequence

from roadsvc.domain.baccarat.roads.bead_plate import Bead
from roadsvc.domain.baccarat.roads.grid import RoadGrid
from roadsvc.domain.baccarat.roads.registry import BEAD, BIG, DERIVED, road as road_info
from roadsvc.domain.baccarat.roads.ask_preview import asked_snapshot, side_colour
from roadsvc.domain.baccarat.roads.snapshot import RoadSnapshot, crop_snapshot
from roadsvc.render.baccarat import marks
from roadsvc.render.board import ROWS, Board, Grid, Mark, css, gap, half
from roadsvc.render.labels import result_label, road_name
from roadsvc.render.params import RenderParams
from roadsvc.render.shapes import Shape
from roadsvc.render.themes import THEMES, Theme

MIN_COLUMNS = {BEAD: 6, BIG: 12, DERIVED: 12}
"""A road image shows at least this many columns (by the road's kind), like an empty scoreboard."""


def bead_plate_marks(beads: Sequence[Bead], grid: Grid, language: str, theme: Theme,
                     asked: str | None = None) -> Iterator[Mark]:
    """`asked`: the side of an asked snapshot, whose hypothetical bead is the last."""
    for index, bead in enumerate(beads):
        if asked and index == len(beads) - 1:
            yield _asked_mark(grid, bead.col, bead.row, "bead-plate", side_colour(bead.result), theme, asked)
            continue
        shapes = marks.bead(bead.result, result_label(language, bead.result), grid.cell, theme,
                            bead.banker_pair, bead.player_pair, bead.natural)
        yield _mark_in_cell(grid, bead.col, bead.row, shapes,
                            ("mark", "bead-plate", bead.result) + _pair_classes(bead),
                            (("hand", str(bead.hand)),))


def big_road_marks(road: RoadGrid, grid: Grid, theme: Theme) -> Iterator[Mark]:
    entries = road.entries()
    if not entries and road.leading_ties:
        yield _leading_ties_mark(road.leading_ties, grid, theme)
    for index, (col, row) in road.visible_cells():
        entry = entries[index]
        leading = road.leading_ties if index == 0 else 0
        ties = entry.ties + leading
        if road.asked and index == len(entries) - 1:
            yield _asked_mark(grid, col, row, "big-road", side_colour(entry.result), theme, road.asked, ties)
            continue
        shapes = marks.ring(entry.result, grid.cell, theme, ties, entry.banker_pair, entry.player_pair,
                            entry.natural)
        classes = ("mark", "big-road", entry.result) + _pair_classes(entry) + (("tie",) if ties else ())
        data = (("hand", str(entry.hand)), ("ties", str(ties)), ("leading-ties", str(leading)))
        yield _mark_in_cell(grid, col, row, shapes, classes, data)


def _leading_ties_mark(ties: int, grid: Grid, theme: Theme) -> Mark:
    """Ties before any banker or player: a slash in the first cell until the first entry comes."""
    shapes = marks.tie_marks(ties, grid.cell, theme)
    data = (("ties", str(ties)), ("leading-ties", str(ties)))
    return _mark_in_cell(grid, 0, 0, shapes, ("mark", "big-road", "tie", "leading-ties"), data)


def derived_road_marks(name: str, road: RoadGrid, grid: Grid, theme: Theme) -> Iterator[Mark]:
    colours = road.entries()
    for index, (col, row) in road.visible_cells():
        colour = colours[index]
        if road.asked and index == len(colours) - 1:
            yield _asked_mark(grid, col, row, css(name), colour, theme, road.asked)
            continue
        shapes = marks.derived(name, colour, grid.cell, theme)
        yield _mark_in_cell(grid, col, row, shapes, ("mark", css(name), colour), (("index", str(index)),))


def _asked_mark(grid: Grid, col: int, row: int, road: str, colour: str, theme: Theme, side: str,
                ties: int = 0) -> Mark:
    """The mark a next hand would make (?ask=): a dashed ring at its cell, class `asked`."""
    shapes = marks.asked(colour, grid.cell, theme, ties)
    return _mark_in_cell(grid, col, row, shapes, ("mark", road, "asked", colour), (("ask", side),))


def _pair_classes(item: Any) -> tuple[str, ...]:
    """banker-pair, player-pair and natural: the dots a bead or big-road entry carries."""
    return tuple(name.replace("_", "-") for name in ("banker_pair", "player_pair", "natural") if getattr(item, name))


def _mark_in_cell(grid: Grid, col: int, row: int, shapes: tuple[Shape, ...],
                  classes: tuple[str, ...], data: tuple[tuple[str, str], ...]) -> Mark:
    x, y = grid.cell_box(col, row)
    return Mark(x, y, grid.cell, grid.cell, shapes, classes, (("col", str(col)), ("row", str(row))) + data)


def road_marks(road: str, snapshot: RoadSnapshot, grid: Grid, params: RenderParams) -> Iterator[Mark]:
    """The marks of any one of the five roads on its grid."""
    theme = THEMES[params.theme]
    if road == "bead_plate":
        return bead_plate_marks(snapshot.bead_plate, grid, params.language, theme, snapshot.asked)
    if road == "big_road":
        return big_road_marks(snapshot.grids[road], grid, theme)
    return derived_road_marks(road, snapshot.grids[road], grid, theme)


# --- sizes -------------------------------------------------------------------------


def used_columns(snapshot: RoadSnapshot, road: str) -> int:
    """Drawn columns a road needs, with room for its next mark."""
    if road == "bead_plate":
        return math.ceil((len(snapshot.bead_plate) + 1) / ROWS)
    return max((cell.col for cell in snapshot.grids[road].cells), default=-1) + 2


def road_cell(road: str, cell: int) -> int:
    return half(cell) if road_info(road).kind == DERIVED else cell


def as_asked(snapshot: RoadSnapshot, params: RenderParams) -> RoadSnapshot:
    """The snapshot with the asked hand drawn in (params.ask), or as it is."""
    return snapshot if params.ask is None else asked_snapshot(snapshot, params.ask)


def window(snapshot: RoadSnapshot, columns: int | None) -> RoadSnapshot:
    """The snapshot cut to a display's newest columns (the domain's own crop)."""
    return snapshot if columns is None else crop_snapshot(snapshot, columns)


# --- one road's image ----------------------------------------------------------------


def road_board(snapshot: RoadSnapshot, road: str, params: RenderParams) -> Board:
    """An image of one road: its grid with a margin, at the requested width.

    The width comes from the plain snapshot, which leaves room for the next mark, so an
    image with ?ask= has the same size as the plain one (a client blinks between them)."""
    theme, size, margin = THEMES[params.theme], road_cell(road, params.cell), gap(params.cell)
    cols = params.columns or max(MIN_COLUMNS[road_info(road).kind], used_columns(snapshot, road))
    grid = Grid(road, margin, margin, cols, ROWS, size)
    shown = window(as_asked(snapshot, params), params.columns)
    return Board(cols * size + 2 * margin, ROWS * size + 2 * margin, theme, road_name(params.language, road),
                 (grid,), tuple(road_marks(road, shown, grid, params)))
