"""百人牛牛 images: the trend road (走势) as PNG or SVG, drawn with the shared board writers.

    render_trend(road, fmt="png", params=None) -> bytes

`road` is the trend road's JSON (`roadsvc.domain.niuniu.trend.trend_road`), which holds settled
rounds only. The same road and parameters give the same bytes, so callers cache by
(revision, fmt, params.key()).
"""

from __future__ import annotations

from typing import Any, Mapping

from roadsvc.render.niuniu.params import TrendParams, check_format, trend_params
from roadsvc.render.niuniu.trend_board import trend_board
from roadsvc.render.png import to_png
from roadsvc.render.svg import to_inline_svg, to_svg

CONTENT_TYPES = {"png": "image/png", "svg": "image/svg+xml"}
WRITERS = {"png": to_png, "svg": to_svg}

__all__ = ["render_trend", "render_trend_inline", "TrendParams", "trend_params", "CONTENT_TYPES"]


def render_trend(road: Mapping, fmt: str = "png", params: TrendParams | Mapping[str, Any] | None = None) -> bytes:
    params = params if isinstance(params, TrendParams) else trend_params(params)
    return WRITERS[check_format(fmt)](trend_board(road, params))


def render_trend_inline(road: Mapping, params: TrendParams) -> str:
    """The trend road as an SVG element for an HTML page (the page declares the font once)."""
    return to_inline_svg(trend_board(road, params))
