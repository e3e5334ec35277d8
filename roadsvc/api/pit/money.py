"""The house's money (issue 24), for keys with `read_money`: a table's shift and current shoe,
a shoe. The shift report is in roadsvc.api.pit.reports."""

from __future__ import annotations

import marshmallow as ma
from flask import request
from flask_smorest import Blueprint
from marshmallow import fields

from roadsvc.api.auth import requires
from roadsvc.api.context import database, floor_clock
from roadsvc.api.docs import error_responses
from roadsvc.persistence.models import utcnow
from roadsvc.services import tables
from roadsvc.services.baccarat import shoes
from roadsvc.services.pit import money
from roadsvc.services.capabilities import READ_MONEY

blp = Blueprint("money", __name__, description="The house's money: turnover, win, hold, by table, shoe and shift")

FIGURES_EXAMPLE = {"turnover": "12500.00", "win": "830.00", "hold": 0.0664, "expected_hold": 0.0121, "bets": 41,
                   "accounts": 7, "largest_bet": "2000.00", "largest_win": "1900.00",
                   "by_bet": {"banker": "7000.00", "player": "5000.00", "tie": "500.00"}}


SHIFT_PARAMETERS = [
    {"in": "query", "name": "date", "schema": {"type": "string", "format": "date"},
     "description": "The shift's day (YYYY-MM-DD, the floor's time zone); with `shift`"},
    {"in": "query", "name": "shift", "schema": {"type": "string", "pattern": "^[0-9]{4}$"},
     "description": "The shift's start, HHMM (0600, 1400, 2200 by default); the current shift by default"}]


class ShiftSchema(ma.Schema):
    date = fields.String(metadata={"example": "2026-11-25"})
    shift = fields.String(metadata={"example": "1400"})
    time_zone = fields.String(metadata={"example": "Asia/Macau"})
    begins = fields.String()
    ends = fields.String()


class ShoeMoneySchema(ma.Schema):
    shoe_id = fields.Integer()
    money = fields.Dict(metadata={"description": "turnover, win, hold, expected_hold, bets, accounts, largest_bet, "
                                                 "largest_win, by_bet (amounts as decimal strings)"})
    running_win = fields.List(fields.Dict(), metadata={"description": "{hand, win} after each counted hand"})
    hand_in_play = fields.Dict(metadata={"description": "{hand_number, open_bets by bet}"})


class TableShoeMoneySchema(ShoeMoneySchema):
    id = fields.Integer()
    number = fields.Integer()


class TableMoneySchema(ma.Schema):
    table_id = fields.Integer()
    shift = fields.Nested(ShiftSchema)
    money = fields.Dict(metadata={"description": "The table's figures in the shift"})
    shoe = fields.Nested(TableShoeMoneySchema, allow_none=True, metadata={"description": "Its newest shoe's money"})


def chosen_shift():
    """?date=YYYY-MM-DD&shift=HHMM, or the shift running now."""
    clock = floor_clock()
    if "date" in request.args or "shift" in request.args:
        return clock.shift_named(request.args.get("date", ""), request.args.get("shift", ""))
    return clock.shift_at(utcnow())


@blp.route("/tables/<id:table_id>/money", methods=["GET"])
@requires(READ_MONEY, parameters=SHIFT_PARAMETERS)
@blp.response(200, TableMoneySchema, example={"table_id": 3, "shift": {"date": "2026-11-25", "shift": "1400", "time_zone": "Asia/Macau",
                                                     "begins": "2026-11-25T06:00:00+00:00",
                                                     "ends": "2026-11-25T14:00:00+00:00"},
                            "money": FIGURES_EXAMPLE, "shoe": {"id": 12, "number": 7}})
@error_responses(401, 403, 404, 422)
def table_money(table_id):
    """A table's money

    The table's money in a shift (`?date=2026-11-25&shift=1400`; the current shift by default):
    turnover, the house's win, hold (win / turnover), the hold the exact house edges expect for
    the same bets, bets, accounts, the largest bet, the largest win (one account, one hand),
    turnover by bet; and its newest shoe's money, running win and the bets on the hand in play.
    A 百人牛牛 table's figures are its rounds settled in the shift (turnover by area; at a table a
    player banks, the house's win is the commission only) and its `shoe` is null.
    """
    tables.get_table(database(), table_id)
    shift = chosen_shift()
    answer = {"table_id": table_id, "shift": money.shift_json(shift, floor_clock().zone_name),
              "money": money.table_shift_money(database(), table_id, shift), "shoe": None}
    found = shoes.list_shoes(database(), table_id)
    if found:
        shoe = found[0].shoe
        answer["shoe"] = {"id": shoe.id, "number": shoe.number,
                          **money.shoe_money_json(money.shoe_money(database(), shoe.id))}
    return answer


@blp.route("/shoes/<id:shoe_id>/money", methods=["GET"])
@requires(READ_MONEY)
@blp.response(200, ShoeMoneySchema, example={"shoe_id": 12, "money": FIGURES_EXAMPLE,
                            "running_win": [{"hand": 1, "win": "100.00"}, {"hand": 2, "win": "-850.00"}],
                            "hand_in_play": {"hand_number": 3, "open_bets": {"banker": {"stake": "500.00", "bets": 2}}}})
@error_responses(401, 403, 404)
def shoe_money(shoe_id):
    """A shoe's money

    The shoe's money (as a table's), the house's running win after each counted hand, and the
    bets open on the hand in play by bet.
    """
    shoes.get_shoe(database(), shoe_id)
    return {"shoe_id": shoe_id, **money.shoe_money_json(money.shoe_money(database(), shoe_id))}
