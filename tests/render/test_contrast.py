"""Every glyph and figure an image draws reaches 4.5:1 (WCAG AA) against what lies under it,
in both themes: computed from the laid-out board, so a new mark or colour is checked too."""

import pytest

from roadsvc.domain.baccarat.roads.snapshot import build_snapshot
from roadsvc.render.board import Board, Mark
from roadsvc.render.labels import LANGUAGES
from roadsvc.render.baccarat.layout import layout
from roadsvc.render.params import ROADS, RenderParams
from roadsvc.render.shapes import Circle, Label, Segment
from roadsvc.render.themes import THEMES

from conftest import snapshot_of

MINIMUM = 4.5
# Every result, pairs, a two-digit tie count; each board is also drawn empty (ask road: no mark yet).
SHOE = "B P T Bb Pp " + "T " * 12 + "B B B B B B B B P P"


def luminance(colour) -> float:
    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(channel) for channel in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def ground(board: Board, mark: Mark, x: float, y: float):
    """The colour under (x, y) of a mark: the last filled disc of the mark there, else its
    panel, else the board."""
    for shape in reversed(mark.shapes):
        if isinstance(shape, Circle) and shape.fill is not None:
            if (x - shape.cx) ** 2 + (y - shape.cy) ** 2 <= shape.r ** 2:
                return shape.fill
    inside = any(grid.x <= mark.x < grid.x + grid.cols * grid.cell and grid.y <= mark.y < grid.y + grid.rows * grid.cell
                 for grid in board.grids)
    return board.theme.panel if inside else board.theme.background


def figures(board: Board):
    """(what, colour, ground) of every label, and of every ask-road "no mark yet" dash."""
    for mark in board.marks:
        for shape in mark.shapes:
            if isinstance(shape, Label):
                under = shape.halo if shape.halo is not None else ground(board, mark, shape.x, shape.y)
                yield f"{mark.classes} {shape.text!r}", shape.colour, under
            elif isinstance(shape, Segment) and "none" in mark.classes:
                yield f"{mark.classes} no mark yet", shape.colour, ground(board, mark, -1, -1)


BOARDS = [(road, theme, language) for road in ROADS for theme in THEMES for language in LANGUAGES]


@pytest.mark.parametrize("road,theme,language", BOARDS)
def test_every_glyph_reaches_4_5_to_1(road, theme, language):
    params = RenderParams(theme=theme, language=language)
    checked = 0
    for snapshot in (build_snapshot([]), snapshot_of(SHOE)):
        for what, colour, under in figures(layout(snapshot, road, params)):
            ratio = contrast(colour, under)
            assert ratio >= MINIMUM, f"{theme} {what}: {ratio:.2f}:1 on {under}"
            checked += 1
    if road in ("bead_plate", "scoreboard"):
        assert checked > 0


def test_the_dark_beads_once_failing_now_pass():
    """The review's figures: white on dark player blue was 2.7:1 and on tie green 2.1:1."""
    dark = THEMES["dark"]
    for result in ("banker", "player", "tie"):
        assert contrast(dark.bead_text, dark.colour(result)) >= MINIMUM
    assert contrast((255, 255, 255), dark.player) < MINIMUM  # the old pairing, for the record
