"""The road-image query parameters, as documented in OpenAPI.

The ranges come from the renderer (roadsvc.render.params), which also checks the
values: the API parses them with RenderParams so one place decides what is valid
and every refusal is the same 422 `invalid_parameter` naming the parameter.
"""

from __future__ import annotations

import marshmallow as ma
from marshmallow import fields, validate

from roadsvc.render.labels import LANGUAGES
from roadsvc.render.params import (
    CELL_DEFAULT,
    CELL_MAX,
    CELL_MIN,
    COLUMNS_MAX,
    COLUMNS_MIN,
    ASK_SIDES,
    ROADS,
    SCOREBOARD_COLUMNS_MIN,
)
from roadsvc.render.themes import THEMES


class ImageQuerySchema(ma.Schema):
    """cell, theme, language, columns, ask; any other query parameter is a 422."""

    cell = fields.Integer(
        load_default=CELL_DEFAULT, validate=validate.Range(CELL_MIN, CELL_MAX),
        metadata={"description": "Side in pixels of a bead-plate / big-road cell (derived roads use half)",
                  "example": 32},
    )
    theme = fields.String(
        load_default="light", validate=validate.OneOf(tuple(THEMES)),
        metadata={"description": "Colour theme", "example": "dark"},
    )
    language = fields.String(
        load_default="zh-Hans", validate=validate.OneOf(LANGUAGES),
        metadata={"description": "Labels: 庄/闲/和 (zh-Hans), 莊/閒/和 (zh-Hant), B/P/T (en)", "example": "en"},
    )
    columns = fields.Integer(
        validate=validate.Range(COLUMNS_MIN, COLUMNS_MAX),
        metadata={"description": "Show the newest N columns at a fixed width (default: the whole shoe). "
                                 f"A scoreboard's N is its big road's, at least {SCOREBOARD_COLUMNS_MIN}",
                  "example": 30},
    )
    ask = fields.String(
        validate=validate.OneOf(ASK_SIDES),
        metadata={"description": "问路: draw the mark a next banker or player would make, as a dashed ring at "
                                 "its cell on every road (same image size as without; docs/ask_road.md)",
                  "example": "banker"},
    )


class ScoreboardQuerySchema(ImageQuerySchema):
    """A scoreboard's parameters: its `columns` (its big road's) are at least SCOREBOARD_COLUMNS_MIN."""

    columns = fields.Integer(
        validate=validate.Range(SCOREBOARD_COLUMNS_MIN, COLUMNS_MAX),
        metadata={"description": "Show the newest N big-road columns at a fixed width (default: the whole shoe)",
                  "example": 30},
    )


ROAD_PARAMETER = {
    "in": "path",
    "name": "road",
    "required": True,
    "schema": {"type": "string", "enum": [road for road in ROADS if road != "scoreboard"]},
    "description": "One road (unknown: 404); all five with the ask road and the counts: `.../roads/scoreboard.{fmt}`",
    "example": "big_road",
}
