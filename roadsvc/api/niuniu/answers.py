"""百人牛牛's answers, described for the OpenAPI document (`Answer`: the service's dict as it is, every field
kept, roadsvc.api.schemas.answers). A hand not yet opened shows its fourth card as null and no type."""

from __future__ import annotations

from marshmallow import fields

from roadsvc.api.schemas.answers import Answer

DATE_TIME = {"format": "date-time"}


def text(description: str = "", **kwargs) -> fields.String:
    return fields.String(metadata={"description": description} if description else {}, **kwargs)


def count(description: str = "", **kwargs) -> fields.Integer:
    return fields.Integer(metadata={"description": description} if description else {}, **kwargs)


def moment(description: str = "", **kwargs) -> fields.String:
    return fields.String(metadata={**DATE_TIME, "description": description}, **kwargs)


def by_name(values, description: str, **kwargs) -> fields.Dict:
    return fields.Dict(keys=fields.String(), values=values, metadata={"description": description}, **kwargs)


class NiuniuHandAnswer(Answer):
    cards = fields.List(fields.String(allow_none=True), required=True,
                        metadata={"description": "Five codes in the order received; the fourth null until open"})
    open = fields.Boolean(required=True)
    type = text("The hand's type once open (no_bull, bull_1 ... bull_bull, ...)", required=True, allow_none=True)
    multiple = count("The type's multiple once open", required=True, allow_none=True)


class NiuniuRoundAnswer(Answer):
    number = count(required=True)
    phase = text("betting, dealt, opening, settled or voided", required=True)
    opened = fields.List(fields.String(), required=True, metadata={"description": "The positions opened, in order"})
    reveal = text("The reveal card (亮牌)", allow_none=True)
    first_receiver = text("The position that received the first card", allow_none=True)
    hands = by_name(fields.Nested(NiuniuHandAnswer), "Per position (banker, player_1 ... player_4); null while "
                    "taking bets", required=True, allow_none=True)
    results = by_name(fields.String(), "Per area: win or lose, once the banker is open", required=True,
                      allow_none=True)
    void_reason = text(allow_none=True)
    banker_account = text("The account that banked the round (none: the house)", allow_none=True)
    created_at = moment(required=True)
    settled_at = moment(allow_none=True)
    betting_open = fields.Boolean(metadata={"description": "While taking bets: whether a slip is still taken"})
    betting_closes_at = moment("While taking bets: betting_seconds after its first slip")
    betting_closed_by = text("While taking bets: null while open; deadline, dealer or cards", allow_none=True)


class NiuniuCorrectedAnswer(NiuniuRoundAnswer):
    differences = by_name(fields.String(), "Per account (and banker) how the net changed: after - before, where "
                          "it changed (a settled round settled again)", required=True)


class NiuniuRoundPageAnswer(Answer):
    rounds = fields.List(fields.Nested(NiuniuRoundAnswer), required=True)
    next_after = count("`after` for the next page (none: the last)", required=True, allow_none=True)


class NiuniuAuditAnswer(Answer):
    id = count(required=True)
    round = count(required=True)
    action = text("void, correction or leave", required=True)
    actor = text(required=True)
    at = moment(required=True)
    before = fields.Dict(allow_none=True, metadata={"description": "The round before (its cards whole)"})
    after = fields.Dict(allow_none=True, metadata={"description": "The round after; a leave: what was refunded"})
    reason = text(allow_none=True)


class NiuniuRefundAnswer(Answer):
    slip_id = count(required=True)


class NiuniuLeaveAnswer(Answer):
    round = count(required=True)
    account_id = text(required=True)
    refunded = fields.List(fields.Nested(NiuniuRefundAnswer), required=True)
    settles_as_normal = fields.Boolean(required=True, metadata={"description": "A hand was opened: the slips "
                                                                              "settle as normal"})


class NiuniuSettledBetAnswer(Answer):
    area = text(required=True)
    stake = text(required=True)
    outcome = text("win, lose or refunded", required=True)
    multiple = count(allow_none=True)
    commission = text()
    net = text(required=True)


class NiuniuAccountSettlementAnswer(Answer):
    bets = fields.List(fields.Nested(NiuniuSettledBetAnswer), required=True)
    net = text("The account's net for the round", required=True)


class NiuniuBankerNetAnswer(Answer):
    account_id = text("The banker (none: the house)", allow_none=True)
    net = text(required=True)


class NiuniuSettlementAnswer(Answer):
    round = count(required=True)
    phase = text("settled or voided", required=True)
    accounts = by_name(fields.Nested(NiuniuAccountSettlementAnswer), "Per account", required=True)
    banker = fields.Nested(NiuniuBankerNetAnswer, required=True)


class NiuniuBankerAnswer(Answer):
    account_id = text(required=True)
    super = fields.Boolean(required=True, metadata={"description": "Banker by a super grab"})
    rounds_served = count(required=True)
    stepping_down = fields.Boolean(required=True)


class NiuniuQueueAnswer(Answer):
    banker = fields.Nested(NiuniuBankerAnswer, required=True, allow_none=True)
    queue = fields.List(fields.String(), required=True, metadata={"description": "The accounts waiting, in order"})
    super_grab_holder = text(required=True, allow_none=True)
    cost = text("A super grab: the cost the game server charges")


class NiuniuSeatedAnswer(Answer):
    seat = count(required=True)
    account_id = text(required=True)
    cost = text("The cost the game server charges (a cost condition; else 0.00)", required=True)


class NiuniuStoodAnswer(Answer):
    account_id = text(required=True)
    seated = fields.Boolean(required=True)


class NiuniuSeatAnswer(Answer):
    seat = count(required=True)
    account_id = text(required=True, allow_none=True)


class NiuniuStateAnswer(Answer):
    table_id = count(required=True)
    revision = count(required=True)
    queue = fields.Nested(NiuniuQueueAnswer, required=True)
    round = fields.Dict(required=True, allow_none=True, metadata={"description": "The round now: number, phase "
                        "(and while taking bets betting_open, betting_closes_at, betting_closed_by); none before "
                        "the first"})
    seats = fields.List(fields.Nested(NiuniuSeatAnswer), required=True)
    super_grab = fields.Dict(required=True, metadata={"description": "condition, cost, held"})
    for_account = fields.Dict(metadata={"description": "With ?account_id: super_grab {available, reason} and per "
                                                       "seat whether it is open to the account and if not why"})


class NiuniuAreaTrendAnswer(Answer):
    results = fields.List(fields.String(), required=True, metadata={"description": "win or lose, oldest first"})
    types = fields.List(fields.String(), required=True)
    wins = by_name(fields.Integer(), "Wins over the last 10, 20, 50 and all rounds", required=True)
    type_counts = by_name(fields.Integer(), "Rounds of each type", required=True)


class NiuniuBankerTrendAnswer(Answer):
    types = fields.List(fields.String(), required=True)
    type_counts = by_name(fields.Integer(), "Rounds of each type", required=True)


class NiuniuTrendAnswer(Answer):
    table_id = count(required=True)
    revision = count(required=True)
    rounds = fields.List(fields.Integer(), required=True, metadata={"description": "The settled rounds' numbers"})
    areas = by_name(fields.Nested(NiuniuAreaTrendAnswer), "Per area (player_1 ... player_4)", required=True)
    banker = fields.Nested(NiuniuBankerTrendAnswer, required=True)
