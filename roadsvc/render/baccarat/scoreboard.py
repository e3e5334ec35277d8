"""The full scoreboard: five roads, the ask road and the counts, like a live table's board.

Bead plate on the left; the big road top right; big eye boy beneath it; small
road and cockroach pig side by side at the bottom (derived roads in half-size
cells); the ask road and the counts in a strip beneath the bead plate.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, Mapping

from roadsvc.domain.baccarat.roads.registry import ASK_SIDES, DERIVED, DERIVED_ROADS, ROADS
from roadsvc.domain.baccarat.roads.snapshot import RoadSnapshot
from roadsvc.render.baccarat import marks
from roadsvc.render.board import ROWS, Board, Grid, Mark, css, gap, half
from roadsvc.render.labels import COUNT_KEYS, count_label, result_label, road_name
from roadsvc.render.params import RenderParams
from roadsvc.render.baccarat.roads import as_asked, road_marks, used_columns, window
from roadsvc.render.shapes import Circle, Label, Shape
from roadsvc.render.themes import THEMES, Theme

SCOREBOARD_MIN_BIG_ROAD = 20
SCOREBOARD_MIN_BEAD_PLATE = 8
"""The bead plate is at least this wide: the ask road and counts strip sits beneath it."""
COUNT_WIDTH = 4  # cells per count in the strip, at most
BEAD_PLATE, BIG_ROAD = (road.name for road in ROADS if road.kind != DERIVED)
FIRST_DERIVED, LOWER_DERIVED = DERIVED_ROADS[0], DERIVED_ROADS[1:]
"""The first derived road spans the big road's width; the others share the row beneath it."""


