"""The floor: every table's state at a glance (pit boss and admin), with ETag and 304."""

from __future__ import annotations

import re
from typing import Any, Mapping

from flask import Response
from flask_smorest import Blueprint

from roadsvc.api.auth import requires
from roadsvc.api.serving.polls import PollRoute
from roadsvc.persistence.models import utcnow
from roadsvc.services.capabilities import MONITOR, READ_MONEY
from roadsvc.services.keys.principals import Principal
from roadsvc.api.context import (
    CLOCK, DB, FLOOR, FLOOR_CLOCK, database, floor_cache, floor_clock, now, principal, snapshots,
)
from roadsvc.api.docs import error_responses_doc
from roadsvc.api.revisions import HEADERS_DOC, IF_NONE_MATCH_DOC, NOT_MODIFIED_DOC, holds
from roadsvc.api.schemas.monitoring import FloorSchema
from roadsvc.api.baccarat.schemas.roads import compact_json, road_part
from roadsvc.services import floor

blp = Blueprint("floor", __name__, description="The floor monitor: every table's status, shoe, pace and alerts")

FLOOR_EXAMPLE = {
    "generated_at": "2026-11-23T21:40:00+00:00",
    "totals": {"tables": 2, "by_status": {"dealing": 1, "stale": 1, "ending": 0, "idle": 0}, "hands": 58,
               "rounds": 0, "deals": 0, "pace_per_hour": 71.3, "open_alerts": {"info": 0, "warning": 1, "critical": 0},
               "acknowledged_alerts": 0},
    "tables": [{
        "table": {"id": 3, "name": "Baccarat 8", "rule_set": "classic", "game": "baccarat"}, "status": "dealing",
        "shoe": {"id": 12, "number": 7, "revision": 31, "decks": 8, "hands": 30, "counted_hands": 29, "voids": 1,
                 "corrections": 0, "opened_at": "2026-11-23T21:10:00+00:00", "cut_card_out": False,
                 "last_hand": None},
        "cards": {"dealt": 160, "left": 256}, "last_hand_at": "2026-11-23T21:39:35+00:00",
        "seconds_since_last_hand": 25.0, "pace_per_hour": 71.3,
        "recent": ["banker", "banker", "player", "tie", "banker", "banker", "banker", "player", "player", "banker",
                   "banker", "banker"],
        "streak": {"result": "banker", "length": 3},
        "good_roads": [{"code": "long_banker", "name": "长庄", "name_en": "Long Banker", "since_hand": 28}],
        "counts": {"banker": 15, "player": 11, "tie": 3, "banker_pair": 2, "player_pair": 1, "natural": 9},
        "alerts": {"open": {"info": 0, "warning": 0, "critical": 0}, "acknowledged": 0},
    }],
}
RESPONSES = {
    "200": {"description": "OK", "headers": HEADERS_DOC,
            "content": {"application/json": {"schema": FloorSchema, "example": FLOOR_EXAMPLE}}},
    "304": NOT_MODIFIED_DOC,
    **error_responses_doc(401, 403),
}


@blp.route("/floor", methods=["GET"])
@requires(MONITOR, parameters=[IF_NONE_MATCH_DOC], responses=RESPONSES)
def floor_view():
    """The floor

    Every table: status (dealing, stale, ending, idle), its shoe's figures, cards dealt and
    left (tables entering cards), last hand, pace per hour over the last 20 hands, the last
    12 results, the streak, good roads, counts and open alerts by severity; and floor totals.
    For keys with `read_money`: each table's `money` in the current shift (turnover, the
    house's win, hold, bets), the floor's total in `totals.money`, and the `shift`.
    Poll with If-None-Match: 304 while nothing on the floor changed. The ETag names all the
    floor shows apart from the clock; the body is the floor as of its `generated_at`, whose
    clock figures (`seconds_since_last_hand`, a 百人牛牛 tile's `seconds_since_last_round`, a
    打棒 match's `seconds_since_last_move` and `time_left_seconds`) are as of that moment: while
    the tag holds, a server process answers the same bytes again, exactly what a client holding
    a 304 has (count on from `last_hand_at` with your own clock).
    """
    at = now()
    shift = floor_clock().shift_at(at) if principal().can(READ_MONEY) else None
    known = floor.current_answer(database(), floor_cache(), at, shift)
    if known is not None and (holds(known[0]) or known[1] is not None):  # nothing committed, no tile turned
        return _response(None, 304, known[0]) if holds(known[0]) else _response(known[1], 200, known[0])
    view = floor.floor(database(), snapshots(), floor_cache(), at, money_shift=shift)
    if holds(view.etag):
        return _response(None, 304, view.etag)
    return _response(view.body(), 200, view.etag)


def floor_json(value: Any) -> bytes:
    """The floor's JSON (a document, a tile, a part): the entries' roads parts (streak, good roads,
    counts) by their schemas."""
    return compact_json(value, default=road_part)


def current_floor(extensions: Mapping[str, Any], caller: Principal,
                  query: dict[str, str]) -> tuple[str, bytes | None] | None:
    """(ETag, body or None) `floor_view` would answer with, when this process knows them (no query)."""
    if query:
        return None
    at = extensions.get(CLOCK, utcnow)()
    shift = extensions[FLOOR_CLOCK].shift_at(at) if caller.can(READ_MONEY) else None
    return floor.current_answer(extensions[DB], extensions[FLOOR], at, shift)


POLL = PollRoute(re.compile(r"/api/v1/floor"), "/api/v1/floor", MONITOR, None,
                 answer=current_floor)  # answered before Flask (roadsvc.api.serving.polls)


def _response(body: bytes | None, status: int, etag: str) -> Response:
    response = Response(body, status=status, mimetype="application/json")
    response.set_etag(etag)
    response.headers["Cache-Control"] = "no-cache"
    return response
