"""Road grids -> positioned marks: the one layout both the PNG and the SVG draw.

Everything is read from the snapshot (docs/snapshot.md); nothing is re-derived.
A mark sits where the snapshot's `cells` say, so a dragon tail is drawn exactly
as the domain laid it out. The output is a Board: its size, the grid panels and
the marks, each mark a box with shapes in it plus the classes and data a test
(or an SVG client) can find it by.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Iterator

from roadsvc.domain.snapshot import crop_snapshot
from roadsvc.render import marks
from roadsvc.render.labels import COUNT_KEYS, count_label, result_label, road_name
from roadsvc.render.params import RenderParams
from roadsvc.render.shapes import Circle, Label, Shape
from roadsvc.render.themes import THEMES, Theme

ROWS = 6
DERIVED_ROADS = ("big_eye_boy", "small_road", "cockroach_pig")
ASK_SIDES = ("banker", "player")
MIN_COLUMNS = {"bead_plate": 6, "big_road": 12, "big_eye_boy": 12, "small_road": 12, "cockroach_pig": 12}
"""A road image shows at least this many columns, like an empty scoreboard."""
SCOREBOARD_MIN_BIG_ROAD = 20
SCOREBOARD_MIN_BEAD_PLATE = 8
COUNT_WIDTH = 4  # cells per count in the strip, at most
"""The bead plate is at least this wide: the ask road and counts strip sits beneath it."""


@dataclass(frozen=True, slots=True)
class Mark:
    """Shapes in a box at (x, y) on the board; `classes` and `data` name what it shows."""

    x: int
    y: int
    w: int
    h: int
    shapes: tuple[Shape, ...]
    classes: tuple[str, ...]
    data: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class Grid:
    """A road's panel: `cols` x `rows` cells of side `cell` with its top-left at (x, y)."""

    road: str
    x: int
    y: int
    cols: int
    rows: int
    cell: int

    def cell_box(self, col: int, row: int) -> tuple[int, int]:
        return self.x + col * self.cell, self.y + row * self.cell


@dataclass(frozen=True, slots=True)
class Board:
    width: int
    height: int
    theme: Theme
    title: str
    grids: tuple[Grid, ...]
    marks: tuple[Mark, ...]


def css(name: str) -> str:
    """A domain name as a CSS class: big_eye_boy -> big-eye-boy."""
    return name.replace("_", "-")