@dataclass(frozen=True, slots=True)
class ScoreboardPlan:
    """Widths of the scoreboard's panels, in each panel's own columns, by road name."""

    columns: dict[str, int]

    @staticmethod
    def for_width(big_road: int, bead_plate: int, cell: int) -> "ScoreboardPlan":
        """The derived roads fill the big road's width in half-size cells.

        The lower derived roads share one row: whole half-cells for each, the earlier
        ones taking any odd ones, at least a gap between them.
        """
        width, d = big_road * cell, half(cell)
        base, extra = divmod((width - gap(cell) * (len(LOWER_DERIVED) - 1)) // d, len(LOWER_DERIVED))
        lower = {name: base + (index < extra) for index, name in enumerate(LOWER_DERIVED)}
        return ScoreboardPlan({BEAD_PLATE: bead_plate, BIG_ROAD: big_road, FIRST_DERIVED: width // d, **lower})

    def road_columns(self, road: str) -> int:
        return self.columns[road]


def plan_scoreboard(snapshot: RoadSnapshot, params: RenderParams) -> ScoreboardPlan:
    """Fixed widths when `columns` is given (the big road's), else wide enough for every mark."""
    if params.columns is not None:
        bead = max(SCOREBOARD_MIN_BEAD_PLATE, params.columns // 2)
        return ScoreboardPlan.for_width(params.columns, bead, params.cell)
    bead = max(SCOREBOARD_MIN_BEAD_PLATE, used_columns(snapshot, BEAD_PLATE))
    big = max(SCOREBOARD_MIN_BIG_ROAD, used_columns(snapshot, BIG_ROAD))
    plan = ScoreboardPlan.for_width(big, bead, params.cell)
    while any(plan.road_columns(road) < used_columns(snapshot, road) for road in DERIVED_ROADS):
        big += 1
        plan = ScoreboardPlan.for_width(big, bead, params.cell)
    return plan


def scoreboard_grids(plan: ScoreboardPlan, cell: int) -> dict[str, Grid]:
    """Bead plate left; big road top right; the first derived road beneath it; then the others."""
    g, d, cols = gap(cell), half(cell), plan.columns
    right = g + cols[BEAD_PLATE] * cell + g
    eye_y = g + ROWS * cell + g
    lower_y = eye_y + ROWS * d + g
    grids = {
        BEAD_PLATE: Grid(BEAD_PLATE, g, g, cols[BEAD_PLATE], ROWS, cell),
        BIG_ROAD: Grid(BIG_ROAD, right, g, cols[BIG_ROAD], ROWS, cell),
        FIRST_DERIVED: Grid(FIRST_DERIVED, right, eye_y, cols[FIRST_DERIVED], ROWS, d),
    }
    x = right
    for name in LOWER_DERIVED[:-1]:
        grids[name] = Grid(name, x, lower_y, cols[name], ROWS, d)
        x += cols[name] * d + g
    # the last is right-aligned with the big road: any spare pixels go to the gap before it
    last = LOWER_DERIVED[-1]
    grids[last] = Grid(last, right + cols[BIG_ROAD] * cell - cols[last] * d, lower_y, cols[last], ROWS, d)
    return grids


def scoreboard_board(snapshot: RoadSnapshot, params: RenderParams) -> Board:
    """All five roads, the ask road and the counts, laid out like a live table's board."""
    plan = plan_scoreboard(snapshot, params)  # the plain snapshot's: room for the next mark already
    grids = scoreboard_grids(plan, params.cell)
    asked = as_asked(snapshot, params)
    road_list: list[Mark] = []
    for road, grid in grids.items():
        shown = window(asked, plan.road_columns(road) if params.columns else None)
        road_list.extend(road_marks(road, shown, grid, params))
    big = grids[BIG_ROAD]
    strip_y = big.y + ROWS * big.cell + gap(params.cell)
    strip = list(strip_marks(snapshot, params, grids[BEAD_PLATE].x, strip_y, plan.columns[BEAD_PLATE] * params.cell))
    width = big.x + big.cols * big.cell + gap(params.cell)
    lower = grids[LOWER_DERIVED[0]]
    height = lower.y + ROWS * lower.cell + gap(params.cell)
    return Board(width, height, THEMES[params.theme], road_name(params.language, "scoreboard"),
                 tuple(grids.values()), tuple(road_list + strip))


def strip_marks(snapshot: RoadSnapshot, params: RenderParams, x: int, y: int, width: int) -> Iterator[Mark]:
    """Beneath the bead plate: a row per ask side captioned 问路 / 問路 / Ask Road, then the
    counts in two columns."""
    cell = params.cell
    yield ask_caption(params, x + (len(DERIVED_ROADS) + 1) * cell + gap(cell), y)
    for row, side in enumerate(ASK_SIDES):
        yield from ask_row(snapshot.ask_road[side], side, params, x, y + row * cell)
    counts_y = y + 2 * cell + gap(cell)
    item = min(width // 2, COUNT_WIDTH * cell)  # a figure stays near its name on a wide bead plate
    for index, key in enumerate(COUNT_KEYS):
        row, col = divmod(index, 2)
        yield count_mark(snapshot, key, params, x + col * item, counts_y + row * cell, item)


def ask_caption(params: RenderParams, x: int, y: int) -> Mark:
    """The ask road's name, to the right of its first row."""
    theme, cell = THEMES[params.theme], params.cell
    label = Label(0, cell / 2, road_name(params.language, "ask_road"), max(11, round(0.42 * cell)), theme.text,
                  "start")
    return Mark(x, y, 2 * cell, cell, (label,), ("caption", "ask-road"))


def ask_row(asked: Mapping[str, str | None], side: str, params: RenderParams, x: int, y: int) -> Iterator[Mark]:
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


def count_mark(snapshot: RoadSnapshot, key: str, params: RenderParams, x: int, y: int, width: int) -> Mark:
    """One count: an icon in its colour, its name, its figure."""
    theme, cell = THEMES[params.theme], params.cell
    value = snapshot.hands if key == "hands" else getattr(snapshot.counts, key)
    shapes: tuple[Shape, ...] = count_icon(key, cell, theme) + (
        Label(0.62 * cell, cell / 2, count_label(params.language, key), max(11, round(0.42 * cell)), theme.text,
              "start"),
        # the figure ends half a cell short of the next count's icon
        Label(width - 0.5 * cell, cell / 2, str(value), max(11, round(0.46 * cell)), theme.text, "end"),
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
