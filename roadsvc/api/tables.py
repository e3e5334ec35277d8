"""Tables and the lobby."""

from __future__ import annotations

from flask_smorest import Blueprint

from roadsvc.api.auth import requires
from roadsvc.services.capabilities import READ, TABLE_SETTINGS
from roadsvc.api.context import acting, database, snapshots
from roadsvc.api.docs import error_responses
from roadsvc.api.schemas.tables import (
    SETTINGS_EXAMPLE,
    LobbyEntrySchema,
    LobbyQuerySchema,
    TableCreateSchema,
    TableSchema,
    TableUpdateSchema,
)
from roadsvc.services import tables

blp = Blueprint("tables", __name__, description="Tables (rule set, limits, cutoffs, good-road thresholds) and the lobby")

TABLE_EXAMPLE = {
    "id": 3,
    "name": "Baccarat 8",
    "rule_set": "classic",
    "settings": SETTINGS_EXAMPLE,
    "created_at": "2026-11-22T05:00:00+00:00",
    "updated_at": "2026-11-22T05:00:00+00:00",
}
LOBBY_EXAMPLE = [
    {
        "table": {"id": 3, "name": "Baccarat 8", "rule_set": "classic"},
        "shoe": {"id": 12, "number": 7, "status": "open", "revision": 31},
        "hand_count": 27,
        "last_result": "banker",
        "good_roads": [{"code": "long_banker", "name": "长庄", "name_en": "Long Banker", "since_hand": 22}],
    }
]


@blp.route("/tables", methods=["GET"])
@requires(READ)
@blp.arguments(LobbyQuerySchema, location="query")
@blp.response(200, LobbyEntrySchema(many=True), example=LOBBY_EXAMPLE)
@error_responses(401, 422)
def lobby(query):
    """The lobby: every table and what its roads show

    Each table with its current shoe, hand count, last result and active good roads (好路),
    read from the cached road snapshot. `?good_road=long_banker` keeps the tables showing it.
    """
    return tables.lobby(database(), snapshots(), query.get("good_road"))


@blp.route("/tables", methods=["POST"])
@requires(TABLE_SETTINGS)
@blp.arguments(TableCreateSchema, example={"name": "Baccarat 8", "rule_set": "classic", "settings": SETTINGS_EXAMPLE})
@blp.response(201, TableSchema, example=TABLE_EXAMPLE)
@error_responses(401, 403, 409, 422)
def create_table(data):
    """Create a table

    A unique name, a rule set (classic, classic_no_commission, niuniu, extended) and
    settings: limits per bet type, a difference limit, cutoff overrides, good-road thresholds.
    """
    return tables.create_table(database(), data["name"], data["rule_set"], data["settings"], acting())


@blp.route("/tables/<id:table_id>", methods=["GET"])
@requires(READ)
@blp.response(200, TableSchema, example=TABLE_EXAMPLE)
@error_responses(401, 404)
def get_table(table_id):
    """Read a table

    Its name, rule set and settings.
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
    stored ones). The table's road snapshots follow (their revisions move on).
    """
    return tables.update_table(database(), table_id, data, acting())
