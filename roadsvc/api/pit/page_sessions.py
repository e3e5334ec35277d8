"""The pit boss's page sessions (admin): list the live ones, "sign out everywhere"."""

from __future__ import annotations

from dataclasses import asdict

import marshmallow as ma
from flask_smorest import Blueprint
from marshmallow import fields

from roadsvc.api.auth import requires
from roadsvc.api.context import acting, database, now
from roadsvc.api.docs import error_responses
from roadsvc.api.schemas.coded import StrictSchema
from roadsvc.api.schemas.common import integer
from roadsvc.services.pit import page_sessions
from roadsvc.services.capabilities import MANAGE_KEYS

blp = Blueprint("page_sessions", __name__, description="The pit boss's signed-in pages: list, sign out everywhere")


class PageSessionSchema(ma.Schema):
    id = fields.Integer()
    key_id = fields.Integer()
    name = fields.String(metadata={"description": "The key's name"})
    role = fields.String()
    created_at = fields.DateTime()
    last_seen_at = fields.DateTime(metadata={"description": "Moves at most once a minute"})


class EndSessionsSchema(StrictSchema):
    key_id = integer(1, 2**31 - 1, metadata={"description": "Only this key's sessions (omit: every session)"})


class EndedSchema(ma.Schema):
    ended = fields.Integer(metadata={"description": "Sessions ended"})


@blp.route("/page-sessions", methods=["GET"])
@requires(MANAGE_KEYS)
@blp.response(200, PageSessionSchema(many=True))
@error_responses(401, 403)
def list_page_sessions():
    """List the signed-in pages

    Every page session not ended: the key's id, name and role, when it began and was last used.
    """
    return [asdict(info) for info in page_sessions.live_sessions(database())]


@blp.route("/page-sessions/end", methods=["POST"])
@requires(MANAGE_KEYS)
@blp.arguments(EndSessionsSchema, example={"key_id": 7}, required=False)
@blp.response(200, EndedSchema, example={"ended": 2})
@error_responses(401, 403, 422)
def end_page_sessions(data):
    """Sign out everywhere

    Ends every page session (or one key's): each of their cookies opens nothing from the
    next request on. Recorded in the administrative audit trail.
    """
    return {"ended": page_sessions.sign_out_everywhere(database(), now(), (data or {}).get("key_id"), acting())}
