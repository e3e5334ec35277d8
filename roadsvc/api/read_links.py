"""Signed read links: minted by game servers, fetched by anyone, cached by shared caches.

`POST /tables/{id}/read-links` returns a URL for the table's roads or a road image with
`expires` and `sig` (services.read_links). The table's roads and image routes take
`@key_or_link(READ)`: a request carrying `sig` is checked against the signature
instead of a key and answered `Cache-Control: public, max-age=1, stale-while-revalidate=5`
(with the same ETag), so nginx or a CDN serves every player from one fetch per table per
second; a forged, altered or expired link is a JSON 403 with `Cache-Control: no-store`.
"""

from __future__ import annotations

from datetime import datetime, timezone
from functools import wraps
from typing import Any, Callable
from urllib.parse import urlencode

import marshmallow as ma
from flask import current_app, g, request
from flask_smorest import Blueprint
from marshmallow import fields, validate

from roadsvc.api.auth import check_capability, game_of_view, guarded, key_doc, require_table_game, requires
from roadsvc.api.context import database
from roadsvc.services.capabilities import MINT_READ_LINKS
from roadsvc.api.docs import error_responses
from roadsvc.api.errors import error_response
from roadsvc.api.schemas.coded import StrictSchema
from roadsvc.render.params import FORMATS, ROADS
from roadsvc.services import tables
from roadsvc.services.errors import DomainError, Forbidden
from roadsvc.services.baccarat.images import image_params, image_road
from roadsvc.services.read_links import EXPIRES, MAX_TTL, SIGNATURE, ReadLinks

EXTENSION = "roadsvc.read_links"
PUBLIC = "public, max-age=1, stale-while-revalidate=5"
LINK_QUERY = "roadsvc_link_query"
"""g key: the signed request's query without expires and sig (what the view parses)."""
MAX_ROADS_COLUMNS = 200

blp = Blueprint("read_links", __name__, description="Signed read links: roads and road images without a key")


def read_links() -> ReadLinks:
    return current_app.extensions[EXTENSION]


def init_app(app) -> None:
    app.extensions[EXTENSION] = ReadLinks(app.config["READ_LINK_SECRET"], app.config["READ_LINK_TTL"])


def key_or_link(capability: str, **doc: Any) -> Callable:
    """Decorator: a valid signed link (query `sig`) instead of a key; public caching then.
    `doc` as `requires` takes it."""
    check_capability(capability)

    def decorator(view: Callable) -> Callable:
        keyed = guarded(view, capability)
        game = game_of_view(view)

        @wraps(view)
        def wrapper(*args, **kwargs):
            if SIGNATURE not in request.args:
                return keyed(*args, **kwargs)
            pairs = list(request.args.items(multi=True))
            try:
                read_links().verify(request.path, pairs)
            except Forbidden as refused:
                return error_response(403, refused.code, refused.message, refused.field,
                                      headers={"Cache-Control": "no-store"})
            require_table_game(game, kwargs)
            g.setdefault(LINK_QUERY, urlencode([(k, v) for k, v in pairs if k not in (SIGNATURE, EXPIRES)]).encode())
            response = view(*args, **kwargs)
            response.headers["Cache-Control"] = PUBLIC
            return response

        wrapper._roadsvc_capability = capability
        wrapper._roadsvc_read_link = True  # its `expires` and `sig` are known parameters (api.serving.parameters)
        more = (" Or no key at all with a signed read link (`expires` and `sig` from POST "
                "/tables/{table_id}/read-links): answered `Cache-Control: " + PUBLIC + "`.")
        return key_doc(view, capability, doc, more)(wrapper)

    return decorator


def link_query() -> bytes:
    """The query a view should parse: a signed link's without expires and sig, else the request's."""
    query = g.get(LINK_QUERY)
    return request.query_string if query is None else query


class ReadLinkRequestSchema(StrictSchema):
    resource = fields.String(required=True, validate=validate.OneOf(("roads", "image")),
                             metadata={"description": "`roads` (the snapshot) or `image` (a road image)"})
    road = fields.String(validate=validate.OneOf(ROADS), metadata={"description": "For an image: which road",
                                                                    "example": "scoreboard"})
    format = fields.String(load_default="png", validate=validate.OneOf(FORMATS))
    params = fields.Dict(keys=fields.String(), values=fields.Raw(), load_default=dict,
                         metadata={"description": "roads: columns; image: cell, theme, language, columns, ask",
                                   "example": {"cell": 32, "columns": 24}})
    ttl = fields.Integer(validate=validate.Range(1, MAX_TTL),
                         metadata={"description": "Seconds the link stays valid (default ROADSVC_READ_LINK_TTL)"})


class ReadLinkSchema(ma.Schema):
    url = fields.String(metadata={"description": "Absolute URL, as this request reached the service"})
    path = fields.String(metadata={"description": "The same, from /api/v1 on (for another host: a CDN's)"})
    expires = fields.Integer(metadata={"description": "Unix seconds"})
    expires_at = fields.String()


def link_target(table_id: int, data: dict) -> tuple[str, dict[str, str]]:
    """(path, parameters) of the link, checked as the read itself would check them."""
    params = {name: str(value) for name, value in data["params"].items()}
    if data["resource"] == "roads":
        if set(params) - {"columns"}:
            raise DomainError("invalid_parameter", "the roads take only `columns`", "params")
        columns = params.get("columns")
        if columns is not None and not (columns.isdigit() and 1 <= int(columns) <= MAX_ROADS_COLUMNS):
            raise DomainError("invalid_parameter", f"columns is a whole number from 1 to {MAX_ROADS_COLUMNS}",
                              "params.columns")
        return f"/api/v1/tables/{table_id}/roads", params
    if "road" not in data:
        raise DomainError("missing_field", "an image link needs `road`", "road")
    road = image_road(data["road"])
    image_params(road, params)
    return f"/api/v1/tables/{table_id}/roads/{road}.{data['format']}", params


@blp.route("/tables/<id:table_id>/read-links", methods=["POST"])
@requires(MINT_READ_LINKS)
@blp.arguments(ReadLinkRequestSchema, example={"resource": "image", "road": "scoreboard", "format": "png",
                                               "params": {"cell": 24}, "ttl": 3600})
@blp.response(201, ReadLinkSchema, example={
    "url": "http://roads.example/api/v1/tables/3/roads/scoreboard.png?cell=24&expires=1795000000&sig=9f2c...",
    "path": "/api/v1/tables/3/roads/scoreboard.png?cell=24&expires=1795000000&sig=9f2c...",
    "expires": 1795000000, "expires_at": "2026-11-19T09:46:40+00:00"})
@error_responses(401, 403, 404, 409, 422)
def create_read_link(data, table_id):
    """Mint a signed read link

    A URL for this table's roads or one road image that anyone may fetch without a key
    until it expires, and that a shared cache may keep (public, max-age=1). Changing or
    adding any parameter breaks it. 409 `read_links_off` if the server has no secret.
    """
    tables.get_table(database(), table_id)
    path, params = link_target(table_id, data)
    signed, expires = read_links().mint(path, params, data.get("ttl"))
    return {"url": request.host_url.rstrip("/") + signed, "path": signed, "expires": expires,
            "expires_at": datetime.fromtimestamp(expires, timezone.utc).isoformat()}