def gap(cell: int) -> int:
    """The margin around and between panels."""
    return max(3, cell // 6)


def half(cell: int) -> int:
    """The derived roads' cell: half the big road's, as scoreboards draw them."""
    return cell // 2


# --- one road's marks on its grid -------------------------------------------------


def bead_plate_marks(beads: list[dict[str, Any]], grid: Grid, language: str, theme: Theme) -> Iterator[Mark]:
    for bead in beads:
        shapes = marks.bead(bead["result"], result_label(language, bead["result"]), grid.cell, theme,
                            bead["banker_pair"], bead["player_pair"])
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
        shapes = marks.ring(entry["result"], grid.cell, theme, ties, entry["banker_pair"], entry["player_pair"])
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
    return tuple(name.replace("_", "-") for name in ("banker_pair", "player_pair") if item[name])


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
    return cell if road in ("bead_plate", "big_road") else half(cell)


def window(snapshot: dict[str, Any], columns: int | None) -> dict[str, Any]:
    """The snapshot cut to a display's newest columns (the domain's own crop)."""
    return snapshot if columns is None else crop_snapshot(snapshot, columns)


# --- one road's image ----------------------------------------------------------------


def road_board(snapshot: dict[str, Any], road: str, params: RenderParams) -> Board:
    """An image of one road: its grid with a margin, at the requested width."""
    theme, size, margin = THEMES[params.theme], road_cell(road, params.cell), gap(params.cell)
    cols = params.columns or max(MIN_COLUMNS[road], used_columns(snapshot, road))
    grid = Grid(road, margin, margin, cols, ROWS, size)
    shown = window(snapshot, params.columns)
    return Board(cols * size + 2 * margin, ROWS * size + 2 * margin, theme, road_name(params.language, road),
                 (grid,), tuple(road_marks(road, shown, grid, params)))


# --- the full scoreboard ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ScoreboardPlan:
    """Widths of the scoreboard's panels, in each panel's own columns."""

    bead_plate: int
    big_road: int
    big_eye_boy: int
    small_road: int
    cockroach_pig: int

    @staticmethod
    def for_width(big_road: int, bead_plate: int, cell: int) -> "ScoreboardPlan":
        """The derived roads fill the big road's width in half-size cells.

        Small road and cockroach pig share one row: whole half-cells for both, the
        small road taking the odd one, at least a gap between them.
        """
        width, d = big_road * cell, half(cell)
        shared = (width - gap(cell)) // d
        return ScoreboardPlan(bead_plate, big_road, width // d, shared - shared // 2, shared // 2)

    def road_columns(self, road: str) -> int:
        return getattr(self, road)


def plan_scoreboard(snapshot: dict[str, Any], params: RenderParams) -> ScoreboardPlan:
    """Fixed widths when `columns` is given (the big road's), else wide enough for every mark."""
    if params.columns is not None:
        bead = max(SCOREBOARD_MIN_BEAD_PLATE, params.columns // 2)
        return ScoreboardPlan.for_width(params.columns, bead, params.cell)
    bead = max(SCOREBOARD_MIN_BEAD_PLATE, used_columns(snapshot, "bead_plate"))
    big = max(SCOREBOARD_MIN_BIG_ROAD, used_columns(snapshot, "big_road"))
    plan = ScoreboardPlan.for_width(big, bead, params.cell)
    while any(plan.road_columns(road) < used_columns(snapshot, road) for road in DERIVED_ROADS):
        big += 1
        plan = ScoreboardPlan.for_width(big, bead, params.cell)
    return plan


def scoreboard_grids(plan: ScoreboardPlan, cell: int) -> dict[str, Grid]:
    """Bead plate left; big road top right; big eye boy beneath it; then small road and cockroach pig."""
    g, d = gap(cell), half(cell)
    right = g + plan.bead_plate * cell + g
    eye_y = g + ROWS * cell + g
    lower_y = eye_y + ROWS * d + g
    return {
        "bead_plate": Grid("bead_plate", g, g, plan.bead_plate, ROWS, cell),
        "big_road": Grid("big_road", right, g, plan.big_road, ROWS, cell),
        "big_eye_boy": Grid("big_eye_boy", right, eye_y, plan.big_eye_boy, ROWS, d),
        "small_road": Grid("small_road", right, lower_y, plan.small_road, ROWS, d),
        # right-aligned with the big road: any spare pixels go to the gap between the two
        "cockroach_pig": Grid("cockroach_pig", right + plan.big_road * cell - plan.cockroach_pig * d, lower_y,
                              plan.cockroach_pig, ROWS, d),
    }


def scoreboard_board(snapshot: dict[str, Any], params: RenderParams) -> Board:
    """All five roads, the ask road and the counts, laid out like a live table's board."""
    plan = plan_scoreboard(snapshot, params)
    grids = scoreboard_grids(plan, params.cell)
    road_list: list[Mark] = []
    for road, grid in grids.items():
        shown = window(snapshot, plan.road_columns(road) if params.columns else None)
        road_list.extend(road_marks(road, shown, grid, params))
    big = grids["big_road"]
    strip_y = big.y + ROWS * big.cell + gap(params.cell)
    strip = list(strip_marks(snapshot, params, grids["bead_plate"].x, strip_y, plan.bead_plate * params.cell))
    width = big.x + big.cols * big.cell + gap(params.cell)
    lower = grids["small_road"]
    height = lower.y + ROWS * lower.cell + gap(params.cell)
    return Board(width, height, THEMES[params.theme], road_name(params.language, "scoreboard"),
                 tuple(grids.values()), tuple(road_list + strip))


# --- the ask road and counts strip -------------------------------------------------------


def strip_marks(snapshot: dict[str, Any], params: RenderParams, x: int, y: int, width: int) -> Iterator[Mark]:
    """Beneath the bead plate: a row per ask side, then the counts in two columns."""
    cell = params.cell
    for row, side in enumerate(ASK_SIDES):
        yield from ask_row(snapshot["ask_road"][side], side, params, x, y + row * cell)
    counts_y = y + 2 * cell + gap(cell)
    item = min(width // 2, COUNT_WIDTH * cell)  # a figure stays near its name on a wide bead plate
    for index, key in enumerate(COUNT_KEYS):
        row, col = divmod(index, 2)
        yield count_mark(snapshot, key, params, x + col * item, counts_y + row * cell, item)


def ask_row(asked: dict[str, str | None], side: str, params: RenderParams, x: int, y: int) -> Iterator[Mark]:
    """庄/闲 (or B/P) as a bead, then each derived road's next mark in that road's style."""
    theme, cell = THEMES[params.theme], params.cell
    chip = marks.bead(side, result_label(params.language, side), cell, theme)
    yield Mark(x, y, cell, cell, chip, ("label", "ask-road", side))
    size = round(0.7 * cell)
    inset = (cell - size) // 2
    for slot, road in enumerate(DERIVED_ROADS, start=1):
        colour = asked[road]
        shapes = marks.derived(road, colour, size, theme)
        classes = ("mark", "ask-road", side, css(road), colour or "none")
        data = (("side", side), ("road", road), ("colour", colour or "none"))
        yield Mark(x + slot * cell + inset, y + inset, size, size, shapes, classes, data)


def count_mark(snapshot: dict[str, Any], key: str, params: RenderParams, x: int, y: int, width: int) -> Mark:
    """One count: an icon in its colour, its name, its figure."""
    theme, cell = THEMES[params.theme], params.cell
    value = snapshot["hands"] if key == "hands" else snapshot["counts"][key]
    shapes: tuple[Shape, ...] = count_icon(key, cell, theme) + (
        Label(0.62 * cell, cell / 2, count_label(params.language, key), max(11, round(0.42 * cell)), theme.text,
              "start"),
        Label(width - 0.25 * cell, cell / 2, str(value), max(11, round(0.46 * cell)), theme.text, "end"),
    )
    return Mark(x, y, width, cell, shapes, ("count", css(key)), (("count", str(value)),))


def count_icon(key: str, cell: int, theme: Theme) -> tuple[Shape, ...]:
    """A result's colour as a disc, a pair's as a small dot; the hand count has none."""
    colour_of = {"banker": "banker", "player": "player", "tie": "tie",
                 "banker_pair": "banker", "player_pair": "player"}
    if key not in colour_of:
        return ()
    radius = 0.2 * cell if key in ("banker", "player", "tie") else 0.11 * cell
    return (Circle(0.3 * cell, cell / 2, radius, fill=theme.colour(colour_of[key])),)


def layout(snapshot: dict[str, Any], road: str, params: RenderParams) -> Board:
    """The board for one road or for the scoreboard."""
    if road == "scoreboard":
        return scoreboard_board(snapshot, params)
    return road_board(snapshot, road, params)
