"""API keys (admin): create (the key is shown once), list, revoke."""

from __future__ import annotations

from dataclasses import asdict
from datetime import timedelta

from flask import current_app

from flask_smorest import Blueprint

from roadsvc.api.auth import requires
from roadsvc.services.capabilities import MANAGE_KEYS
from roadsvc.api.context import acting, database
from roadsvc.api.docs import error_responses
from roadsvc.api.schemas.common import Empty
from roadsvc.api.schemas.keys import CreatedKeySchema, KeyCreateSchema, KeySchema, RotatedKeySchema
from roadsvc.services.keys import lifecycle as keys

blp = Blueprint("keys", __name__, description="API keys and roles (display, game_server, dealer, pitboss, admin: "
                                                   "each with its capabilities)")

KEY_EXAMPLE = {
    "id": 4,
    "name": "table 3 shoe reader",
    "role": "dealer",
    "table_id": 3,
    "prefix": "rs_Q2x9aK1",
    "created_at": "2026-11-22T05:00:00+00:00",
    "revoked_at": None,
}


@blp.route("/keys", methods=["POST"])
@requires(MANAGE_KEYS)
@blp.arguments(KeyCreateSchema, example={"role": "dealer", "name": "table 3 shoe reader", "table_id": 3})
@blp.response(201, CreatedKeySchema, example={**KEY_EXAMPLE, "key": "rs_Q2x9aK1...(43 more characters)"})
@error_responses(401, 403, 404, 422)
def create_key(data):
    """Create an API key

    The answer carries the key itself, once: only its sha256 is stored. Dealer keys may
    be bound to one table (`table_id`); a dealer key without a table writes at any table.
    """
    expires_at = keys.expiry_after(data["expires_in"]) if "expires_in" in data else None
    info, plain = keys.create_key(database(), data["role"], data.get("name"), data.get("table_id"), expires_at, acting())
    return {**asdict(info), "key": plain}


@blp.route("/keys", methods=["GET"])
@requires(MANAGE_KEYS)
@blp.response(200, KeySchema(many=True), example=[KEY_EXAMPLE])
@error_responses(401, 403)
def list_keys():
    """List API keys

    Every key with its role, table and prefix; never the key itself.
    """
    return keys.list_keys(database())


@blp.route("/keys/<id:key_id>", methods=["DELETE"])
@requires(MANAGE_KEYS)
@blp.response(200, KeySchema, example={**KEY_EXAMPLE, "revoked_at": "2026-11-22T06:00:00+00:00"})
@error_responses(401, 403, 404)
def revoke_key(key_id):
    """Revoke an API key

    The key stops working within the key cache's TTL (ROADSVC_KEY_CACHE_TTL, 5 s by default).
    """
    return keys.revoke_key(database(), key_id, acting())


@blp.route("/keys/<id:key_id>/rotate", methods=["POST"])
@requires(MANAGE_KEYS)
@blp.arguments(Empty, example={}, required=False)
@blp.response(201, RotatedKeySchema, example={**KEY_EXAMPLE, "id": 5, "key": "rs_...", "previous": KEY_EXAMPLE})
@error_responses(401, 403, 404, 409, 422)
def rotate_key(_data, key_id):
    """Rotate an API key

    A new key (shown once) with the old one's name, role, table and expiry; the old key
    keeps working for the grace period (ROADSVC_KEY_ROTATION_GRACE, 24 h by default) so
    the client can switch without a gap. A revoked or expired key cannot be rotated (409).
    """
    grace = timedelta(seconds=current_app.config["KEY_ROTATION_GRACE"])
    new, plain, old = keys.rotate_key(database(), key_id, grace, acting())
    return {**asdict(new), "key": plain, "previous": old}
