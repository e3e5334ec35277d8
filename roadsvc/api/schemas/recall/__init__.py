"""The recall's query and answer (GET /tables/{id}/recall): every field typed, every schema named once
(`Recall...`). The answer dumps only the fields named here: what the games share in `shared`, each game's
in its own module."""

from __future__ import annotations

from marshmallow import Schema, fields

from roadsvc.api.schemas import coded, common
from roadsvc.api.schemas.recall.baccarat import RecallBaccaratHandSchema
from roadsvc.api.schemas.recall.dabang import RecallDabangDealSchema
from roadsvc.api.schemas.recall.niuniu import RecallNiuniuRoundSchema
from roadsvc.api.schemas.recall.shared import (
    RecallChainSchema,
    RecallTableSchema,
    number_field,
)
from roadsvc.services.recall import DEFAULT_LAST, MAX_LAST


def _id(description: str) -> fields.Integer:
    return fields.Integer(strict=False, validate=coded.CodedRange(1, common.MAX_ROUND, "invalid_parameter"),
                          error_messages={"invalid": coded.Coded("a whole number", "invalid_parameter")},
                          metadata={"description": description})


class RecallQuery(coded.StrictSchema):
    """`?last=N`, or one game: `?hand=` (with `?shoe=`), `?round=`, `?deal=` (with `?match=`)."""

    last = fields.Integer(strict=False, validate=coded.CodedRange(1, MAX_LAST, "invalid_parameter"),
                          error_messages={"invalid": coded.Coded("last is a whole number", "invalid_parameter")},
                          metadata={"description": f"The table's last N games, newest first (1-{MAX_LAST}; default "
                                                   f"{DEFAULT_LAST}). Not with a one-game parameter."})
    shoe = _id("Baccarat: the shoe's id (as /shoes/{id} names it) of `hand`; default the table's newest shoe")
    hand = _id("Baccarat: one hand, by its number in the shoe")
    round = _id("百人牛牛: one round, by its number at the table")
    match = _id("打棒: the match's id (as /matches/{id} names it) of `deal`; default the table's newest match")
    deal = _id("打棒: one deal, by its number in the match (redeals count)")


class RecallSchema(Schema):
    table = fields.Nested(RecallTableSchema, required=True)
    last = number_field("How many games were asked for (null: one game)", allow_none=True)
    money = fields.Boolean(metadata={"description": "Whether stakes and settlements are included"}, required=True)
    chain = fields.Nested(RecallChainSchema, allow_none=True, metadata={
        "description": "The chain's length when the recall was read (null: no link yet)"})
    hands = fields.List(fields.Nested(RecallBaccaratHandSchema), allow_none=True, metadata={
        "description": "A baccarat table's hands, newest first"})
    rounds = fields.List(fields.Nested(RecallNiuniuRoundSchema), allow_none=True, metadata={
        "description": "A 百人牛牛 table's rounds, newest first"})
    deals = fields.List(fields.Nested(RecallDabangDealSchema), allow_none=True, metadata={
        "description": "An 打棒 table's deals (across its matches), newest first"})


__all__ = ["RecallQuery", "RecallSchema", "RecallDabangDealSchema"]
