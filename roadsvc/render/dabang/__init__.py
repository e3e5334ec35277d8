"""打棒 images: the match road (levels deal by deal for both teams) as PNG or SVG, drawn with the shared
board writers.

    render_road(road, fmt="png", params=None) -> bytes
    render_road_inline(road, params) -> str   (an SVG element for an HTML page)

`road` is the match road's JSON (`roadsvc.domain.dabang.road.match_road`), which holds no card of any
hand. The same road and parameters give the same bytes, so callers cache by (revision, fmt, params.key()).
"""

from __future__ import annotations

from typing import Any, Mapping

from roadsvc.render.dabang.params import CONTENT_TYPES, RoadParams, check_format, road_params
from roadsvc.render.dabang.road_board import road_board
from roadsvc.render.png import to_png
from roadsvc.render.svg import to_inline_svg, to_svg

WRITERS = {"png": to_png, "svg": to_svg}

__all__ = ["render_road", "render_road_inline", "RoadParams", "road_params", "CONTENT_TYPES"]


def render_road(road: Mapping, fmt: str = "png", params: RoadParams | Mapping[str, Any] | None = None) -> bytes:
    return WRITERS[check_format(fmt)](road_board(road, road_params(params)))


def render_road_inline(road: Mapping, params: RoadParams | Mapping[str, Any] | None = None) -> str:
    """The match road as an SVG element for an HTML page (the page declares the font once)."""
    return to_inline_svg(road_board(road, road_params(params)))
