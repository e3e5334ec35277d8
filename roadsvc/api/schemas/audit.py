"""The audit trail of administrative changes."""

from __future__ import annotations

import marshmallow as ma
from marshmallow import fields, validate

from roadsvc.api.schemas.coded import StrictSchema
from roadsvc.services.admin_audit import KINDS, MAX_PAGE_SIZE


class AdminAuditQuerySchema(StrictSchema):
    table_id = fields.Integer(validate=validate.Range(1, 2**31 - 1), metadata={"description": "Only this table's changes"})
    kind = fields.String(validate=validate.OneOf(KINDS), metadata={"description": "Only this kind", "example": "table.updated"})
    page = fields.Integer(load_default=1, validate=validate.Range(1, 10**6), metadata={"description": "1 is the newest"})
    page_size = fields.Integer(load_default=20, validate=validate.Range(1, MAX_PAGE_SIZE))


class AdminAuditRecordSchema(ma.Schema):
    id = fields.Integer()
    at = fields.DateTime()
    kind = fields.String(metadata={"description": ", ".join(KINDS)})
    actor = fields.String(metadata={"description": "The key's name and id, or the operator's command"})
    key_id = fields.Integer(allow_none=True, metadata={"description": "The key that made the change (null: the command line)"})
    table_id = fields.Integer(allow_none=True)
    subject = fields.String(metadata={"description": "What changed: table 3, key 7, shoe 12"})
    before = fields.Dict(allow_none=True)
    after = fields.Dict(allow_none=True)


class AdminAuditPageSchema(ma.Schema):
    items = fields.List(fields.Nested(AdminAuditRecordSchema))
    page = fields.Integer()
    page_size = fields.Integer()
    total = fields.Integer(metadata={"description": "Records matching the filters, on every page"})
