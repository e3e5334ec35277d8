"""The HTTP API under /api/v1: one flask-smorest blueprint per area.

To add an area, write `roadsvc/api/<area>.py` with a `blp`, import it here and add it to
BLUEPRINTS; `register_blueprints` does the rest (routes and OpenAPI document). Views
take `@requires(capability)` (roadsvc.api.auth) first; answers derived from a shoe (images,
open bets) use `revision_response` (roadsvc.api.revisions) for ETag/304 and
`snapshots().document(shoe_id, revision)` (roadsvc.api.context) for the roads.
"""

from __future__ import annotations

from flask import Flask
from flask_smorest import Api

from roadsvc.api import alerts, audit, errors, events, floor, keys, read_links, slips, tables
from roadsvc.api import accounts
from roadsvc.api import recall
from roadsvc.api.baccarat import bets, hands, history, images, integrity, roads, shoes
from roadsvc.api.baccarat import vip_tables
from roadsvc.api import niuniu
from roadsvc.api.dabang import matches as dabang_matches, road as dabang_road, tournaments as dabang_tournaments
from roadsvc.api.pit import money, page_sessions, pit_notes, reports
from roadsvc.api import dealers
from roadsvc.api.auth import SECURITY_SCHEMES
from roadsvc.api.docs import (IdConverter, RoadConverter, ShiftDateConverter, id_parameter_schema, road_parameter_schema,
                              shift_code_converter, shift_code_schema, shift_date_schema)
from roadsvc.domain.shifts import parse_starts, shift_codes

BLUEPRINTS = [keys.blp, tables.blp, shoes.blp, hands.blp, roads.blp, history.blp, images.blp, bets.blp, integrity.blp,
              audit.blp, floor.blp, alerts.blp, events.blp, read_links.blp,
              vip_tables.blp, page_sessions.blp, money.blp, pit_notes.blp,
              reports.blp, slips.blp, *niuniu.BLUEPRINTS, dabang_matches.blp, dabang_road.blp,
              dabang_tournaments.blp, dealers.blp, accounts.blp, recall.blp]
# polled reads whose current 304 is answered before Flask (roadsvc.api.serving.polls)
POLLS = (roads.POLL, niuniu.trend.POLL, tables.POLL, floor.POLL, *images.POLLS, niuniu.trend.IMAGE_POLL)
URL_PREFIX = "/api/v1"

API_CONFIG = {
    "API_TITLE": "roadsvc",
    "API_VERSION": "v1",
    "OPENAPI_VERSION": "3.0.3",
    "OPENAPI_URL_PREFIX": "/api",
    "OPENAPI_JSON_PATH": "v1/openapi.json",
    # /api/docs is served by roadsvc.api.docs_ui from the installed swagger-ui-bundle (no CDN).
    "API_SPEC_OPTIONS": {
        "info": {
            "description": "roadsvc, the live-table service for an operator's card games: baccarat (its shoes, "
            "hands, roads 珠盘路, 大路, 大眼仔, 小路, 曱甴路, good roads, odds, bets and slips), 百人牛牛 (rounds, "
            "the trend road, slips and settlement) and 打棒 (matches refereed move by move, tournaments), with "
            "the floor's alerts, money and shift reports. "
            "Send an API key as `Authorization: Bearer <key>` or `X-API-Key`. Errors are "
            '`{"code", "message", "field"}`.'
        },
        "components": {"securitySchemes": SECURITY_SCHEMES},
    },
}


class RoadsApi(Api):
    """flask-smorest's Api with our error shape in handlers and documentation."""

    ERROR_SCHEMA = errors.ErrorSchema

    def handle_http_exception(self, error):
        return errors.handle_http_exception(error)


def create_api(app: Flask) -> RoadsApi:
    for key, value in API_CONFIG.items():
        app.config.setdefault(key, value)
    app.url_map.converters["id"] = IdConverter
    app.url_map.converters["road"] = RoadConverter
    app.url_map.converters["account"] = accounts.AccountConverter
    api = RoadsApi(app)
    api.register_converter(IdConverter, id_parameter_schema)
    api.register_converter(RoadConverter, road_parameter_schema)
    api.register_converter(accounts.AccountConverter, accounts.account_parameter_schema)
    register_shift_converters(app, api)
    return api


def register_shift_converters(app: Flask, api: RoadsApi) -> None:
    """`<shift_date:date>` and `<shift_code:shift>` (the shift report's path), the codes from the settings."""
    codes = shift_code_converter(shift_codes(parse_starts(app.config["FLOOR_SHIFTS"])))
    app.url_map.converters["shift_date"] = ShiftDateConverter
    app.url_map.converters["shift_code"] = codes
    api.register_converter(ShiftDateConverter, shift_date_schema)
    api.register_converter(codes, shift_code_schema)


def register_blueprints(api: RoadsApi) -> None:
    for blueprint in BLUEPRINTS:
        api.register_blueprint(blueprint, url_prefix=URL_PREFIX)
