"""VIP and squeeze tables: opening held hands, charters, flies, the charter's requests."""

from __future__ import annotations

import marshmallow as ma
from marshmallow import fields, validate

from roadsvc.api.schemas.coded import StrictSchema
from roadsvc.api.schemas.common import account_id, integer, text
from roadsvc.domain.baccarat.bets.bounds import MAX_CUTOFF
from roadsvc.domain.table_modes import REQUEST_KINDS
from roadsvc.services.admin_audit import MAX_REASON

ACCOUNT = {"description": "The account (the game server's player id)", "example": "acct-42"}


class OpenSchema(StrictSchema):
    account_id = account_id(metadata={**ACCOUNT, "description": "A game server opens for this account: the charter "
                                     "account or a bettor on the hand (required from a game server; a dealer sends "
                                     "none)"})


class AccountSchema(StrictSchema):
    account_id = account_id(required=True, metadata=ACCOUNT)


class EndCharterSchema(StrictSchema):
    account_id = account_id(metadata={**ACCOUNT, "description": "If given, it must be the charter account "
                                     "(409 not_charter_account otherwise)"})


class DoneSchema(StrictSchema):
    note = text(MAX_REASON, metadata={"description": "What the pit boss did (kept on the resolved alert)",
                               "example": "dealer 12 replaced dealer 7"})


class FlySchema(StrictSchema):
    account_id = account_id(required=True, metadata=ACCOUNT)
    hand_number = integer(1, 10 * MAX_CUTOFF, metadata={"description": "The hand in play, to be sure which is flown"})


class RequestSchema(StrictSchema):
    account_id = account_id(required=True, metadata=ACCOUNT)
    kind = fields.String(required=True, validate=validate.OneOf(REQUEST_KINDS))


class CharterAnswerSchema(ma.Schema):
    id = fields.Integer()
    table_id = fields.Integer()
    account_id = fields.String()
    consecutive_flies = fields.Integer()
    started_at = fields.DateTime()
    ended_at = fields.DateTime(allow_none=True)


class FlownSchema(ma.Schema):
    table_id = fields.Integer()
    shoe_id = fields.Integer()
    hand_number = fields.Integer()
    state = fields.String()
    consecutive_flies = fields.Integer(metadata={"description": "Hands flown in a row by this charter, this one "
                                                 "included"})


class TableRequestSchema(ma.Schema):
    id = fields.Integer()
    table_id = fields.Integer()
    shoe_id = fields.Integer()
    kind = fields.String()
    account_id = fields.String()
    state = fields.String(metadata={"description": "open or done"})
    hands_dealt = fields.Integer()
    alert_id = fields.Integer(allow_none=True)
    requested_at = fields.DateTime()
    due_at = fields.DateTime(allow_none=True, metadata={"description": "A change of shoe is overdue from then"})
    done_at = fields.DateTime(allow_none=True)
    done_by = fields.String(allow_none=True)
