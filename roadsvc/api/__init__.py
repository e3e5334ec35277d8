"""The HTTP API under /api/v1: one flask-smorest blueprint per area.

To add an area, write `roadsvc/api/<area>.py` with a `blp` and add its name to
BLUEPRINTS; `register_blueprints` does the rest (routes and OpenAPI document). Views
take `@requires(role)` (roadsvc.api.auth) first; answers derived from a shoe (images,
open bets) use `revision_response` (roadsvc.api.revisions) for ETag/304 and
`snapshots().document(shoe_id, revision)` (roadsvc.api.context) for the roads.
"""

from __future__ import annotations

import importlib

from flask import Flask
from flask_smorest import Api

from roadsvc.api import errors
from roadsvc.api.auth import SECURITY_SCHEMES
from roadsvc.api.docs import IdConverter, id_parameter_schema

BLUEPRINTS = ["keys", "tables", "shoes", "hands", "roads", "history", "images", "bets", "read_links"]
URL_PREFIX = "/api/v1"

API_CONFIG = {
    "API_TITLE": "roadsvc",
    "API_VERSION": "v1",
    "OPENAPI_VERSION": "3.0.3",
    "OPENAPI_URL_PREFIX": "/api",
    "OPENAPI_JSON_PATH": "v1/openapi.json",
    "OPENAPI_SWAGGER_UI_PATH": "docs",
    "OPENAPI_SWAGGER_UI_URL": "https://cdn.jsdelivr.net/npm/swagger-ui-dist@5/",
    "API_SPEC_OPTIONS": {
        "info": {
            "description": "Baccarat roads (珠盘路, 大路, 大眼仔, 小路, 曱甴路), good roads and shoe history. "
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
    api = RoadsApi(app)
    api.register_converter(IdConverter, id_parameter_schema)
    return api


def register_blueprints(api: RoadsApi) -> None:
    for name in BLUEPRINTS:
        module = importlib.import_module(f"roadsvc.api.{name}")
        api.register_blueprint(module.blp, url_prefix=URL_PREFIX)
