"""Roads: the snapshot of a table's current shoe or of any shoe, with ETag and 304.

The 304 path reads one (shoe id, revision) row and compares it with If-None-Match
before anything is built or serialised (roadsvc.api.revisions); the 200 path serves
cached JSON bytes keyed by (shoe id, revision, columns). Both read the revision from the
database on every request, so every worker of a multi-process server answers the newest
state. A poll that is current is answered before Flask (`POLL`, roadsvc.api.serving.polls), with the
same tag and the same checks.
"""

from __future__ import annotations

import re
from typing import Any, Mapping

from flask import Response, request
from flask_smorest import Blueprint

from roadsvc.api.auth import requires
from roadsvc.services.capabilities import READ
from roadsvc.api.context import DB, SNAPSHOTS, database, snapshots
from roadsvc.api.docs import error_responses_doc
from roadsvc.api.baccarat.schemas.roads import RoadsQuerySchema, RoadsSchema
from roadsvc.api.read_links import key_or_link
from roadsvc.api.serving.polls import PollRoute
from roadsvc.domain.games import BACCARAT
from roadsvc.api.revisions import IF_NONE_MATCH_DOC, etag, revision_response, revision_responses
from roadsvc.persistence.engine import Database
from roadsvc.services.errors import DomainError
from roadsvc.services.baccarat.snapshots import shoe_revision, table_shoe_revision

blp = Blueprint("roads", __name__, description="Road snapshots: 珠盘路 大路 大眼仔 小路 曱甴路, ask road, good roads")

MAX_COLUMNS = 200
PARAMETERS = [{"in": "query", "schema": RoadsQuerySchema}, IF_NONE_MATCH_DOC]
ROADS_EXAMPLE = {
    "table": {"id": 3, "name": "Baccarat 8", "rule_set": "classic"},
    "shoe": {"id": 12, "number": 7, "status": "open", "decks": 8, "burn_card": "7H", "burn_count": 7,
             "last_hand": None, "opened_at": "2026-11-22T05:00:00+00:00", "closed_at": None},
    "revision": 3,
    "roads": {
        "hands": 2,
        "counts": {"banker": 1, "player": 1, "tie": 0, "banker_pair": 0, "player_pair": 0, "natural": 1},
        "bead_plate": [
            {"hand": 1, "col": 0, "row": 0, "result": "banker", "banker_pair": False, "player_pair": False, "points": 9, "natural": True},
            {"hand": 2, "col": 0, "row": 1, "result": "player", "banker_pair": False, "player_pair": False, "points": 6, "natural": False},
        ],
        "big_road": {
            "leading_ties": 0,
            "columns": [
                [{"hand": 1, "result": "banker", "ties": 0, "banker_pair": False, "player_pair": False, "natural": True, "points": 9}],
                [{"hand": 2, "result": "player", "ties": 0, "banker_pair": False, "player_pair": False, "natural": False, "points": 6}],
            ],
            "cells": [{"col": 0, "row": 0}, {"col": 1, "row": 0}],
        },
        "big_eye_boy": {"columns": [], "cells": []},
        "small_road": {"columns": [], "cells": []},
        "cockroach_pig": {"columns": [], "cells": []},
        "ask_road": {"banker": {"big_eye_boy": None, "small_road": None, "cockroach_pig": None},
                     "player": {"big_eye_boy": None, "small_road": None, "cockroach_pig": None}},
        "ask_preview": {
            "banker": {"bead_plate": {"col": 0, "row": 2, "colour": "red"}, "big_road": {"col": 2, "row": 0, "colour": "red"},
                       "big_eye_boy": {"col": 0, "row": 0, "colour": "red"}, "small_road": None, "cockroach_pig": None},
            "player": {"bead_plate": {"col": 0, "row": 2, "colour": "blue"}, "big_road": {"col": 1, "row": 1, "colour": "blue"},
                       "big_eye_boy": {"col": 0, "row": 0, "colour": "blue"}, "small_road": None, "cockroach_pig": None},
        },
        "good_roads": [],
        "streaks": {"current": {"result": "player", "length": 1}, "longest": {"banker": 1, "player": 1}},
    },
}


RESPONSES = {
    **revision_responses({"application/json": {"schema": RoadsSchema, "example": ROADS_EXAMPLE}}),
    **error_responses_doc(401, 404, 422),
}


def requested_columns() -> int | None:
    return columns_in(request.args)


def columns_in(query) -> int | None:
    # `in` first: werkzeug's MultiDict.get finds a missing key by raising and catching a
    # BadRequestKeyError, a tenth of the cost of a whole 304 poll.
    if "columns" not in query:
        return None
    raw = query["columns"]
    if not raw.isdigit() or not 1 <= int(raw) <= MAX_COLUMNS:
        raise DomainError("invalid_columns", f"columns is a whole number from 1 to {MAX_COLUMNS}", "columns")
    return int(raw)


def _current(db: Database, table_id: int, query: dict[str, str]) -> tuple[int, int, int | None] | None:
    """(shoe id, revision, columns) of what `table_roads` would answer (None for a query it does not know)."""
    if not set(query) <= {"columns"}:
        return None
    columns = columns_in(query)
    return (*table_shoe_revision(db, table_id), columns)


def current_roads_tag(db: Database, table_id: int, query: dict[str, str]) -> str | None:
    """The ETag `table_roads` would answer with (None for a query it does not know)."""
    current = _current(db, table_id, query)
    return None if current is None else etag(current[0], current[1], str(current[2] or 0))


def cached_roads(extensions: Mapping[str, Any], table_id: int, query: dict[str, str]) -> tuple[str, bytes] | None:
    """(ETag, body) `table_roads` would answer with, when this process has the body cached."""
    current = _current(extensions[DB], table_id, query)
    if current is None:
        return None
    shoe_id, revision, columns = current
    body = extensions[SNAPSHOTS].cached_body(shoe_id, revision, columns)
    return None if body is None else (etag(shoe_id, revision, str(columns or 0)), body)


POLL = PollRoute(re.compile(r"/api/v1/tables/(?P<table_id>[0-9]{1,19})/roads"), "/api/v1/tables/<id:table_id>/roads",
                 READ, BACCARAT, current_roads_tag, cached_roads)  # answered before Flask (roadsvc.api.serving.polls)


def roads_response(shoe_id: int, revision: int, columns: int | None) -> Response:
    return revision_response(
        shoe_id, revision, str(columns or 0), lambda: snapshots().body(shoe_id, revision, columns)
    )


@blp.route("/tables/<id:table_id>/roads", methods=["GET"])
@key_or_link(READ, parameters=PARAMETERS, responses=RESPONSES)
def table_roads(table_id):
    """The roads of a table's current shoe

    Poll this with If-None-Match: a 304 costs one indexed lookup. The current shoe is
    the table's newest (open, or closed until the next opens).
    """
    columns = requested_columns()
    shoe_id, revision = table_shoe_revision(database(), table_id)
    return roads_response(shoe_id, revision, columns)


@blp.route("/shoes/<id:shoe_id>/roads", methods=["GET"])
@requires(READ, parameters=PARAMETERS, responses=RESPONSES)
def shoe_roads(shoe_id):
    """The roads of any shoe

    Same document and caching as a table's roads, for a shoe by id (history included).
    """
    columns = requested_columns()
    return roads_response(shoe_id, shoe_revision(database(), shoe_id), columns)
