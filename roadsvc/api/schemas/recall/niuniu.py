"""A 百人牛牛 round as recall answers it: the dealing order, each position's hand, the openings, the steps
(voids, corrections, leaves), the stakes and the settlement."""

from __future__ import annotations

from marshmallow import Schema, fields

from roadsvc.api.schemas.recall.shared import (
    RecallRecordSchema,
    amount_field,
    cards_field,
    links_field,
    number_field,
    text_field,
    when_field,
)


class RecallNiuniuDealtCardSchema(Schema):
    order = number_field("1 for the first card dealt", required=True)
    position = text_field("banker, player_1 ... player_4", required=True)
    card = text_field("Null: a fourth card, face down, of a hand not open", allow_none=True)
    face_down = fields.Boolean(metadata={"description": "The fourth card of a hand (dealt face down)"}, required=True)


class RecallNiuniuHandSchema(Schema):
    position = text_field(required=True)
    cards = cards_field("In the order received; the fourth null until the hand is open", required=True)
    open = fields.Boolean(required=True)
    type = text_field("The hand's type once open", allow_none=True)
    multiple = number_field(allow_none=True)


class RecallNiuniuOpeningSchema(Schema):
    seq = number_field(required=True)
    position = text_field(required=True)


class RecallNiuniuStateSchema(Schema):
    phase = text_field(allow_none=True)
    reveal = text_field(allow_none=True)
    hands = fields.List(fields.Nested(RecallNiuniuHandSchema), required=True)


class RecallNiuniuDifferenceSchema(Schema):
    who = text_field("An account, or banker", required=True)
    amount = amount_field("The net's change", required=True)


class RecallNiuniuStepSchema(Schema):
    seq = number_field("The audit record's id (in order)", required=True)
    at = when_field(required=True)
    kind = text_field("voided, corrected or left (逃跑)", required=True)
    actor = text_field(required=True)
    reason = text_field(required=True)
    account_id = text_field("Who left", allow_none=True)
    before = fields.Nested(RecallNiuniuStateSchema, allow_none=True)
    after = fields.Nested(RecallNiuniuStateSchema, allow_none=True)
    differences = fields.List(fields.Nested(RecallNiuniuDifferenceSchema), allow_none=True, metadata={
        "description": "A correction's change of each net (money)"})


class RecallNiuniuStakeSchema(Schema):
    area = text_field(required=True)
    stake = amount_field(required=True)


class RecallNiuniuSlipSchema(Schema):
    slip_id = number_field(required=True)
    account_id = text_field(required=True)
    status = text_field("open, refunded (a void) or left (逃跑)", required=True)
    placed_at = when_field(required=True)
    bets = fields.List(fields.Nested(RecallNiuniuStakeSchema), required=True)


class RecallNiuniuBetOutcomeSchema(Schema):
    area = text_field(required=True)
    stake = amount_field(required=True)
    outcome = text_field("win or lose", required=True)
    multiple = number_field(required=True)
    commission = amount_field(required=True)
    net = amount_field(required=True)


class RecallNiuniuAccountSchema(Schema):
    account_id = text_field(required=True)
    net = amount_field(required=True)
    bets = fields.List(fields.Nested(RecallNiuniuBetOutcomeSchema), required=True)


class RecallNiuniuSettlementSchema(Schema):
    accounts = fields.List(fields.Nested(RecallNiuniuAccountSchema), required=True)
    banker_net = amount_field(required=True)


class RecallNiuniuRoundSchema(Schema):
    round = number_field(required=True)
    phase = text_field("dealing, opening, settled or voided", required=True)
    dealt_at = when_field(required=True)
    settled_at = when_field(allow_none=True)
    reveal = text_field("The card turned to decide who receives first", allow_none=True)
    first_receiver = text_field(allow_none=True)
    dealing = fields.List(fields.Nested(RecallNiuniuDealtCardSchema), allow_none=True, metadata={
        "description": "The 25 cards in dealing order (null: posted by position without a reveal card)"})
    hands = fields.List(fields.Nested(RecallNiuniuHandSchema), required=True)
    openings = fields.List(fields.Nested(RecallNiuniuOpeningSchema), required=True)
    results = fields.Dict(keys=fields.String(), values=fields.String(), allow_none=True, metadata={
        "description": "Each player area against the banker (win or lose), once settled"})
    banker_account = text_field("None: the house banked", allow_none=True)
    void_reason = text_field(allow_none=True)
    steps = fields.List(fields.Nested(RecallNiuniuStepSchema), required=True)
    stakes = fields.List(fields.Nested(RecallNiuniuSlipSchema), allow_none=True, metadata={
        "description": "Every slip on the round (money)"})
    settlement = fields.Nested(RecallNiuniuSettlementSchema, allow_none=True, metadata={
        "description": "Each account's bets and net, the banker's net (money)"})
    records = fields.List(fields.Nested(RecallRecordSchema), required=True)
    links = links_field()
