"""The trend road (走势): JSON and PNG/SVG images, with ETag and 304 by the table's revision
(a current poll of the JSON or of an image answered before Flask: `POLL`, `IMAGE_POLL`,
roadsvc.api.serving.polls)."""

from __future__ import annotations

import re
from functools import lru_cache

from flask import current_app, request
from flask_smorest import Blueprint

from roadsvc.api.serving.parameters import taken
from roadsvc.api.auth import requires
from roadsvc.api.context import database
from roadsvc.api.docs import error_responses
from roadsvc.api.niuniu.answers import NiuniuTrendAnswer
from roadsvc.api.serving.polls import PollRoute
from roadsvc.api.revisions import IF_NONE_MATCH_DOC, etag, revision_response, revision_responses
from roadsvc.domain.games import NIUNIU
from roadsvc.persistence.engine import Database
from roadsvc.render.niuniu import CONTENT_TYPES, trend_params
from roadsvc.services.capabilities import READ
from roadsvc.services.niuniu.trend import TrendCache, app_trend_cache, table_revision

blp = Blueprint("niuniu_trend", __name__, description="百人牛牛 trend road (走势): JSON and images")

FORMATS = "<any(png, svg):fmt>"
IMAGE_PARAMETERS = [IF_NONE_MATCH_DOC] + [
    {"in": "query", "name": name, "required": False, "schema": schema} for name, schema in (
        ("cell", {"type": "integer", "minimum": 28, "maximum": 64}),
        ("theme", {"type": "string", "enum": ["light", "dark"]}),
        ("language", {"type": "string", "enum": ["zh-Hans", "zh-Hant", "en"]}),
        ("columns", {"type": "integer", "minimum": 1, "maximum": 120}))]


def current_trend_tag(db: Database, table_id: int, query: dict[str, str]) -> str | None:
    """The ETag `trend` would answer with (None for a query: Flask answers it)."""
    return None if query else etag(table_id, table_revision(db, table_id), "trend")


POLL = PollRoute(re.compile(r"/api/v1/tables/(?P<table_id>[0-9]{1,19})/trend"), "/api/v1/tables/<id:table_id>/trend",
                 READ, NIUNIU, current_trend_tag)


@lru_cache(maxsize=1024)
def _image_variant(fmt: str, query: tuple[tuple[str, str], ...]) -> str:
    """A polled image query's variant, checked as `trend_image` checks it (a refusal raises, uncached)."""
    return f"trend.{fmt}.{trend_params(taken(query)).key()}"


def current_trend_image_tag(db: Database, table_id: int, query: dict[str, str], fmt: str = "png") -> str:
    """The ETag `trend_image` would answer with (a bad query raises: Flask answers it)."""
    tag_variant = _image_variant(fmt, tuple(query.items()))
    return etag(table_id, table_revision(db, table_id), tag_variant)


IMAGE_POLL = PollRoute(re.compile(r"/api/v1/tables/(?P<table_id>[0-9]{1,19})/trend\.(?P<fmt>png|svg)"),
                       f"/api/v1/tables/<id:table_id>/trend.{FORMATS}", READ, NIUNIU, current_trend_image_tag)


def trend_cache() -> TrendCache:
    return app_trend_cache(current_app.extensions, database())


@blp.route("/tables/<id:table_id>/trend", methods=["GET"])
@requires(READ, parameters=[IF_NONE_MATCH_DOC],
          responses=revision_responses({"application/json": {"schema": NiuniuTrendAnswer}},
                                       "The trend road and its statistics"))
@error_responses(401, 404, 409)
def trend(table_id):
    """A niuniu table's trend road

    Per area its results (`win`/`lose`, oldest first), types and statistics (wins over the last 10,
    20, 50 and all rounds, the count of each type), the banker's type per round, `revision`.
    Settled rounds only. Poll with If-None-Match: a 304 costs one primary-key lookup.
    """
    revision = table_revision(database(), table_id)
    return revision_response(table_id, revision, "trend", lambda: trend_cache().body(table_id, revision))


@blp.route(f"/tables/<id:table_id>/trend.{FORMATS}", methods=["GET"])
@requires(READ, parameters=IMAGE_PARAMETERS,
          responses=revision_responses({"image/png": {"schema": {"type": "string", "format": "binary"}},
                                       "image/svg+xml": {"schema": {"type": "string"}}}, "The trend road image"))
@error_responses(401, 404, 409, 422)
def trend_image(table_id, fmt):
    """The trend road as an image

    `GET /api/v1/tables/3/trend.png?cell=32&theme=dark&language=en`; other query parameters are
    refused (422).
    """
    params = trend_params(taken(request.args.items()))
    revision = table_revision(database(), table_id)
    return revision_response(table_id, revision, f"trend.{fmt}.{params.key()}",
                             lambda: trend_cache().image(table_id, revision, fmt, params), CONTENT_TYPES[fmt])
