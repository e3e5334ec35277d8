"""API keys."""

from __future__ import annotations

import marshmallow as ma
from marshmallow import fields, validate

from roadsvc.api.schemas.coded import StrictSchema
from roadsvc.api.schemas.common import integer, name
from roadsvc.services.capabilities import ROLES


class KeyCreateSchema(StrictSchema):
    role = fields.String(required=True, validate=validate.OneOf(ROLES), metadata={"example": "dealer"})
    name = name(metadata={"example": "table 3 shoe reader"})
    table_id = integer(1, 2**31 - 1, allow_none=True, metadata={"description": "Dealer keys: the one table"})
    expires_in = fields.String(
        validate=validate.Regexp(r"^[0-9]{1,9}[smhd]$"),
        metadata={"description": "The key expires after this long: 90m, 12h, 30d (1 minute to 3650 days)", "example": "30d"},
    )


class KeySchema(ma.Schema):
    id = fields.Integer()
    name = fields.String()
    role = fields.String()
    table_id = fields.Integer(allow_none=True)
    prefix = fields.String(metadata={"description": "The key's first characters, to recognise it"})
    created_at = fields.DateTime()
    revoked_at = fields.DateTime(allow_none=True)
    expires_at = fields.DateTime(allow_none=True, metadata={"description": "When the key stops working (null: never)"})


class CreatedKeySchema(KeySchema):
    key = fields.String(metadata={"description": "The key itself: shown this once, stored only as a hash"})


class RotatedKeySchema(CreatedKeySchema):
    previous = fields.Nested(KeySchema, metadata={"description": "The old key, valid until its expires_at (the grace period)"})
