"""Hands: the posted JSON form (roadsvc.domain.baccarat.dealing.hands), voids, corrections, audit records."""

from __future__ import annotations

import marshmallow as ma
from marshmallow import fields, validate

from roadsvc.api.schemas.coded import StrictSchema
from roadsvc.api.schemas.common import PLAYING_CARD_PATTERN, Flag, integer, text
from roadsvc.domain.baccarat.dealing.hands import RESULTS
from roadsvc.services.admin_audit import MAX_REASON


CARD = {"type": "string", "pattern": PLAYING_CARD_PATTERN, "example": "4S"}
SIDE = {"type": "array", "items": CARD, "minItems": 2, "maxItems": 3}
CARDS = [{"type": "array", "items": CARD, "minItems": 4, "maxItems": 6},
         {"type": "object", "properties": {"player": SIDE, "banker": SIDE}, "required": ["player", "banker"],
          "additionalProperties": False}]


class HandFieldsSchema(StrictSchema):
    """A hand by cards (dealing order list, or {player, banker}) or by result."""

    cards = fields.Raw(
        allow_none=True,
        metadata={
            "description": 'Dealing order P1 B1 P2 B2 [P3] [B3], or {"player": [...], "banker": [...]}',
            "example": ["4S", "KD", "3H", "9C"], "oneOf": CARDS,
        },
    )
    result = fields.String(validate=validate.OneOf(RESULTS), allow_none=True)
    banker_pair = Flag(allow_none=True)
    player_pair = Flag(allow_none=True)
    player_total = integer(0, 9, allow_none=True)
    banker_total = integer(0, 9, allow_none=True)
    natural = Flag(allow_none=True)

    @ma.post_load
    def drop_nulls(self, data, **kwargs):
        """An explicit null means "not stated", like a missing field."""
        return {key: value for key, value in data.items() if value is not None}


class HandPostSchema(HandFieldsSchema):
    number = integer(1, 1000, metadata={"description": "The number the poster expects (idempotent retry)"})
    shoe_id = integer(1, 2**31 - 1, metadata={"description": "The shoe the poster means (a retry after a new shoe opened)"})


class VoidSchema(StrictSchema):
    reason = text(MAX_REASON, required=True, metadata={"example": "misdeal: cards exposed"})


class CorrectSchema(StrictSchema):
    hand = fields.Nested(HandFieldsSchema, required=True)
    reason = text(MAX_REASON, required=True, metadata={"example": "reader misread the banker's third card"})


class HandSchema(ma.Schema):
    shoe_id = fields.Integer()
    number = fields.Integer()
    result = fields.String()
    voided = fields.Boolean()
    void_reason = fields.String(allow_none=True)
    hand = fields.Dict(metadata={"description": "The canonical hand: result, pairs, totals, natural, cards by side"})
    created_at = fields.DateTime()
    updated_at = fields.DateTime()


class WrittenHandSchema(HandSchema):
    revision = fields.Integer(metadata={"description": "The shoe's revision after this write"})
    held = fields.Boolean(metadata={"description": "VIP and squeeze tables: the hand is stored held, not counted, "
                                                   "until it is opened"})
    deadline = fields.DateTime(allow_none=True, metadata={"description": "A held VIP hand opens by itself then"})


class AuditRecordSchema(ma.Schema):
    id = fields.Integer()
    hand_number = fields.Integer()
    action = fields.String(metadata={"description": "void or correct"})
    actor = fields.String(metadata={"description": "The key that did it"})
    at = fields.DateTime()
    before = fields.Dict(allow_none=True)
    after = fields.Dict(allow_none=True)
    reason = fields.String()


HAND_EXAMPLE = {
    "shoe_id": 12,
    "number": 5,
    "result": "banker",
    "voided": False,
    "void_reason": None,
    "hand": {
        "result": "banker",
        "banker_pair": False,
        "player_pair": False,
        "player_total": 7,
        "banker_total": 9,
        "natural": True,
        "cards": {"player": ["4S", "3H"], "banker": ["KD", "9C"]},
    },
    "created_at": "2026-11-22T05:03:10+00:00",
    "updated_at": "2026-11-22T05:03:10+00:00",
    "revision": 6,
}
