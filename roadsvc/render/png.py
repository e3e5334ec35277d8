"""Board -> PNG bytes with Pillow.

Crisp at any cell size: each distinct mark is drawn once at SUPERSAMPLE times
its size, shrunk with LANCZOS (anti-aliased edges), given its text at the real
size (FreeType hints and smooths glyphs itself), and kept in a bounded cache.
A board is then a flat grid plus pasted sprites, so a scoreboard costs about
as much as encoding it: shoes repeat the same few dozen marks.

The image is written as an 8-bit palette PNG: a board has a handful of theme
colours and their anti-aliasing blends (about 1,500 distinct colours in a full
scoreboard), which 256 colours reproduce within a few levels per channel, with a
file about a quarter the size of RGB and a quarter of the encoding work
(bench/render.py prints both). The palette is made once per theme and inks: the
board's colours and the blends of their anti-aliased edges (roadsvc.render.palette);
the drawn pixels are only mapped to it.
"""

from __future__ import annotations

import io
import threading
from functools import lru_cache

from PIL import Image, ImageDraw

from roadsvc.render.fonts import FONT_FILE, load_font
from roadsvc.render.board import Board, Grid, Mark
from roadsvc.render.palette import board_palette, shape_colours
from roadsvc.render.shapes import Circle, Label, Segment, Shape
from roadsvc.render.themes import Colour, Theme

SUPERSAMPLE = 4
SPRITE_CACHE = 2048  # distinct marks kept; a 64 px mark is 16 kB, so at most tens of MB
# FreeType faces are shared (fonts.load_font) and not safe to render from two threads at once;
# text is only drawn when a sprite is first made, so one lock costs nothing in steady state.
_TEXT_LOCK = threading.Lock()
ANCHORS = {"start": "lm", "middle": "mm", "end": "rm"}


def to_png(board: Board) -> bytes:
    image, inks = draw_board(board)
    return encode(image, board_palette(board.theme, inks))


def draw_board(board: Board) -> tuple[Image.Image, set[Colour]]:
    """The board drawn in RGB, and the colours its marks are drawn in."""
    image = Image.new("RGB", (board.width, board.height), board.theme.background)
    draw = ImageDraw.Draw(image)
    for grid in board.grids:
        draw_grid(draw, grid, board.theme)
    drawn: dict[int, tuple[Shape, ...]] = {}  # the shapes of each distinct sprite
    for mark in board.marks:
        drawn.setdefault(id(paste_mark(image, mark, board.font)), mark.shapes)
    return image, set().union(*map(shape_colours, drawn.values()))


def encode(image: Image.Image, palette: Image.Image) -> bytes:
    """PNG bytes of the image mapped to `palette`'s 256 colours (no dithering: flat colours stay flat)."""
    out = io.BytesIO()
    image.quantize(palette=palette, dither=Image.Dither.NONE).save(out, "PNG")
    return out.getvalue()


def draw_grid(draw: ImageDraw.ImageDraw, grid: Grid, theme: Theme) -> None:
    """A panel with one-pixel lines on exact pixel rows and columns (no blur)."""
    right, bottom = grid.x + grid.cols * grid.cell, grid.y + grid.rows * grid.cell
    draw.rectangle((grid.x, grid.y, right, bottom), fill=theme.panel)
    for col in range(1, grid.cols):
        x = grid.x + col * grid.cell
        draw.line((x, grid.y, x, bottom), fill=theme.grid)
    for row in range(1, grid.rows):
        y = grid.y + row * grid.cell
        draw.line((grid.x, y, right, y), fill=theme.grid)
    draw.rectangle((grid.x, grid.y, right, bottom), outline=theme.border)


def paste_mark(image: Image.Image, mark: Mark, font: str = FONT_FILE) -> Image.Image:
    """The mark's sprite, pasted."""
    sprite = mark_sprite(mark.w, mark.h, mark.shapes, font)
    image.paste(sprite, (mark.x, mark.y), sprite)
    return sprite


@lru_cache(maxsize=SPRITE_CACHE)
def mark_sprite(width: int, height: int, shapes: tuple[Shape, ...], font: str = FONT_FILE) -> Image.Image:
    """An RGBA image of the shapes, anti-aliased; text goes on at its real size."""
    big = Image.new("RGBA", (width * SUPERSAMPLE, height * SUPERSAMPLE), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    for shape in shapes:
        if isinstance(shape, Circle):
            draw_circle(draw, shape, SUPERSAMPLE)
        elif isinstance(shape, Segment):
            draw_segment(draw, shape, SUPERSAMPLE)
    sprite = big.resize((width, height), Image.Resampling.LANCZOS)
    for shape in shapes:
        if isinstance(shape, Label):
            with _TEXT_LOCK:
                layer = text_layer(sprite.size, shape, font)
            sprite = Image.alpha_composite(sprite, layer)
    return sprite


def draw_circle(draw: ImageDraw.ImageDraw, circle: Circle, k: int) -> None:
    cx, cy = circle.cx * k, circle.cy * k
    if circle.fill is not None:
        r = circle.r * k
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=circle.fill)
    if circle.stroke is not None and circle.width > 0:
        outer = (circle.r + circle.width / 2) * k  # Pillow strokes inward from the box
        box = (cx - outer, cy - outer, cx + outer, cy + outer)
        if circle.dashes:
            draw_dashes(draw, box, circle, k)
        else:
            draw.ellipse(box, outline=circle.stroke, width=round(circle.width * k))


def draw_dashes(draw: ImageDraw.ImageDraw, box: tuple[float, ...], circle: Circle, k: int) -> None:
    """A dashed ring: `dashes` arcs, each over half of its share of the circle."""
    step = 360 / circle.dashes
    for index in range(circle.dashes):
        start = index * step - 90
        draw.arc(box, start, start + step / 2, fill=circle.stroke, width=round(circle.width * k))


def draw_segment(draw: ImageDraw.ImageDraw, segment: Segment, k: int) -> None:
    """A thick line with round caps (a disc at each end)."""
    width = segment.width * k
    ends = ((segment.x1 * k, segment.y1 * k), (segment.x2 * k, segment.y2 * k))
    draw.line(ends, fill=segment.colour, width=round(width))
    for x, y in ends:
        draw.ellipse((x - width / 2, y - width / 2, x + width / 2, y + width / 2), fill=segment.colour)


def text_layer(size: tuple[int, int], label: Label, file: str = FONT_FILE) -> Image.Image:
    """The label as a layer to composite: its colour, with the glyphs' coverage as alpha."""
    layer = Image.new("RGBA", size, label.colour + (0,))
    font = load_font(label.size, file)
    anchor = ANCHORS[label.anchor]
    if label.halo is not None:
        halo = Image.new("L", size, 0)
        stroke = max(1, round(label.size / 10))
        ImageDraw.Draw(halo).text((label.x, label.y), label.text, fill=255, font=font, anchor=anchor,
                                  stroke_width=stroke)
        backing = Image.new("RGBA", size, label.halo + (0,))
        backing.putalpha(halo)
        layer = backing
    coverage = Image.new("L", size, 0)
    ImageDraw.Draw(coverage).text((label.x, label.y), label.text, fill=255, font=font, anchor=anchor)
    ink = Image.new("RGBA", size, label.colour + (0,))
    ink.putalpha(coverage)
    return Image.alpha_composite(layer, ink)
