"""Road images: one road or the full scoreboard of a table's current shoe or of any shoe,
as PNG or SVG.

Order of work, cheapest first: the key; the font (503 if it was missing at start);
the road (404) and the parameters (422), which need no database; the (shoe, revision)
lookup; then If-None-Match, answered 304 before any snapshot is fetched or any image
drawn. The ETag is (shoe, revision, road.format.parameters), so a new hand or other
parameters make another one. A 200 serves bytes from the RoadImages cache, rendering
only on the first request for that key in this process.

A display's current poll of a table's image (a key, no signed link) is answered 304 before
Flask (`POLLS`, roadsvc.api.serving.polls), with the same checks and the same tag
(`current_image_tag`), and so is its 200 when this process has drawn the image already
(`cached_image`); anything else (a signed link, a bad query, no font, an image to draw)
reaches the views below.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Mapping
from urllib.parse import parse_qsl

from flask import Response, current_app, g
from flask_smorest import Blueprint
from werkzeug.utils import get_content_type

from roadsvc.api.serving.parameters import taken
from roadsvc.api.auth import requires
from roadsvc.services.capabilities import READ
from roadsvc.api.context import DB, database
from roadsvc.api.serving.limits import rate_limits
from roadsvc.api.docs import error_doc, error_responses_doc
from roadsvc.api.errors import error_response
from roadsvc.api.read_links import key_or_link, link_query
from roadsvc.api.revisions import IF_NONE_MATCH_DOC, etag, revision_response, revision_responses
from roadsvc.api.serving.polls import PollRoute
from roadsvc.api.baccarat.schemas.images import ROAD_PARAMETER, ImageQuerySchema, ScoreboardQuerySchema
from roadsvc.services.baccarat.images import (
    EXTENSION,
    FontMissing,
    RenderParams,
    RoadImages,
    content_type,
    image_params,
    image_road,
)
from roadsvc.domain.baccarat.roads.registry import ROAD_NAMES
from roadsvc.domain.games import BACCARAT
from roadsvc.persistence.engine import Database
from roadsvc.services.baccarat.snapshots import shoe_revision, table_shoe_revision

blp = Blueprint("images", __name__, description="Road images: each road and the full scoreboard as PNG or SVG")

FORMATS = "<any(png, svg):fmt>"
PARAMETERS = [ROAD_PARAMETER, {"in": "query", "schema": ImageQuerySchema}, IF_NONE_MATCH_DOC]
SCOREBOARD_PARAMETERS = [{"in": "query", "schema": ScoreboardQuerySchema}, IF_NONE_MATCH_DOC]
SVG_EXAMPLE = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="270" height="152" ...>'
    '<title>大路</title>...<g class="mark big-road banker" data-col="0" data-row="0" data-hand="1" data-ties="0" '
    'data-leading-ties="0" transform="translate(4 4)">...</g>...</svg>'
)
IMAGE_CONTENT = {
    "image/png": {"schema": {"type": "string", "format": "binary"},
                  "example": "(PNG bytes: 684x304 px for the scoreboard of a short shoe at cell 24)"},
    "image/svg+xml": {"schema": {"type": "string"}, "example": SVG_EXAMPLE},
}
IMAGE_DESCRIPTION = (
    "The image (`fmt` png: an 8-bit palette PNG; svg: SVG with the CJK font embedded). "
    "SVG marks are `<g>` elements with classes (mark, big-road, banker, tie, banker-pair...) "
    "and data-* attributes (data-hand, data-col, data-row, data-ties)."
)
IMAGE_ERRORS = {
    404: ("No such road, table, shoe, or the table has no shoe yet",
          {"code": "road_not_found", "message": "road must be one of bead_plate, big_road, big_eye_boy, "
                                                "small_road, cockroach_pig, scoreboard, got 'big_raod'",
           "field": "road"}),
    422: ("A query parameter is out of range or unknown; `field` names it",
          {"code": "invalid_parameter", "message": "cell must be a whole number from 20 to 64, got 10",
           "field": "cell"}),
    503: ("The CJK font was missing at start: no images (everything else works)",
          {"code": "font_missing", "message": "road images are disabled (they answer 503 font_missing): road "
                                              "images need the CJK font ..., which is missing", "field": None}),
}


def images() -> RoadImages:
    return current_app.extensions[EXTENSION]


@blp.errorhandler(FontMissing)
def font_missing(error: FontMissing):
    """503: the service runs but cannot draw correct images; never an image with boxes."""
    return error_response(503, error.code, error.message, error.field)


RESPONSES = {
    **revision_responses(IMAGE_CONTENT, IMAGE_DESCRIPTION),
    **error_responses_doc(401, 403),
    **{str(status): error_doc(*doc) for status, doc in IMAGE_ERRORS.items()},
}


def requested(road: str) -> tuple[str, RenderParams]:
    """The checks that need no database: font, road, parameters."""
    images().check_ready()
    road = image_road(road)
    return road, query_params(road, link_query())


@lru_cache(maxsize=1024)
def query_params(road: str, query_string: bytes) -> RenderParams:
    """Parsed once per distinct query (a display repeats its URL on every poll); a refusal
    raises and is not cached."""
    return image_params(road, taken(parse_qsl(query_string.decode("utf-8", "replace"), keep_blank_values=True)))


def variant(road: str, fmt: str, params: RenderParams) -> str:
    """The ETag's variant: road, format and parameters."""
    return f"{road}.{fmt}.{params.key()}"


def image_response(shoe_id: int, revision: int, road: str, fmt: str, params: RenderParams) -> Response:
    return revision_response(
        shoe_id, revision, variant(road, fmt, params),
        lambda: rendered(shoe_id, revision, road, fmt, params),
        mimetype=content_type(fmt),
    )


