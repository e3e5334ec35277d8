"""API keys."""

from __future__ import annotations

import marshmallow as ma
from marshmallow import fields, validate

from roadsvc.api.schemas.common import StrictSchema, integer, text
from roadsvc.services.keys import ROLES


class KeyCreateSchema(StrictSchema):
    role = fields.String(required=True, validate=validate.OneOf(ROLES), metadata={"example": "dealer"})
    name = text(100, metadata={"example": "table 3 shoe reader"})
    table_id = integer(1, 2**31 - 1, allow_none=True, metadata={"description": "Dealer keys: the one table"})


class KeySchema(ma.Schema):
    id = fields.Integer()
    name = fields.String()
    role = fields.String()
    table_id = fields.Integer(allow_none=True)
    prefix = fields.String(metadata={"description": "The key's first characters, to recognise it"})
    created_at = fields.DateTime()
    revoked_at = fields.DateTime(allow_none=True)


class CreatedKeySchema(KeySchema):
    key = fields.String(metadata={"description": "The key itself: shown this once, stored only as a hash"})
