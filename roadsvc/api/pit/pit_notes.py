"""Pit notes (issue 24): a pit boss's note on a table or one of its shoes."""

from __future__ import annotations

from dataclasses import asdict

import marshmallow as ma
from flask_smorest import Blueprint
from marshmallow import fields

from roadsvc.api.auth import requires
from roadsvc.api.context import acting, database
from roadsvc.api.docs import error_responses
from roadsvc.api.schemas.coded import StrictSchema
from roadsvc.api.schemas.common import integer, text
from roadsvc.services import tables
from roadsvc.services.pit import pit_notes
from roadsvc.services.capabilities import MONITOR
from roadsvc.services.admin_audit import MAX_REASON

blp = Blueprint("pit_notes", __name__, description="Pit notes: incidents, dealers' mistakes, players' disputes")

NOTE_EXAMPLE = {"id": 4, "table_id": 3, "shoe_id": 12, "author": "pit boss 2 (key 7)",
                "text": "player at seat 3 disputes hand 41; surveillance asked", "created_at": "2026-11-25T03:10:00+00:00"}


class NoteBodySchema(StrictSchema):
    text = text(MAX_REASON, required=True, metadata={"example": NOTE_EXAMPLE["text"]})
    shoe_id = integer(1, 2**31 - 1, metadata={"description": "A shoe of this table (omit: the table)"})


class PitNoteSchema(ma.Schema):
    id = fields.Integer()
    table_id = fields.Integer()
    shoe_id = fields.Integer(allow_none=True)
    author = fields.String()
    text = fields.String()
    created_at = fields.DateTime()


@blp.route("/tables/<id:table_id>/notes", methods=["POST"])
@requires(MONITOR)
@blp.arguments(NoteBodySchema, example={"text": NOTE_EXAMPLE["text"], "shoe_id": 12})
@blp.response(201, PitNoteSchema, example=NOTE_EXAMPLE)
@error_responses(401, 403, 404, 422)
def add_note(data, table_id):
    """Add a pit note

    A note on the table, or on one of its shoes: shown on the table's page, written to the
    shoe's audit log (the administrative trail when the table has no shoe), listed in the
    shift report, and announced to operators as a `pit_note` event.
    """
    return asdict(pit_notes.add_note(database(), table_id, data["text"], acting(), data.get("shoe_id")))


@blp.route("/tables/<id:table_id>/notes", methods=["GET"])
@requires(MONITOR)
@blp.response(200, PitNoteSchema(many=True), example=[NOTE_EXAMPLE])
@error_responses(401, 403, 404)
def list_notes(table_id):
    """List a table's pit notes

    Newest first (the last 200).
    """
    tables.get_table(database(), table_id)
    return [asdict(note) for note in pit_notes.table_notes(database(), table_id)]
