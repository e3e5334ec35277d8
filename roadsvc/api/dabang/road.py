"""The match road: one entry per deal (JSON), and its image (PNG, SVG), each with an ETag of the
match's revision: a poll with a current ETag is a 304."""

from __future__ import annotations

from urllib.parse import parse_qsl

from flask import request
from flask_smorest import Blueprint

from roadsvc.api.serving.parameters import taken
from roadsvc.api.auth import requires
from roadsvc.api.dabang.answers import ROAD_SCHEMA
from roadsvc.api.context import database
from roadsvc.api.docs import error_responses_doc
from roadsvc.api.revisions import IF_NONE_MATCH_DOC, revision_response, revision_responses
from roadsvc.services.capabilities import READ
from roadsvc.services.dabang import matches
from roadsvc.services.dabang.images import CONTENT_TYPES, image_params, road_image, road_json

blp = Blueprint("dabang_road", __name__, description="打棒: the match road (levels deal by deal) and its image")

ROAD_EXAMPLE = {"match_id": 7, "levels": {"A": 4, "B": 3}, "winner": None, "reason": None, "deals": [
    {"number": 1, "redeal": False, "level": 3, "holder": "A", "dealer_seat": 1, "trump": "S", "points": 85,
     "trick_points": 85, "bottom_points": 10, "kou_di": False, "dry_pot": False, "tribute_count": 0, "blood": 3,
     "levels_gained": {"A": 1, "B": 0}, "levels_after": {"A": 4, "B": 3}, "instant_win": None}]}
QUERY = [{"in": "query", "name": name, "required": False, "schema": schema, "description": text}
         for name, schema, text in (("cell", {"type": "integer", "minimum": 24, "maximum": 64}, "Cell size in px"),
                                    ("theme", {"type": "string", "enum": ["light", "dark"]}, "Colour theme"),
                                    ("language", {"type": "string", "enum": ["zh-Hans", "zh-Hant", "en"]},
                                     "Label language"))]


@blp.route("/matches/<id:match_id>/road", methods=["GET"])
@requires(READ, parameters=[IF_NONE_MATCH_DOC], responses={
    **revision_responses({"application/json": {"schema": ROAD_SCHEMA, "example": ROAD_EXAMPLE}}), **error_responses_doc(401, 403, 404)})
def road(match_id):
    """The match road

    One entry per deal: the level played, the holder, the 打家, trump, the scorers' points,
    抠底 or 保底, 干锅, the blood, the levels after. ETag of the match's revision.
    """
    revision = matches.match_revision(database(), match_id)
    return revision_response(match_id, revision, "dabang-road", lambda: road_json(database(), match_id))


@blp.route("/matches/<id:match_id>/road.<any(png, svg):fmt>", methods=["GET"])
@requires(READ, parameters=[*QUERY, IF_NONE_MATCH_DOC], responses={
    **revision_responses({"image/png": {"schema": {"type": "string", "format": "binary"},
                                        "example": "(PNG bytes)"},
                          "image/svg+xml": {"schema": {"type": "string"}, "example": "<svg ...>...</svg>"}}),
    **error_responses_doc(401, 403, 404, 422)})
def road_picture(match_id, fmt):
    """The match road as an image

    Both teams' levels deal by deal, and under them each deal's 打家, trump, points, bottom and
    blood; Chinese or English labels, light or dark.
    """
    params = image_params(taken(parse_qsl(request.query_string.decode(), keep_blank_values=True)))  # "theme=": 422
    revision = matches.match_revision(database(), match_id)
    return revision_response(match_id, revision, f"dabang-road.{fmt}.{params.key()}",
                             lambda: road_image(database(), match_id, fmt, params), CONTENT_TYPES[fmt])
