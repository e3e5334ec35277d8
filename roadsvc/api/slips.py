"""`POST /api/v1/tables/{id}/slips`: one URL for every game's slips, sent to the table's game.

A baccarat table takes baccarat's slip (client_slip_id, account_range, bets by bet code); a niuniu table
a 百人牛牛 slip (round, account_id, balance, bets by area). The body is checked by the table's game's
schema, so its refusals are that game's. A game without slips here is a 409 `wrong_game`.
"""

from __future__ import annotations

from typing import Any, Callable

import marshmallow as ma
from flask import request
from flask_smorest import Blueprint, abort

from roadsvc.api.auth import requires
from roadsvc.api.baccarat import bets as baccarat_bets
from roadsvc.api.baccarat.schemas.bets import SlipAnswerSchema, SlipSchema
from roadsvc.api.context import table_games
from roadsvc.api.docs import error_responses
from roadsvc.api.niuniu import slips as niuniu_slips
from roadsvc.api.niuniu.schemas import NiuniuSlipSchema
from roadsvc.domain.games import BACCARAT, NIUNIU
from roadsvc.services.capabilities import PLACE_SLIPS
from roadsvc.services.errors import NotFound
from roadsvc.services.games import WrongGame

blp = Blueprint("slips", __name__, description="Slips: a game server's bets, for the table's game")

GAMES: dict[str, tuple[type[ma.Schema], Callable[[dict, int], Any]]] = {
    BACCARAT: (SlipSchema, baccarat_bets.place_slip),
    NIUNIU: (NiuniuSlipSchema, niuniu_slips.place_slip),
}
BODY_DOC = {"required": True, "content": {"application/json": {
    "schema": {"oneOf": [SlipSchema, NiuniuSlipSchema]},
    "examples": {"baccarat": {"value": baccarat_bets.SLIP_EXAMPLE},
                 "niuniu": {"value": {"round": 8, "account_id": "acct-1001", "balance": "1000.00",
                                      "bets": [{"area": "player_1", "stake": "10.00"}]}}}}}}


@blp.route("/tables/<id:table_id>/slips", methods=["POST"])
@requires(PLACE_SLIPS)
@blp.doc(requestBody=BODY_DOC)
@blp.response(201, description="Taken (baccarat: each bet accepted or refused, the answer's schema is "
                               "SlipAnswer; niuniu: the slip taken whole)")
@blp.alt_response(200, schema=SlipAnswerSchema, description="Baccarat: a retry, the stored answer of this "
                                                            "client_slip_id")
@error_responses(401, 403, 404, 409, 422)
def place_slip(table_id):
    """Place a slip

    Baccarat: `{"client_slip_id", "account_id", "account_range", "bets": [{"bet", "stake"}]}`, each bet
    accepted or refused with its reason (docs/game-servers.md). 百人牛牛: `{"round", "account_id",
    "balance", "bets": [{"area", "stake"}]}` while the round's betting is open (docs/niuniu.md).
    """
    game = table_games().game_of(table_id)
    if game is None:
        raise NotFound("table_not_found", f"no table {table_id}", "table_id")
    if game not in GAMES:
        raise WrongGame(table_id, game)
    schema, handler = GAMES[game]
    return handler(_load(schema), table_id)


def _load(schema: type[ma.Schema]) -> dict:
    body = request.get_json(silent=True)
    if body is None:
        abort(400, messages={"json": ["the body is not valid JSON"]})
    try:
        return schema().load(body)
    except ma.ValidationError as error:
        abort(422, messages={"json": error.messages})
