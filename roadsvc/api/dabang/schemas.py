"""打棒's request bodies. Fields arrive as sent and the rules check them (each refusal a stable code
and the field): a draw that is not three decks, a seat that is not 1-4, a card code that is not a card."""

from __future__ import annotations

from marshmallow import fields, validate

from roadsvc.api.schemas.common import SEATS, StrictSchema, name, seat

SEAT = {"description": "The seat, 1-4 (team A: 1 and 3; team B: 2 and 4)", "example": 2}
CARDS = {"description": "Card codes: AS ... KD, BJ 大王, SJ 小王", "example": ["AH", "AH"]}


def raw(required: bool = False, **metadata) -> fields.Raw:
    return fields.Raw(required=required, allow_none=not required, metadata=metadata)


PLAYERS = fields.Dict(keys=fields.String(validate=validate.OneOf([str(n) for n in SEATS])), values=name(),
                      required=True, metadata={"description": "The four seats' players (names: no invisible "
                                               "characters)", "example": {"1": "Li", "2": "Wang", "3": "Zhao",
                                                                          "4": "Chen"}})


class MatchSchema(StrictSchema):
    players = PLAYERS
    time_limit_minutes = raw(description="The time limit (default 90)", example=90)


class SlotMatchSchema(StrictSchema):
    table_id = raw(True, description="The 打棒 table the match is played at", example=3)
    time_limit_minutes = raw(description="The time limit (default 90)", example=90)


class DealSchema(StrictSchema):
    draw = raw(True, description="The 162 codes in the order drawn (exactly three 54-card decks)",
               example=["BJ", "3S", "KH", "..."])
    first_drawer = seat(required=True, metadata={"description": "The seat that drew first (on later deals: the 打家), "
                                                                "1-4", "example": 1})


class DeclarationSchema(StrictSchema):
    seat = raw(True, **SEAT)
    cards = raw(True, description="The cards shown: one 大王 on the first deal; later 1-3 identical 混牌, or "
                "three 小王 / 大王", example=["5H", "5H"])
    at = raw(True, description="How many cards (all seats) had been drawn when they were shown", example=37)
    suit = raw(description="The suit three jokers name (S H C D)", example="H")


class TrumpSchema(StrictSchema):
    drawn_from_bottom = raw(description="When nobody declared: the bottom's cards turned, in order (first deal: "
                            "one per seat from the first drawer, then the joker's seat's further cards)",
                            example=["SJ", "7D"])


class BurySchema(StrictSchema):
    seat = raw(True, **SEAT)
    cards = raw(True, description="The six cards the 打家 buries", example=["4C", "6C", "KD", "5S", "BJ", "7D"])


class BuryJokersSchema(StrictSchema):
    seat = raw(True, **SEAT)
    jokers = raw(True, description="The jokers buried (大王 first); [] passes", example=["BJ"])
    take = raw(True, description="The bottom's smallest non-point cards taken back, one per joker", example=["4C"])


class PlaySchema(StrictSchema):
    seat = raw(True, **SEAT)
    cards = raw(True, **CARDS)


class TeamSchema(StrictSchema):
    players = fields.List(name(), required=True, validate=validate.Length(2, 2), metadata={"example": ["Li", "Zhao"]})
    name = name(required=True, metadata={"example": "East"})  # after players: from here `name` is this field


class TournamentSchema(StrictSchema):
    name = name(required=True, metadata={"description": "The event's name", "example": "Winter cup"})
    teams = fields.List(fields.Nested(TeamSchema), required=True, validate=validate.Length(2, 128),
                        metadata={"description": "The teams of two", "example": [
                            {"name": "East", "players": ["Li", "Zhao"]}, {"name": "West", "players": ["Wang", "Chen"]}]})
