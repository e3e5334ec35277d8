"""Shoes: open, cut card, close, history."""

from __future__ import annotations

import marshmallow as ma
from marshmallow import fields

from roadsvc.api.schemas.coded import StrictSchema
from roadsvc.api.schemas.common import integer, text


class ShoeOpenSchema(StrictSchema):
    decks = integer(1, 8, load_default=8, metadata={"example": 8})
    burn_card = text(3, allow_none=True, metadata={"description": "The first card, turned to burn", "example": "7H"})


class CutCardSchema(StrictSchema):
    last_hand = integer(
        1, 1000, metadata={"description": "The last hand's number; default: the hand in play (next to be posted)"}
    )


class ShoeSchema(ma.Schema):
    id = fields.Integer()
    table_id = fields.Integer()
    number = fields.Integer(metadata={"description": "Counts up per table"})
    decks = fields.Integer()
    burn_card = fields.String(allow_none=True)
    burn_count = fields.Integer(allow_none=True, metadata={"description": "Cards burned after the burn card"})
    status = fields.String(metadata={"description": "open or closed"})
    last_hand = fields.Integer(allow_none=True, metadata={"description": "Set when the cut card is out"})
    revision = fields.Integer(metadata={"description": "Bumped by every write to the shoe"})
    opened_at = fields.DateTime()
    closed_at = fields.DateTime(allow_none=True)


class ShoeHistorySchema(ShoeSchema):
    hands = fields.Integer(metadata={"description": "Hand numbers used (voids included)"})
    counted_hands = fields.Integer(metadata={"description": "Hands that count (voids left out)"})


SHOE_EXAMPLE = {
    "id": 12,
    "table_id": 3,
    "number": 7,
    "decks": 8,
    "burn_card": "7H",
    "burn_count": 7,
    "status": "open",
    "last_hand": None,
    "revision": 1,
    "opened_at": "2026-11-22T05:00:00+00:00",
    "closed_at": None,
}
