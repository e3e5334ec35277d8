"""The 百人牛牛 request bodies. Cards, bets and amounts pass through as sent: the domain checks them and
refuses with a stable code and the field (a repeated card, a joker as reveal, too few cards...)."""

from __future__ import annotations

from marshmallow import EXCLUDE, fields, validate

from roadsvc.api.schemas.coded import Coded, CodedOneOf, CodedRange, StrictSchema
from roadsvc.api.schemas.common import (
    Amount,
    PageQuery,
    account_id,
    area,
    card_code,
    cards,
    integer,
    position,
    round_number,
    slip_id,
    text,
)
from roadsvc.domain.niuniu.dealing import POSITIONS
from roadsvc.services.admin_audit import MAX_REASON

POSITION = {"description": "banker, player_1 ... player_4", "example": "player_2"}
ROUND_BY_ORDER = {"number": 7, "reveal": "7S", "cards": ["AS", "2H", "3D", "4C", "5S", "6H", "7D", "8C", "9S",
                                                          "10H", "JD", "QC", "KS", "AH", "2D", "3C", "4S", "5H",
                                                          "6D", "7C", "8S", "9H", "10D", "JC", "BJ"]}
ROUND_BY_POSITION = {"number": 7, "hands": {"banker": ["AS", "2H", "3D", "4C", "5S"],
                                            "player_1": ["6H", "7D", "8C", "9S", "10H"],
                                            "player_2": ["JD", "QC", "KS", "AH", "2D"],
                                            "player_3": ["3C", "4S", "5H", "6D", "7C"],
                                            "player_4": ["8S", "9H", "10D", "JC", "BJ"]}}


VIP_INVALID = {"invalid": Coded("vip_level is a whole number, 0 to 1000", "invalid_vip_level")}


MAX_POSTED_CARDS = 30  # 25 dealt; how many a round takes is the rules' to say (with its own code)

NiuniuHandsSchema = StrictSchema.from_dict(
    {each: cards(0, MAX_POSTED_CARDS, metadata={"description": f"{each}'s five cards in the order received"})
     for each in POSITIONS}, name="NiuniuHands")


class NiuniuRoundPostSchema(StrictSchema):
    number = integer(1, 10_000_000, metadata={"description": "The round's number: a retry of it is safe"})
    reveal = card_code(metadata={"description": "The reveal card (亮牌), never a joker", "example": "7S"})
    cards = cards(0, MAX_POSTED_CARDS, metadata={"description": "The 25 cards in dealing order, from the first "
                                                                 "receiver"})
    hands = fields.Nested(NiuniuHandsSchema, metadata={"description": "Five hands of five by position, each in the "
                                                                      "order received"})


class NiuniuRoundCorrectSchema(NiuniuRoundPostSchema):
    reason = text(MAX_REASON, required=True, metadata={"example": "reader misread player_3's fifth card"})


class NiuniuOpenSchema(StrictSchema):
    position = position(metadata={**POSITION, "description": "One hand to open; none or banker: all, "
                                                             "in order, and settle"})


class NiuniuVoidSchema(StrictSchema):
    reason = text(MAX_REASON, required=True, metadata={"example": "misdeal: a card exposed"})


class NiuniuBetLineSchema(StrictSchema):
    area = area(required=True)
    stake = Amount(positive=True, required=True, metadata={"example": "10.00"})


class NiuniuSlipSchema(StrictSchema):
    client_slip_id = slip_id(required=True, metadata={"description": "Your id for this slip, unique per table: a "
                          "retry with the same id gets the first answer (200); other bets under it: 409 "
                          "slip_conflict", "example": "gs1-000123"})
    round = round_number(required=True, metadata={"description": "The round the slip bets on", "example": 8})
    account_id = account_id(required=True)
    balance = Amount(required=True, metadata={"description": "The account's stated balance", "example": "1000.00"})
    bets = fields.List(fields.Nested(NiuniuBetLineSchema), required=True, validate=validate.Length(1, 100),
                       metadata={"example": [{"area": "player_1", "stake": "10.00"}]})


class NiuniuSlipAnswerSchema(StrictSchema):
    slip_id = fields.Integer(required=True)
    client_slip_id = fields.String(required=True)
    round = fields.Integer(required=True)
    account_id = fields.String(required=True)
    status = fields.String(required=True, metadata={"example": "open"})
    bets = fields.List(fields.Nested(NiuniuBetLineSchema), required=True)


class NiuniuAccountSchema(StrictSchema):
    account_id = account_id(required=True)


class NiuniuStatedSchema(NiuniuAccountSchema):
    balance = Amount(metadata={"description": "The account's stated balance", "example": "20000.00"})
    vip_level = fields.Integer(validate=CodedRange(0, 1000, "invalid_vip_level"), metadata={"example": 3},
                               error_messages=VIP_INVALID)


class NiuniuSitSchema(NiuniuStatedSchema):
    seat = integer(1, 20, required=True, metadata={"example": 2})


class NiuniuSettlementQuerySchema(StrictSchema):
    """A settlement's query: `?account_id=` keeps that account's bets only (as a baccarat hand's settlement)."""

    account_id = account_id(metadata={"description": "Only this account's bets (the banker's net stays)",
                                      "example": "acct-1001"})


class NiuniuStateQuerySchema(StrictSchema):
    """`niuniu/state`'s query: unknown parameters are refused (422), as a negative or malformed balance."""

    account_id = account_id()
    vip_level = fields.Integer(validate=CodedRange(0, 1000, "invalid_vip_level"), metadata={"example": 3},
                               error_messages=VIP_INVALID)
    balance = Amount(metadata={"description": "The account's stated balance", "example": "5000.00"})


class NiuniuRoundsQuery(PageQuery):
    """`?after=N&limit=L&format=json|csv`: a page of rounds (the shared page parameters), as JSON or CSV."""

    class Meta:
        unknown = EXCLUDE

    format = fields.String(load_default="json", validate=CodedOneOf(["json", "csv"], "invalid_parameter"),
                           metadata={"description": "json (default) or csv"})


class NiuniuBettingRoundSchema(StrictSchema):
    """The round taking bets (no cards yet): `POST .../rounds/{n}/close`, and `GET .../rounds/{n}` then."""

    number = fields.Integer(required=True, metadata={"example": 8})
    phase = fields.String(required=True, metadata={"example": "betting"})
    betting_open = fields.Boolean(required=True)
    betting_closes_at = fields.String(required=True, metadata={"format": "date-time", "description":
                                                               "betting_seconds after the round's first slip"})
    betting_closed_by = fields.String(allow_none=True, required=True,
                                      metadata={"description": "null while open; deadline, dealer or cards"})
    opened = fields.List(fields.String(), required=True, metadata={"example": []})
    hands = fields.Dict(allow_none=True, required=True, metadata={"description": "null: no cards yet"})
    results = fields.Dict(allow_none=True, required=True)
    void_reason = fields.String(allow_none=True, required=True)
    banker_account = fields.String(allow_none=True, required=True)
    created_at = fields.String(required=True, metadata={"format": "date-time"})
    settled_at = fields.String(allow_none=True, required=True, metadata={"format": "date-time"})
