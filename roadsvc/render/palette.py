"""A board's PNG palette: its colours exactly, and the blends its anti-aliased edges make.

The PNG writer draws a board in RGB and writes it with 256 colours. Fitting those colours to the
drawn board (Pillow's fast octree over the 400,000 pixels of a scoreboard) cost more than drawing
it, for colours known before any pixel is drawn: a board is its theme's flat colours (background,
panels, lines) and its marks' shapes in a few colours (the theme's, and the odd ink of its own),
whose anti-aliased edges blend one colour into what lies beneath, a ground (a panel, the background,
a line) or another shape's colour. So the palette is those colours exactly and, between each ink
and each ground, and between each two inks, evenly spaced blends (more where the board has more
of them: over the panels and the background). The mark's pixels are then only mapped to their
nearest entry (Pillow's nearest-colour conversion, a tenth of the fitting).

The palette depends on the theme and the inks alone, so it is made once per (theme, inks), never
depends on what a process drew before (every worker writes the same bytes for the same board), and
two boards of one look map a pixel the same way: an image with `?ask=` differs from the plain one
only where its asked marks are (a client blinks between them).
"""

from __future__ import annotations

from dataclasses import fields
from functools import lru_cache
from itertools import combinations

from PIL import Image

from roadsvc.render.shapes import Circle, Label, Segment, Shape
from roadsvc.render.themes import Colour, Theme

PALETTE_SIZE = 256
BLENDS = ((10, 3, 4), (8, 2, 4), (8, 2, 3), (6, 2, 3), (6, 1, 2), (4, 1, 2), (3, 1, 1), (2, 1, 1), (1, 0, 1),
          (1, 0, 0), (0, 0, 0))
"""Blends between each ink and a panel or the background, a line, another ink: the richest that fit."""


def theme_colours(theme: Theme) -> tuple[Colour, ...]:
    """Every colour of the theme, once each, in the order of its fields."""
    values = (getattr(theme, field.name) for field in fields(theme))
    return tuple(dict.fromkeys(value for value in values if isinstance(value, tuple)))


def shape_colours(shapes: tuple[Shape, ...]) -> set[Colour]:
    """The colours a mark's shapes are drawn in."""
    found: set[Colour] = set()
    for shape in shapes:
        if isinstance(shape, Circle):
            found.update(colour for colour in (shape.fill, shape.stroke) if colour is not None)
        elif isinstance(shape, Segment):
            found.add(shape.colour)
        elif isinstance(shape, Label):
            found.update(colour for colour in (shape.colour, shape.halo) if colour is not None)
    return found


def board_palette(theme: Theme, inks: set[Colour]) -> Image.Image:
    """The palette (a "P" image) of a board of `theme` whose marks are drawn in `inks`."""
    return palette_of(theme, tuple(sorted(set(inks).difference(theme_colours(theme)))))


@lru_cache(maxsize=64)
def palette_of(theme: Theme, extra_inks: tuple[Colour, ...]) -> Image.Image:
    """The theme's colours and `extra_inks` exactly, then their blends (see the module)."""
    flat = theme_colours(theme) + extra_inks
    grounds, lines = (theme.panel, theme.background), (theme.grid, theme.border)
    inks = [colour for colour in flat if colour not in grounds + lines]
    for on_ground, on_line, between in BLENDS:
        entries = list(flat)
        for ink in inks:
            entries += [blend for ground in grounds for blend in ramp(ink, ground, on_ground)]
            entries += [blend for line in lines for blend in ramp(ink, line, on_line)]
        entries += [blend for first, second in combinations(inks, 2) for blend in ramp(first, second, between)]
        if len(entries) <= PALETTE_SIZE:
            break
    entries = entries[:PALETTE_SIZE]
    palette = Image.new("P", (1, 1))
    palette.putpalette([channel for colour in entries + entries[-1:] * (PALETTE_SIZE - len(entries))
                        for channel in colour])
    return palette


def ramp(start: Colour, end: Colour, steps: int) -> list[Colour]:
    """`steps` colours evenly spaced strictly between start and end."""
    return [tuple(round(a + (b - a) * step / (steps + 1)) for a, b in zip(start, end))
            for step in range(1, steps + 1)]
