"""Board -> SVG text: the same marks as the PNG, as plain, escaped XML.

Each mark is a <g> carrying its classes and data-* attributes (data-hand,
data-col, data-row, ...) so clients and tests can find a road's marks by what
they mean. Text is real <text> in the named CJK font family.
"""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from roadsvc.render.fonts import SVG_FONT_STACK, baseline_below_middle, font_face_css
from roadsvc.render.board import Board, Grid, Mark, css
from roadsvc.render.shapes import Circle, Label, Segment, Shape
from roadsvc.render.themes import Colour, Theme

ANCHORS = {"start": "start", "middle": "middle", "end": "end"}


def to_svg(board: Board) -> bytes:
    parts = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{board.width}" height="{board.height}" '
        f'viewBox="0 0 {board.width} {board.height}" font-family={quoteattr(SVG_FONT_STACK)} font-weight="700">',
        f"<title>{escape(board.title)}</title>",
        f"<defs><style>{font_face_css(board.font)}</style></defs>",
        *drawing_svg(board),
        "</svg>",
    ]
    return "\n".join(parts).encode("utf-8")


def to_inline_svg(board: Board, mark_data: bool = True) -> str:
    """The same drawing for an HTML page: no XML prologue and no embedded font (the page
    declares the font once, instead of once per road), sized by its viewBox, labelled as an
    image; without `mark_data`, the marks carry their classes only (a third lighter, for a
    page of a hundred small roads)."""
    return "".join([
        f'<svg xmlns="http://www.w3.org/2000/svg" class="road" role="img" aria-label={quoteattr(board.title)} '
        f'viewBox="0 0 {board.width} {board.height}" width="{board.width}" height="{board.height}" '
        f'font-family={quoteattr(SVG_FONT_STACK)} font-weight="700">',
        f"<title>{escape(board.title)}</title>",
        *drawing_svg(board, mark_data),
        "</svg>",
    ])


def drawing_svg(board: Board, mark_data: bool = True) -> list[str]:
    """The background, the grids and the marks."""
    return [
        f'<rect width="{board.width}" height="{board.height}" fill="{hex_colour(board.theme.background)}"/>',
        *(grid_svg(grid, board.theme) for grid in board.grids),
        *(mark_svg(mark, mark_data) for mark in board.marks),
    ]


def hex_colour(colour: Colour) -> str:
    return "#{:02x}{:02x}{:02x}".format(*colour)


def num(value: float) -> str:
    """Coordinates to two decimals, without trailing zeros."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


def grid_svg(grid: Grid, theme: Theme) -> str:
    """A panel with its cell lines on half-pixel positions (crisp one-pixel strokes)."""
    width, height = grid.cols * grid.cell, grid.rows * grid.cell
    lines = [f"M{grid.x + c * grid.cell + 0.5} {grid.y}v{height}" for c in range(1, grid.cols)]
    lines += [f"M{grid.x} {grid.y + r * grid.cell + 0.5}h{width}" for r in range(1, grid.rows)]
    return (
        f'<g class="grid {css(grid.road)}">'
        f'<rect x="{grid.x + 0.5}" y="{grid.y + 0.5}" width="{width}" height="{height}" '
        f'fill="{hex_colour(theme.panel)}" stroke="{hex_colour(theme.border)}"/>'
        f'<path d="{"".join(lines)}" stroke="{hex_colour(theme.grid)}" fill="none"/></g>'
    )


def mark_svg(mark: Mark, with_data: bool = True) -> str:
    data = "".join(f" data-{name}={quoteattr(value)}" for name, value in mark.data) if with_data else ""
    shapes = "".join(shape_svg(shape) for shape in mark.shapes)
    return (f'<g class={quoteattr(" ".join(mark.classes))}{data} '
            f'transform="translate({mark.x} {mark.y})">{shapes}</g>')


def shape_svg(shape: Shape) -> str:
    if isinstance(shape, Circle):
        return circle_svg(shape)
    if isinstance(shape, Segment):
        return (f'<line x1="{num(shape.x1)}" y1="{num(shape.y1)}" x2="{num(shape.x2)}" y2="{num(shape.y2)}" '
                f'stroke="{hex_colour(shape.colour)}" stroke-width="{num(shape.width)}" stroke-linecap="round"/>')
    return label_svg(shape)


def circle_svg(circle: Circle) -> str:
    fill = hex_colour(circle.fill) if circle.fill is not None else "none"
    stroke = (f' stroke="{hex_colour(circle.stroke)}" stroke-width="{num(circle.width)}"'
              if circle.stroke is not None else "")
    if circle.dashes and circle.stroke is not None:
        dash = 3.14159265 * circle.r / circle.dashes  # half of each dash's share of the circumference
        stroke += f' stroke-dasharray="{num(dash)} {num(dash)}"'

    return f'<circle cx="{num(circle.cx)}" cy="{num(circle.cy)}" r="{num(circle.r)}" fill="{fill}"{stroke}/>'


def label_svg(label: Label) -> str:
    halo = (f' stroke="{hex_colour(label.halo)}" stroke-width="{num(max(1, label.size / 5))}" '
            'paint-order="stroke" stroke-linejoin="round"' if label.halo is not None else "")
    baseline = label.y + baseline_below_middle(label.size)
    return (f'<text x="{num(label.x)}" y="{num(baseline)}" font-size="{label.size}" '
            f'fill="{hex_colour(label.colour)}" text-anchor="{ANCHORS[label.anchor]}"{halo}>'
            f"{escape(label.text)}</text>")
