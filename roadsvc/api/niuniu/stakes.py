"""`GET /tables/{id}/niuniu/stakes`: the stakes of the round in play, per area (issue 34)."""

from __future__ import annotations

from flask_smorest import Blueprint
from marshmallow import fields

from roadsvc.api.auth import requires
from roadsvc.api.context import database, now
from roadsvc.api.docs import error_responses
from roadsvc.api.niuniu.answers import by_name, count, moment, text
from roadsvc.api.schemas.answers import Answer
from roadsvc.services.capabilities import READ
from roadsvc.services.niuniu import stakes

blp = Blueprint("niuniu_stakes", __name__, description="百人牛牛: the stakes of the round in play, per area")


class NiuniuAreaStakesAnswer(Answer):
    stake = text("The area's stakes on the round, a decimal string", required=True)
    slips = count("The slips with a bet on the area", required=True)


class NiuniuRoundStakesAnswer(Answer):
    number = count(required=True)
    phase = text("betting (no cards yet), dealing or opening", required=True)
    betting_open = fields.Boolean(required=True, metadata={"description": "Whether a slip is still taken"})
    betting_closes_at = moment("While taking bets: its deadline", required=True, allow_none=True)
    areas = by_name(fields.Nested(NiuniuAreaStakesAnswer), "Per area (player_1 ... player_4), every area",
                    required=True)
    total = fields.Nested(NiuniuAreaStakesAnswer, required=True,
                          metadata={"description": "The round's stakes and its open slips"})


class NiuniuStakesAnswer(Answer):
    table_id = count(required=True)
    round = fields.Nested(NiuniuRoundStakesAnswer, required=True, allow_none=True,
                          metadata={"description": "The round in play; null when none"})


@blp.route("/tables/<id:table_id>/niuniu/stakes", methods=["GET"])
@requires(READ)
@blp.response(200, NiuniuStakesAnswer, example={
    "table_id": 7, "round": {"number": 12, "phase": "betting", "betting_open": True,
                             "betting_closes_at": "2026-11-28T06:00:15+00:00",
                             "areas": {"player_1": {"stake": "110.00", "slips": 2},
                                       "player_2": {"stake": "0.00", "slips": 0},
                                       "player_3": {"stake": "20.00", "slips": 1},
                                       "player_4": {"stake": "5.00", "slips": 1}},
                             "total": {"stake": "135.00", "slips": 3}}})
@error_responses(401, 403, 404, 409)
def round_stakes(table_id):
    """The stakes of the round in play

    The round taking bets (from its first slip, its window open or closed, no cards yet), else the newest
    round dealt and not yet settled: each area's total stake and the slips with a bet on it, and the
    round's totals, from its open slips (a leaver's refunded slips are not counted). Null once the newest
    round is settled or voided and no slip came for the next. Totals only: no account, no card.
    """
    return stakes.stakes_in_play(database(), table_id, now())
