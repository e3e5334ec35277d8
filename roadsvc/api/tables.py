"""Tables and the lobby."""

from __future__ import annotations

import re
from typing import Any, Mapping

from flask import Response, request
from flask_smorest import Blueprint

from roadsvc.api.auth import requires
from roadsvc.services.capabilities import READ, TABLE_SETTINGS
from roadsvc.api.context import DB, LOBBY, acting, database, lobby as lobby_cache
from roadsvc.api.docs import error_responses, error_responses_doc
from roadsvc.api.revisions import IF_NONE_MATCH_DOC, NOT_MODIFIED_DOC, holds
from roadsvc.api.schemas.tables import (
    SETTINGS_EXAMPLE,
    LobbyEntrySchema,
    TableCreateSchema,
    TableSchema,
    TableUpdateSchema,
)
from roadsvc.services import tables
from roadsvc.api.serving.polls import PollRoute
from roadsvc.persistence.engine import Database
from roadsvc.services.lobby import SORTS, check_query, lobby_tag, lobby_validator

blp = Blueprint("tables", __name__, description="Tables (rule set, limits, cutoffs, good-road thresholds) and the lobby")

TABLE_EXAMPLE = {
    "id": 3,
    "name": "Baccarat 8",
    "game": "baccarat",
    "rule_set": "classic",
    "settings": SETTINGS_EXAMPLE,
    "created_at": "2026-11-22T05:00:00+00:00",
    "updated_at": "2026-11-22T05:00:00+00:00",
}
LOBBY_EXAMPLE = [
    {
        "table": {"id": 3, "name": "Baccarat 8", "rule_set": "classic", "game": "baccarat"},
        "shoe": {"id": 12, "number": 7, "status": "open", "revision": 31},
        "hand_count": 27,
        "last_result": "banker",
        "counts": {"banker": 14, "player": 11, "tie": 2, "banker_pair": 1, "player_pair": 3, "natural": 9},
        "good_roads": [{"code": "long_banker", "name": "长庄", "name_en": "Long Banker", "since_hand": 22,
                        "columns": 1, "hands": 5}],
    }
]
LOBBY_PARAMETERS = [
    {"in": "query", "name": "good_road", "required": False, "schema": {"type": "string"},
     "description": "Only tables showing this good road (a code, e.g. long_banker)", "example": "long_banker"},
    {"in": "query", "name": "sort", "required": False, "schema": {"type": "string", "enum": list(SORTS)},
     "description": "`table` (by id, the default) or `good_road_length`: the longest good road first "
                    "(by hands, then columns; with good_road, that road's)", "example": "good_road_length"},
    IF_NONE_MATCH_DOC,
]
LOBBY_RESPONSES = {
    "200": {"description": "Every table's row", "headers": {"ETag": {"schema": {"type": "string"}}},
            "content": {"application/json": {"schema": LobbyEntrySchema(many=True), "example": LOBBY_EXAMPLE}}},
    "304": NOT_MODIFIED_DOC,
    **error_responses_doc(401, 422),
}


@blp.route("/tables", methods=["GET"])
@requires(READ, parameters=LOBBY_PARAMETERS, responses=LOBBY_RESPONSES)
def lobby():
    """The lobby: every table and what its roads show

    Each table with its current shoe, hand count, last result, counts and announced good
    roads (好路) with their lengths (`columns`, `hands`). `?good_road=long_banker` keeps the
    tables showing it; `?sort=good_road_length` puts the longest first. Poll with
    If-None-Match: the ETag moves with any change to any table, and a 304 builds nothing.
    """
    good_road, sort = check_query(request.args.to_dict()) if request.args else (None, "table")
    tag = lobby_tag(lobby_validator(database()), good_road, sort)
    if holds(tag):
        response = Response(status=304)
    else:
        response = Response(lobby_cache().body(tag, good_road, sort), mimetype="application/json")
    response.set_etag(tag)
    response.headers["Cache-Control"] = "no-cache"
    return response


def _current_lobby(db: Database, query: dict[str, str]) -> tuple[str, str | None, str]:
    """(ETag, good_road, sort) `lobby` would answer with (a bad query raises, and Flask answers it)."""
    good_road, sort = check_query(query)
    return lobby_tag(lobby_validator(db), good_road, sort), good_road, sort


def current_lobby_tag(db: Database, _table: None, query: dict[str, str]) -> str:
    return _current_lobby(db, query)[0]


def cached_lobby(extensions: Mapping[str, Any], _table: None, query: dict[str, str]) -> tuple[str, bytes] | None:
    """(ETag, body) `lobby` would answer with, when this process has the body cached."""
    tag, good_road, sort = _current_lobby(extensions[DB], query)
    body = extensions[LOBBY].cached_body(tag, good_road, sort)  # cached under the tag by `lobby`
    return None if body is None else (tag, body)


POLL = PollRoute(re.compile(r"/api/v1/tables"), "/api/v1/tables", READ, None, current_lobby_tag,
                 cached_lobby)  # answered before Flask (roadsvc.api.serving.polls)


@blp.route("/tables", methods=["POST"])
@requires(TABLE_SETTINGS)
@blp.arguments(TableCreateSchema, example={"name": "Baccarat 8", "rule_set": "classic", "settings": SETTINGS_EXAMPLE})
@blp.response(201, TableSchema, example=TABLE_EXAMPLE)
@error_responses(401, 403, 409, 422)
def create_table(data):
    """Create a table

    A unique name, its game (`baccarat`, the default, `niuniu` or `dabang`: set here, never
    changed), a rule set (classic, classic_no_commission, niuniu, extended) and settings:
    limits per bet type, a difference limit, cutoff overrides, good-road thresholds. A path
    of one game on a table of another is 409 `wrong_game`.
    """
    return tables.create_table(database(), data["name"], data["rule_set"], data["settings"], acting(),
                               game=data["game"])


@blp.route("/tables/<id:table_id>", methods=["GET"])
@requires(READ)
@blp.response(200, TableSchema, example=TABLE_EXAMPLE)
@error_responses(401, 404)
def get_table(table_id):
    """Read a table

    Its name, game, rule set and settings.
    """
    return tables.get_table(database(), table_id)


@blp.route("/tables/<id:table_id>", methods=["PATCH"])
@requires(TABLE_SETTINGS)
@blp.arguments(TableUpdateSchema, example={"settings": {"good_roads": {"long_banker": 5, "long_player": 5, "repeats": 2}}}, required=False)
@blp.response(200, TableSchema, example=TABLE_EXAMPLE)
@error_responses(401, 403, 404, 409, 422)
def update_table(data, table_id):
    """Update a table

    Rename it, change its rule set, or replace settings sections (those given replace the
    stored ones). The table's road snapshots follow (their revisions move on). Its game never
    changes (409 `game_immutable`).
    """
    return tables.update_table(database(), table_id, data, acting())
