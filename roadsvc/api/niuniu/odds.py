"""`GET /tables/{id}/niuniu/odds`: the exact odds of a 百人牛牛 table's own multiples and commission."""

from __future__ import annotations

from flask_smorest import Blueprint
from marshmallow import fields

from roadsvc.api.auth import requires
from roadsvc.api.context import database
from roadsvc.api.docs import error_responses
from roadsvc.api.schemas.coded import StrictSchema
from roadsvc.services.capabilities import MONITOR
from roadsvc.services.niuniu import odds

blp = Blueprint("niuniu_odds", __name__, description="百人牛牛 exact odds and house edge of a table's settings")

PROBABILITY = {"description": "An exact figure rounded to 12 places, as a decimal string", "example": "0.500000000000"}


class NiuniuTypeOddsSchema(StrictSchema):
    type = fields.String(required=True, metadata={"example": "bull_bull"})
    multiple = fields.Integer(required=True, metadata={"example": 10})
    hands = fields.Integer(required=True, metadata={"description": "Five-card hands of the 54-card deck"})
    probability = fields.String(required=True, metadata=PROBABILITY)
    area_wins_with = fields.String(required=True, metadata={**PROBABILITY, "description": "P(an area wins, with "
                                                                                          "this type)"})
    banker_wins_with = fields.String(required=True, metadata=PROBABILITY)


class NiuniuAreaOddsSchema(StrictSchema):
    win_probability = fields.String(required=True, metadata=PROBABILITY)
    lose_probability = fields.String(required=True, metadata=PROBABILITY)
    won_per_unit = fields.String(required=True, metadata={"description": "Mean amount won per unit staked "
                                                                         "(after commission), over every round"})
    lost_per_unit = fields.String(required=True)
    mean_won_when_winning = fields.String(required=True)
    mean_lost_when_losing = fields.String(required=True)
    ev = fields.String(required=True, metadata={"description": "Expected net per unit staked"})


class NiuniuHouseEdgeSchema(StrictSchema):
    of_stake = fields.String(required=True)
    of_money_changing_hands = fields.String(required=True)
    commission_per_unit = fields.String(required=True)


class NiuniuOddsSchema(StrictSchema):
    table_id = fields.Integer(required=True)
    deck = fields.Integer(required=True, metadata={"example": 54})
    hands = fields.Integer(required=True, metadata={"description": "C(54, 5)"})
    pairs = fields.Integer(required=True, metadata={"description": "Ordered pairs of disjoint hands (an area and "
                                                                   "the banker): C(54, 5) x C(49, 5)"})
    commission_percent = fields.String(required=True, metadata={"example": "5.00"})
    types = fields.List(fields.Nested(NiuniuTypeOddsSchema), required=True)
    areas = fields.Dict(keys=fields.String(), values=fields.Nested(NiuniuAreaOddsSchema), required=True)
    house_edge = fields.Nested(NiuniuHouseEdgeSchema, required=True)
    exact = fields.Dict(keys=fields.String(), values=fields.String(), required=True,
                        metadata={"description": "area_win and area_ev as exact fractions"})


@blp.route("/tables/<id:table_id>/niuniu/odds", methods=["GET"])
@requires(MONITOR)
@blp.response(200, NiuniuOddsSchema)
@error_responses(401, 403, 404, 409)
def table_odds(table_id):
    """The exact odds of the table's multiples and commission

    Counted over every hand of the 54-card deck and every pair of an area's and the banker's hands
    dealt from it (not sampled): each type's probability, an area's chance to beat the banker, the
    mean amounts won and lost per unit staked, each area's EV and the house edge (of the stake, and
    of the money that changes hands). Cached by the settings: a settings change answers the new edge.
    """
    return odds.table_odds(database(), table_id)
