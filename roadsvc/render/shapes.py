"""Vector shapes in a mark's own box: the one drawing vocabulary of PNG and SVG.

Coordinates are floats in pixels relative to the mark's top-left corner, so the
PNG writer can draw each distinct mark once (supersampled) and reuse it, and the
SVG writer can emit the very same geometry.
"""

from __future__ import annotations

from dataclasses import dataclass

from roadsvc.render.themes import Colour


@dataclass(frozen=True, slots=True)
class Circle:
    """A disc (fill) and/or a ring (stroke of `width`, centred on radius r)."""

    cx: float
    cy: float
    r: float
    fill: Colour | None = None
    stroke: Colour | None = None
    width: float = 0.0
    dashes: int = 0
    """A dashed ring of this many dashes (0: solid): the asked mark's style."""


@dataclass(frozen=True, slots=True)
class Segment:
    """A straight stroke with round ends (tie slashes, cockroach pig marks)."""

    x1: float
    y1: float
    x2: float
    y2: float
    colour: Colour
    width: float


@dataclass(frozen=True, slots=True)
class Label:
    """Text anchored at (x, y): `anchor` start, middle or end; vertically centred.

    `halo` draws an outline of that colour around the glyphs so a number stays
    readable where it crosses a slash.
    """

    x: float
    y: float
    text: str
    size: int
    colour: Colour
    anchor: str = "middle"
    halo: Colour | None = None


Shape = Circle | Segment | Label
