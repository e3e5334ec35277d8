"""Shoe integrity: the next hand's exact odds, a shoe's EV hand by hand, the EV chart."""

from __future__ import annotations

import marshmallow as ma
from marshmallow import fields, validate

from roadsvc.api.schemas.coded import StrictSchema
from roadsvc.domain.texts import LANGUAGES
from roadsvc.render.themes import THEMES


class ClosureSchema(ma.Schema):
    code = fields.String(metadata={"example": "advantage"})
    message = fields.String()
    bet = fields.String()
    hand_number = fields.Integer()
    ev = fields.Float()
    threshold = fields.String()
    cards_left = fields.Integer()


class BetOddsSchema(ma.Schema):
    bet = fields.String(metadata={"example": "lucky_seven"})
    open = fields.Boolean(metadata={"description": "Taken on the next hand: cutoff not passed, not closed for "
                                                   "advantage"})
    cutoff = fields.Integer(allow_none=True)
    closed_by = fields.Nested(ClosureSchema, allow_none=True)
    pays = fields.Dict(keys=fields.String(), values=fields.String(), metadata={"description": '"to 1" per tier'})
    probabilities = fields.Dict(keys=fields.String(), values=fields.Float(),
                                metadata={"description": "Per outcome label (win:<tier>, push, lose:<tier>)"})
    ev = fields.Float(metadata={"description": "Expected net per unit staked (exact, shown as a float)"})
    house_edge = fields.Float(metadata={"description": "-ev"})
    at_or_above_threshold = fields.Boolean()


class AdvantageSchema(ma.Schema):
    bet = fields.String()
    ev = fields.Float()
    cards_left = fields.Integer()
    hand_number = fields.Integer()


class TableOddsSchema(ma.Schema):
    table_id = fields.Integer()
    shoe_id = fields.Integer()
    revision = fields.Integer()
    rule_set = fields.String()
    decks = fields.Integer()
    after_hand = fields.Integer(metadata={"description": "The last hand number posted (0 before the first)"})
    hand_number = fields.Integer(metadata={"description": "The hand these odds are for: after_hand + 1"})
    takes_bets = fields.Boolean(metadata={"description": "The shoe is open and its last hand is not in"})
    cards_seen = fields.Integer(metadata={"description": "The burn card shown and every card of the counted hands"})
    cards_left = fields.Integer()
    composition = fields.Dict(keys=fields.String(), values=fields.Integer(),
                              metadata={"description": "Cards left by baccarat value 0-9"})
    ev_alert_threshold = fields.String()
    close_positive_ev = fields.Boolean()
    positive_ev = fields.List(fields.Nested(AdvantageSchema),
                              metadata={"description": "Open bets at or above the threshold (the alert's rule)"})
    bets = fields.List(fields.Nested(BetOddsSchema))


class HandEvSchema(ma.Schema):
    hand_number = fields.Integer(metadata={"description": "The EVs are those before this hand was dealt"})
    cards_left = fields.Integer()
    ev = fields.Dict(keys=fields.String(), values=fields.Float())


class ShoeOddsSchema(ma.Schema):
    table_id = fields.Integer()
    shoe_id = fields.Integer()
    revision = fields.Integer()
    status = fields.String()
    rule_set = fields.String()
    bets = fields.List(fields.String())
    hands = fields.List(fields.Nested(HandEvSchema))


class ChartQuerySchema(StrictSchema):
    bets = fields.String(
        validate=validate.Regexp(r"^[a-z][a-z0-9_]{0,39}(,[a-z][a-z0-9_]{0,39}){0,9}$",
                                 error="up to 10 bet codes, comma separated"),
        metadata={"description": "Bets to draw (default: the 6 with the highest EV in the shoe)",
                  "example": "lucky_seven,banker,tie"},
    )
    theme = fields.String(
        load_default="light", validate=validate.OneOf(tuple(THEMES)),
        metadata={"description": "Colour theme (the floor page's)", "example": "dark"},
    )
    language = fields.String(
        load_default="zh-Hans", validate=validate.OneOf(LANGUAGES),
        metadata={"description": "Language of the chart's words (PNG and SVG): its axis and bet names, and the SVG's "
                                 "title", "example": "en"},
    )
