"""A baccarat hand as recall answers it: the shoe, the outcome, the cards in dealing order, the steps (with
the hand before and after a correction) and the bets."""

from __future__ import annotations

from marshmallow import Schema, fields

from roadsvc.api.schemas.recall.shared import (
    RecallRecordSchema,
    amount_field,
    links_field,
    number_field,
    text_field,
    when_field,
)


class RecallShoeSchema(Schema):
    id = number_field(required=True)
    number = number_field("The shoe's number at its table", required=True)


class RecallBaccaratOutcomeSchema(Schema):
    result = text_field("banker, player or tie")
    player_total = number_field(allow_none=True)
    banker_total = number_field(allow_none=True)
    player_pair = fields.Boolean(allow_none=True)
    banker_pair = fields.Boolean(allow_none=True)
    natural = fields.Boolean(allow_none=True)


class RecallBaccaratCardSchema(Schema):
    order = number_field("1 for the first card dealt", required=True)
    side = text_field("player or banker", required=True)
    card = text_field("The card's code", required=True)
    third = fields.Boolean(metadata={"description": "A third card (drawn after the first four)"}, required=True)


class RecallSettlementChangeSchema(Schema):
    account_id = text_field(required=True)
    net_before = amount_field()
    net_after = amount_field()
    difference = amount_field()


class RecallBaccaratStateSchema(Schema):
    outcome = fields.Nested(RecallBaccaratOutcomeSchema, allow_none=True)
    cards = fields.List(fields.Nested(RecallBaccaratCardSchema), allow_none=True)
    voided = fields.Boolean(allow_none=True)
    void_reason = text_field(allow_none=True)
    settlement = fields.List(fields.Nested(RecallSettlementChangeSchema), allow_none=True, metadata={
        "description": "Each account's net before and after (money: only for readers of money)"})


class RecallBaccaratStepSchema(Schema):
    seq = number_field("1 for the first step", required=True)
    at = when_field(required=True)
    kind = text_field("betting_closed, flown, held, dealt, opened, voided, corrected", required=True)
    actor = text_field("Who did it (a key's name; a held hand opened by the clock: the jobs process)", allow_none=True)
    account_id = text_field("The account (flown by the charter; opened by an account)", allow_none=True)
    reason = text_field("Why (voids and corrections), or how it was opened", allow_none=True)
    deadline = when_field("A held VIP hand opens by itself then", allow_none=True)
    how = text_field("An opening: account, dealer or automatic", allow_none=True)
    before = fields.Nested(RecallBaccaratStateSchema, allow_none=True)
    after = fields.Nested(RecallBaccaratStateSchema, allow_none=True)


class RecallBaccaratBetSchema(Schema):
    account_id = text_field(required=True)
    slip_id = number_field(required=True)
    code = text_field("The bet (banker, player, tie, pairs, side bets)", required=True)
    stake = amount_field(required=True)
    held = amount_field("Taken from the balance when placed", required=True)
    status = text_field("open, win, lose, push, void, needs_cards, cancelled", required=True)
    tier = text_field(allow_none=True)
    pay = text_field("Paid \"to 1\"", allow_none=True)
    returned = amount_field(allow_none=True)
    net = amount_field(allow_none=True)
    settled_at = when_field(allow_none=True)


class RecallBaccaratHandSchema(Schema):
    shoe = fields.Nested(RecallShoeSchema, required=True)
    hand = number_field("The hand's number in its shoe", required=True)
    state = text_field("held (in play: no card, no result), counted or voided", required=True)
    dealt_at = when_field(required=True)
    outcome = fields.Nested(RecallBaccaratOutcomeSchema, allow_none=True)
    void_reason = text_field(allow_none=True)
    cards = fields.List(fields.Nested(RecallBaccaratCardSchema), allow_none=True, metadata={
        "description": "In dealing order; null while held, or for a hand entered by its result"})
    steps = fields.List(fields.Nested(RecallBaccaratStepSchema), required=True)
    bets = fields.List(fields.Nested(RecallBaccaratBetSchema), allow_none=True, metadata={
        "description": "Every bet on the hand (money: null unless the reader may read money)"})
    records = fields.List(fields.Nested(RecallRecordSchema), required=True)
    links = links_field()
