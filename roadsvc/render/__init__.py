"""Road images: a road snapshot (RoadSnapshot, docs/snapshot.md) -> PNG or SVG bytes.

    render(snapshot, road, fmt="png", params=None) -> bytes

`road` is one of ROADS (the five roads or "scoreboard"), `fmt` "png" or "svg",
`params` a RenderParams or a mapping of its fields (cell, theme, language,
columns). Bad values raise DomainError(code="invalid_parameter", field=<name>).
The renderer reads only the snapshot: the same snapshot and parameters always
give the same bytes, so callers may cache by (revision, road, fmt, params.key()).
Call `check_font()` at service start so a missing font stops the service.
"""

from __future__ import annotations

from typing import Any, Mapping

from roadsvc.domain.baccarat.roads.snapshot import RoadSnapshot
from roadsvc.render.fonts import FontMissingError, check_font
from roadsvc.render.baccarat.layout import layout
from roadsvc.render.params import (
    CONTENT_TYPES,
    FORMATS,
    ROADS,
    RenderParams,
    check_for_road,
    check_format,
    check_road,
    params_from,
)
from roadsvc.render.png import to_png
from roadsvc.render.svg import to_inline_svg, to_svg

WRITERS = {"png": to_png, "svg": to_svg}

__all__ = ["render", "render_inline", "content_type", "check_font", "FontMissingError", "RenderParams", "ROADS", "FORMATS"]


def render(snapshot: RoadSnapshot, road: str, fmt: str = "png",
           params: RenderParams | Mapping[str, Any] | None = None) -> bytes:
    """The image of one road (or the scoreboard) of a snapshot."""
    road = check_road(road)
    board = layout(snapshot, road, check_for_road(road, params_from(params)))
    return WRITERS[check_format(fmt)](board)


def render_inline(snapshot: RoadSnapshot, road: str, params: RenderParams | Mapping[str, Any] | None = None,
                  mark_data: bool = True) -> str:
    """One road (or the scoreboard) as an SVG element to put inside an HTML page (marks
    without their data-* attributes unless `mark_data`)."""
    road = check_road(road)
    return to_inline_svg(layout(snapshot, road, check_for_road(road, params_from(params))), mark_data)


def content_type(fmt: str) -> str:
    return CONTENT_TYPES[check_format(fmt)]
