"""An 打棒 deal as recall answers it: the match, the declarations, the hands and bottom as drawn, the tribute,
the burying, every trick, the result and every move."""

from __future__ import annotations

from marshmallow import Schema, fields

from roadsvc.api.schemas import common
from roadsvc.api.schemas.recall.shared import (
    RecallRecordSchema,
    cards_field,
    links_field,
    number_field,
    text_field,
    when_field,
)


class RecallDabangMatchSchema(Schema):
    id = number_field(required=True)
    players = fields.Dict(keys=fields.String(), values=fields.String(), required=True)


class RecallDabangDeclarationSchema(Schema):
    seat = common.seat(required=True)
    cards = cards_field(required=True)
    at = number_field("How many cards had been drawn", required=True)
    suit = text_field(allow_none=True)
    kind = text_field("qiangliang, declare, override, reinforce", required=True)


class RecallDabangSeatCardsSchema(Schema):
    seat = common.seat(required=True)
    cards = cards_field(required=True)


class RecallDabangTributeSchema(Schema):
    from_seat = common.seat(required=True)
    to_seat = common.seat(required=True)
    blood = number_field(required=True)
    count = number_field(required=True)
    cards = cards_field("Given (喝血): null while the deal is under way", allow_none=True)
    returned_cards = cards_field("Given back (还贡): null while the deal is under way", allow_none=True)
    returned = fields.Boolean(required=True)


class RecallDabangPlaySchema(Schema):
    seat = common.seat(required=True)
    cards = cards_field(required=True)


class RecallDabangTrickSchema(Schema):
    number = number_field(required=True)
    plays = fields.List(fields.Nested(RecallDabangPlaySchema), required=True)
    winner = common.seat(allow_none=True)
    points = number_field(allow_none=True)


class RecallDabangResultSchema(Schema):
    number = number_field()
    redeal = fields.Boolean()
    level = number_field()
    holder = text_field(allow_none=True)
    dealer_seat = number_field(allow_none=True)
    trump = text_field(allow_none=True)
    points = number_field(allow_none=True)
    trick_points = number_field(allow_none=True)
    bottom_points = number_field(allow_none=True)
    kou_di = fields.Boolean(allow_none=True, metadata={"description": "扣底: the scorers took the last trick"})
    dry_pot = fields.Boolean(allow_none=True)
    tribute_count = number_field(allow_none=True)
    blood = number_field(allow_none=True)
    levels_gained = fields.Dict(keys=fields.String(), values=fields.Integer(), allow_none=True)
    levels_after = fields.Dict(keys=fields.String(), values=fields.Integer(), allow_none=True)
    instant_win = text_field(allow_none=True)


class RecallDabangMoveSchema(Schema):
    seq = number_field(required=True)
    kind = text_field("declaration, trump, tribute_return, bury, bury_jokers, play", required=True)
    seat = number_field(allow_none=True)
    at = when_field(required=True)
    actor = text_field(required=True)
    cards = cards_field("Its cards (null while under way for the hidden moves)", allow_none=True)
    take = cards_field("bury_jokers: the bottom's cards taken back", allow_none=True)
    drawn_at = number_field("A declaration: how many cards had been drawn", allow_none=True)


class RecallDabangDealSchema(Schema):
    match = fields.Nested(RecallDabangMatchSchema, required=True)
    deal = number_field("The deal's number in its match", required=True)
    status = text_field("under_way, finished, redealt or abandoned (the match was stopped)", required=True)
    started_at = when_field(required=True)
    first_drawer = common.seat(required=True)
    level = number_field(allow_none=True)
    dealer_seat = number_field("The 打家", allow_none=True)
    trump = text_field(allow_none=True)
    declarations = fields.List(fields.Nested(RecallDabangDeclarationSchema), required=True)
    hands = fields.List(fields.Nested(RecallDabangSeatCardsSchema), allow_none=True, metadata={
        "description": "Each seat's 39 cards as drawn: null while the deal is under way"})
    bottom_dealt = cards_field("The six bottom cards as drawn: null while under way", allow_none=True)
    tribute = fields.Nested(RecallDabangTributeSchema, allow_none=True)
    buried = cards_field("The bottom after burying", allow_none=True)
    tricks = fields.List(fields.Nested(RecallDabangTrickSchema), required=True)
    result = fields.Nested(RecallDabangResultSchema, allow_none=True)
    moves = fields.List(fields.Nested(RecallDabangMoveSchema), required=True)
    records = fields.List(fields.Nested(RecallRecordSchema), required=True)
    links = links_field()