def rendered(shoe_id: int, revision: int, road: str, fmt: str, params: RenderParams) -> tuple[int, bytes]:
    """The image; one that must be drawn (not cached) spends one of the key's renders."""
    if not images().is_cached(shoe_id, revision, road, fmt, params):
        rate_limits().count_render(g.get("principal"))
    return images().image(shoe_id, revision, road, fmt, params)


@blp.route(f"/tables/<id:table_id>/roads/<road:road>.{FORMATS}", methods=["GET"])
@key_or_link(READ, parameters=PARAMETERS, responses=RESPONSES)
def table_road_image(table_id, road, fmt):
    """A road image of a table's current shoe

    `GET /api/v1/tables/3/roads/scoreboard.png?cell=32&theme=dark&language=en`. Poll
    with If-None-Match: a 304 costs one indexed lookup and draws nothing. Query
    parameters other than cell, theme, language and columns are refused (422), so a
    misspelt one is not silently ignored.
    """
    return table_image(table_id, road, fmt)


def table_image(table_id: int, road: str, fmt: str) -> Response:
    road, params = requested(road)
    shoe_id, revision = table_shoe_revision(database(), table_id)
    return image_response(shoe_id, revision, road, fmt, params)


@blp.route(f"/shoes/<id:shoe_id>/roads/<road:road>.{FORMATS}", methods=["GET"])
@requires(READ, parameters=PARAMETERS, responses=RESPONSES)
def shoe_road_image(shoe_id, road, fmt):
    """A road image of any shoe

    Same images, parameters and caching as a table's, for a shoe by id (closed shoes
    included): `GET /api/v1/shoes/12/roads/big_road.svg?columns=30`.
    """
    return shoe_image(shoe_id, road, fmt)


def shoe_image(shoe_id: int, road: str, fmt: str) -> Response:
    road, params = requested(road)
    return image_response(shoe_id, shoe_revision(database(), shoe_id), road, fmt, params)


@blp.route(f"/tables/<id:table_id>/roads/scoreboard.{FORMATS}", methods=["GET"])
@key_or_link(READ, parameters=SCOREBOARD_PARAMETERS, responses=RESPONSES)
def table_scoreboard_image(table_id, fmt):
    """The scoreboard of a table's current shoe

    All five roads, the ask road for banker and player, and the counts, in one image:
    `GET /api/v1/tables/3/roads/scoreboard.png?columns=24`. Same parameters and caching as
    a road image; `columns` (the big road's) is at least 4.
    """
    return table_image(table_id, "scoreboard", fmt)


@blp.route(f"/shoes/<id:shoe_id>/roads/scoreboard.{FORMATS}", methods=["GET"])
@requires(READ, parameters=SCOREBOARD_PARAMETERS, responses=RESPONSES)
def shoe_scoreboard_image(shoe_id, fmt):
    """The scoreboard of any shoe

    Same image, parameters and caching as a table's scoreboard, for a shoe by id.
    """
    return shoe_image(shoe_id, "scoreboard", fmt)


@lru_cache(maxsize=1024)
def _poll_params(road: str, query: tuple[tuple[str, str], ...]) -> RenderParams:
    """A polled query's parameters, checked as `requested` checks them (a refusal raises, uncached)."""
    return image_params(image_road(road), taken(query))


def current_image_tag(db: Database, table_id: int, query: dict[str, str], road: str = "scoreboard",
                      fmt: str = "png") -> str:
    """The ETag `table_image` would answer with (a bad query raises: Flask answers it)."""
    params = _poll_params(road, tuple(query.items()))
    shoe_id, revision = table_shoe_revision(db, table_id)
    return etag(shoe_id, revision, variant(road, fmt, params))


def cached_image(extensions: Mapping[str, Any], table_id: int, query: dict[str, str], road: str = "scoreboard",
                 fmt: str = "png") -> tuple[str, bytes] | None:
    """(ETag, bytes) `table_image` would answer with, when this process has the image drawn already (a
    cached image spends no render: nothing to count)."""
    params = _poll_params(road, tuple(query.items()))
    shoe_id, revision = table_shoe_revision(extensions[DB], table_id)
    body = extensions[EXTENSION].cached(shoe_id, revision, road, fmt, params)
    return None if body is None else (etag(shoe_id, revision, variant(road, fmt, params)), body)


def image_type(fmt: str = "png", **_road: str) -> str:
    """The Content-Type header Flask gives the image (werkzeug adds a charset to an +xml type)."""
    return get_content_type(content_type(fmt), "utf-8")


def fonts_ready(extensions: Mapping[str, Any]) -> bool:
    """Flask answers every image 503 font_missing without the font: so does it answer their polls."""
    return extensions[EXTENSION].ready


TABLE_IMAGE = r"/api/v1/tables/(?P<table_id>[0-9]{1,19})/roads/"
POLLS = (  # a table's current image (304) or one drawn already (200), answered before Flask (roadsvc.api.serving.polls)
    PollRoute(re.compile(TABLE_IMAGE + r"scoreboard\.(?P<fmt>png|svg)"),
              f"/api/v1/tables/<id:table_id>/roads/scoreboard.{FORMATS}", READ, BACCARAT, current_image_tag,
              cached_image, fonts_ready, image_type),
    PollRoute(re.compile(TABLE_IMAGE + f"(?P<road>{'|'.join(ROAD_NAMES)})" + r"\.(?P<fmt>png|svg)"),
              f"/api/v1/tables/<id:table_id>/roads/<road:road>.{FORMATS}", READ, BACCARAT, current_image_tag,
              cached_image, fonts_ready, image_type),
)
