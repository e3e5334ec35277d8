"""The floor and alerts."""

from __future__ import annotations

import marshmallow as ma
from marshmallow import fields, validate

from roadsvc.api.schemas.coded import StrictSchema
from roadsvc.api.schemas.common import BET_CODE, text
from roadsvc.services.alerts import SEVERITIES, STATES
from roadsvc.services.admin_audit import MAX_REASON

MAX_PAGE_SIZE = 200


class AlertSchema(ma.Schema):
    id = fields.Integer()
    code = fields.String(metadata={"example": "stale_table"})
    severity = fields.String(metadata={"description": "info, warning or critical"})
    state = fields.String(metadata={"description": "open, acknowledged or resolved"})
    table_id = fields.Integer()
    subject = fields.String(metadata={"description": "What at the table the alert is about: shoe:<id> (baccarat), "
                                                     "table (百人牛牛), match:<id> (打棒), shift_report:<id> "
                                                     "(report_mismatch)", "example": "shoe:12"})
    shoe_id = fields.Integer(allow_none=True, metadata={"description": "The shoe, for an alert about one; else null"})
    hand_number = fields.Integer(allow_none=True)
    message = fields.String()
    details = fields.Dict(metadata={"description": "The figures behind the alert (per code: docs/monitoring.md)"})
    raised_at = fields.DateTime()
    last_seen_at = fields.DateTime()
    count = fields.Integer(metadata={"description": "How many times the condition was seen"})
    acknowledged_by = fields.String(allow_none=True)
    acknowledged_at = fields.DateTime(allow_none=True)
    acknowledged_note = fields.String(allow_none=True)
    resolved_by = fields.String(allow_none=True)
    resolved_at = fields.DateTime(allow_none=True)
    resolved_note = fields.String(allow_none=True)


class AlertPageSchema(ma.Schema):
    alerts = fields.List(fields.Nested(AlertSchema))
    page = fields.Integer()
    page_size = fields.Integer()
    total = fields.Integer(metadata={"description": "Alerts matching the filters"})
    pages = fields.Integer()


class AlertsQuerySchema(StrictSchema):
    state = fields.String(validate=validate.OneOf(STATES))
    severity = fields.String(validate=validate.OneOf(SEVERITIES))
    table_id = fields.Integer(validate=validate.Range(1, 2**31 - 1))
    code = fields.String(validate=BET_CODE, metadata={"example": "refused_hands"})
    subject = fields.String(validate=validate.Regexp(r"^(table|[a-z_]{1,20}:[1-9][0-9]{0,15})$"),
                            metadata={"example": "table"})
    page = fields.Integer(validate=validate.Range(1, 100000), load_default=1)
    page_size = fields.Integer(validate=validate.Range(1, MAX_PAGE_SIZE), load_default=50)


class NoteSchema(StrictSchema):
    note = text(MAX_REASON, required=True, metadata={"example": "dealer on break; relief arrived"})


class FloorTotalsSchema(ma.Schema):
    """The floor's totals: what each game dealt is counted apart (hands, rounds, deals), never added up."""

    tables = fields.Integer()
    by_status = fields.Dict(keys=fields.String(), values=fields.Integer(),
                            metadata={"description": "Tables per status (dealing, stale, ending, idle)"})
    hands = fields.Integer(metadata={"description": "Baccarat: the counted hands of the open shoes"})
    rounds = fields.Integer(metadata={"description": "百人牛牛: the rounds of its tables"})
    deals = fields.Integer(metadata={"description": "打棒: the finished deals of each table's current match"})
    pace_per_hour = fields.Float(metadata={"description": "Baccarat: hands an hour, over the open shoes"})
    open_alerts = fields.Dict(keys=fields.String(), values=fields.Integer(), metadata={"description": "By severity"})
    acknowledged_alerts = fields.Integer()
    unresolved_alerts = fields.Dict(keys=fields.String(), values=fields.Integer(),
                                    metadata={"description": "By severity"})
    money = fields.Dict(metadata={"description": "For keys with read_money: the shift's turnover, win, bets, hold"})


class FloorSchema(ma.Schema):
    generated_at = fields.DateTime()
    totals = fields.Nested(FloorTotalsSchema)
    tables = fields.List(fields.Dict(), metadata={"description": "One entry per table (docs/monitoring.md)"})
    shift = fields.Dict(metadata={"description": "For keys with read_money: the shift the money is of "
                                                 "(date, shift, time_zone, starts, ends)"})
