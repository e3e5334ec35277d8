"""打棒's answers, described for the OpenAPI document (`Answer`: the service's dict as it is, every field
kept, roadsvc.api.schemas.answers)."""

from __future__ import annotations

from marshmallow import fields

from roadsvc.api.schemas.answers import Answer


def obj(description: str, **kwargs) -> fields.Dict:
    return fields.Dict(metadata={"description": description}, **kwargs)


def text(description: str = "", **kwargs) -> fields.String:
    return fields.String(metadata={"description": description}, **kwargs)


def count(description: str = "", **kwargs) -> fields.Integer:
    return fields.Integer(metadata={"description": description}, **kwargs)


TRIBUTE = "喝血 and 还贡: from_seat, to_seat, blood, count, returned; the cards (cards, returned_cards) only " \
          "for keys that read hidden cards"


class DabangMatchAnswer(Answer):
    id = count(required=True)
    table_id = count(required=True)
    players = fields.Dict(keys=fields.String(), values=fields.String(), required=True)
    teams = fields.Dict(keys=fields.String(), values=fields.List(fields.Integer()), required=True)
    levels = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True)
    holder = text("The team holding the deal (A or B)", allow_none=True)
    dealer_seat = count("The 打家", allow_none=True)
    trump = text("The trump suit (S H C D)", allow_none=True)
    level_card = text("The 混牌's rank", allow_none=True)
    started_at = text("ISO 8601")
    ends_at = text("ISO 8601: the time limit")
    time_limit_minutes = count()
    time_left_seconds = count(allow_none=True)
    winner = text("A or B (none while under way, or when stopped without one)", allow_none=True)
    reason = text("passed_ten, time_limit, three_jokers, zero_points, four_hundred_points, stopped", allow_none=True)
    ended_at = text("ISO 8601", allow_none=True)
    revision = count()
    current_deal = obj("The deal under way: number, phase, level, trump, dealer_seat, holder, dry_pot, bottom_shown, "
                       "bottom, bottom_count, tribute, hand_counts, turn, declarations, current_trick, last_trick, "
                       "points; hands and a hidden bottom only for keys that read hidden cards", allow_none=True)
    current_trick = obj("The trick being played: plays", allow_none=True)
    deals = fields.List(fields.Dict(), metadata={"description": "Each finished deal's road entry"})
    tournament = obj("id, round, index of a bracket match", allow_none=True)


class DabangDealAnswer(Answer):
    match_id = count(required=True)
    number = count("The deal's number in the match", required=True)
    first_drawer = count(required=True)
    dealer_seat = count("The 打家 (none on the first deal until 抢亮 decides)", allow_none=True)
    level = count(required=True)
    blood = count("The tribute's count (喝血)", required=True)


class DabangDeclarationAnswer(Answer):
    declaration = obj("seat, cards, at, suit, kind (qiangliang, declare, override, reinforce)", required=True)


class DabangPhaseAnswer(Answer):
    phase = text("tribute_return, burying, burying_jokers, playing, or redeal", required=True)
    trump = text()
    level = count()
    dealer_seat = count()
    holder = text()
    dry_pot = fields.Boolean(allow_none=True, metadata={"description": "干锅 (none until the bottom is shown)"})
    bottom_shown = fields.Boolean()
    bottom = fields.List(fields.String(), allow_none=True, metadata={"description": "Its cards when shown"})
    tribute = obj(TRIBUTE)
    turn = count("Whose move it is", allow_none=True)
    result = obj("A redeal's road entry")


class DabangPlayAnswer(Answer):
    seat = count(required=True)
    cards = fields.List(fields.String(), required=True)
    trick = obj("plays so far; winner and points once complete", required=True)
    turn = count("The next seat to play", allow_none=True)
    deal_over = fields.Boolean(required=True)
    result = obj("The deal's road entry after its last card")


class DabangTournamentAnswer(Answer):
    id = count(required=True)
    name = text(required=True)
    teams = fields.List(fields.Dict(), metadata={"description": "name, players"})
    draw_order = fields.List(fields.Integer())
    revision = count()
    champion = text(allow_none=True)
    rounds = fields.List(fields.List(fields.Dict()), metadata={
        "description": "Each round's slots: round, index, teams, team_indexes, winner, how, match_id"})
    seating = obj("first_team: seats 1 and 3; second_team: seats 2 and 4")
    created_at = text("ISO 8601", allow_none=True)


ROAD_SCHEMA = {"type": "object", "properties": {
    "match_id": {"type": "integer"}, "levels": {"type": "object"},
    "winner": {"type": "string", "nullable": True}, "reason": {"type": "string", "nullable": True},
    "deals": {"type": "array", "items": {"type": "object", "description": "number, redeal, level, holder, "
              "dealer_seat, trump, points, trick_points, bottom_points, kou_di, dry_pot, tribute_count, blood, "
              "levels_gained, levels_after, instant_win"}}}}
