"""The board both writers draw: panels (grids) and marks, in pixels.

A Mark is a box with shapes in it plus the classes and data that say what it
shows (so tests and SVG clients find marks by meaning); a Grid is a road's panel.
"""

from __future__ import annotations

from dataclasses import dataclass

from roadsvc.render.fonts import FONT_FILE
from roadsvc.render.shapes import Shape
from roadsvc.render.themes import Theme

ROWS = 6


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
    font: str = FONT_FILE  # the vendored subset its labels are drawn with (roadsvc.render.fonts)


def css(name: str) -> str:
    """A domain name as a CSS class: big_eye_boy -> big-eye-boy."""
    return name.replace("_", "-")


def gap(cell: int) -> int:
    """The margin around and between panels."""
    return max(3, cell // 6)


def half(cell: int) -> int:
    """The derived roads' cell: half the big road's, as scoreboards draw them."""
    return cell // 2
