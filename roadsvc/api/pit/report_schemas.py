"""The shift report's JSON (issue 43): every field typed, for the OpenAPI document (docs/shift-reports.md)."""

from __future__ import annotations

import marshmallow as ma
from marshmallow import fields

from roadsvc.api.dealers import DealerGameFiguresSchema

COUNTED = {
    "hands": "Baccarat: hands dealt in the shift (posted, not voided now)",
    "rounds": "百人牛牛: rounds dealt in the shift (posted, not voided now)",
    "deals": "打棒: deals begun in the shift",
    "matches": "打棒: matches played in the shift",
    "refusals": "打棒: plays refused in the shift",
    "voids": "Hands or rounds voided",
    "corrections": "Hands or rounds corrected",
    "leaves": "百人牛牛: accounts that left (逃跑) with their stakes given back",
}


def _counts() -> dict[str, fields.Field]:
    return {name: fields.Integer(metadata={"description": text}) for name, text in COUNTED.items()}


class ReportShiftSchema(ma.Schema):
    date = fields.String(metadata={"description": "The local date it starts on", "example": "2026-12-07"})
    shift = fields.String(metadata={"description": "Its start, HHMM", "example": "0600"})
    time_zone = fields.String(metadata={"example": "Asia/Macau"})
    begins = fields.DateTime()
    ends = fields.DateTime()


class ChainHeadSchema(ma.Schema):
    sequence = fields.Integer(metadata={"description": "The record chain's last link when the report was stored"})
    digest = fields.String(metadata={"description": "That link's SHA-256, hex"})
    at = fields.DateTime(metadata={"description": "When that link was appended"})


class ReportTableSchema(ma.Schema):
    id = fields.Integer()
    name = fields.String()
    game = fields.String(allow_none=True, metadata={"description": "baccarat, niuniu or dabang"})


class ReportChangeSchema(ma.Schema):
    shoe = fields.Integer(allow_none=True, metadata={"description": "The shoe's number (baccarat); null otherwise"})
    hand = fields.Integer(metadata={"description": "The hand (baccarat) or round (百人牛牛)"})
    action = fields.String(metadata={"description": "void or correct"})
    by = fields.String()
    why = fields.String(allow_none=True)
    at = fields.DateTime()


class ReportNoteSchema(ma.Schema):
    at = fields.DateTime()
    by = fields.String()
    shoe_id = fields.Integer(allow_none=True)
    text = fields.String()


ReportEntrySchema = ma.Schema.from_dict({
    "table": fields.Nested(ReportTableSchema), **_counts(),
    "shoes": fields.List(fields.Integer(), metadata={"description": "Baccarat: the shoes' numbers"}),
    "changes": fields.List(fields.Nested(ReportChangeSchema)),
    "alerts": fields.List(fields.Dict(), metadata={"description": "Raised in the shift or open from before: id, "
                                                                  "code, severity, state, count, hand_number, "
                                                                  "details, raised_at, acknowledged, resolved"}),
    "notes": fields.List(fields.Nested(ReportNoteSchema)),
    "money": fields.Dict(metadata={"description": "turnover, win, hold, expected_hold, bets, accounts, largest_bet, "
                                                  "largest_win, by_bet"}),
}, name="ShiftReportTable")

ReportTotalsSchema = ma.Schema.from_dict({**_counts(), "money": fields.Dict()}, name="ShiftReportTotals")


class ReportDealerSchema(ma.Schema):
    id = fields.Integer()
    badge = fields.String()
    name = fields.String()
    games = fields.List(fields.Nested(DealerGameFiguresSchema), metadata={"description": "Per game dealt"})


class ReportDealersSchema(ma.Schema):
    dealers = fields.List(fields.Nested(ReportDealerSchema))
    undeclared = fields.List(fields.Nested(DealerGameFiguresSchema),
                             metadata={"description": "Games dealt with no dealer declared, per game"})
    floor = fields.List(fields.Nested(DealerGameFiguresSchema), metadata={"description": "Every dealer's together"})


class ShiftReportSchema(ma.Schema):
    format = fields.Integer(metadata={"description": "The document's form (2)"})
    shift = fields.Nested(ReportShiftSchema)
    generated_at = fields.DateTime(metadata={"description": "When it was drawn (a stored report: when stored)"})
    final = fields.Boolean(metadata={"description": "True only for the report the jobs process stored at the "
                                                    "shift's end; false for any report built when asked"})
    written_at = fields.DateTime(allow_none=True, metadata={"description": "When the final report was stored"})
    chain_head = fields.Nested(ChainHeadSchema, allow_none=True,
                               metadata={"description": "The record chain's head when stored (null: none)"})
    totals = fields.Nested(ReportTotalsSchema)
    tables = fields.List(fields.Nested(ReportEntrySchema))
    dealers = fields.Nested(ReportDealersSchema, metadata={"description": "Each dealer's figures per game beside "
                                                                         "the floor's (docs/dealers.md); absent "
                                                                         "from a report stored before dealers"})
