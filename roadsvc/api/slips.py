"""`POST /api/v1/tables/{id}/slips`: one URL for every game's slips, sent to the table's game.

A baccarat table takes baccarat's slip (client_slip_id, account_range, bets by bet code); a niuniu table
a 百人牛牛 slip (round, account_id, balance, bets by area). The body is checked by the table's game's
schema, so its refusals are that game's. A game without slips here is a 409 `wrong_game`; so is another
game's slip (a body its schema refuses that the other game's takes: a 百人牛牛 slip sent to a baccarat
table is told the table is baccarat's, not that client_slip_id is missing).
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
from roadsvc.api.niuniu.schemas import NiuniuSlipAnswerSchema, NiuniuSlipSchema
from roadsvc.domain.games import BACCARAT, NIUNIU
from roadsvc.services.capabilities import PLACE_SLIPS
from roadsvc.services.errors import NotFound
from roadsvc.services.games import WrongGame

blp = Blueprint("slips", __name__, description="Slips: a game server's bets, for the table's game")

GAMES: dict[str, tuple[type[ma.Schema], Callable[[dict, int], Any]]] = {
    BACCARAT: (SlipSchema, baccarat_bets.place_slip),
    NIUNIU: (NiuniuSlipSchema, niuniu_slips.place_slip),
}
SHARED_FIELDS = {"client_slip_id", "account_id", "bets"}  # in every game's slip
BODY_DOC = {"required": True, "content": {"application/json": {
    "schema": {"oneOf": [SlipSchema, NiuniuSlipSchema]},
    "examples": {"baccarat": {"value": baccarat_bets.SLIP_EXAMPLE},
                 "niuniu": {"value": {"round": 8, "account_id": "acct-1001", "balance": "1000.00",
                                      "bets": [{"area": "player_1", "stake": "10.00"}]}}}}}}


@blp.route("/tables/<id:table_id>/slips", methods=["POST"])
@requires(PLACE_SLIPS)
@blp.doc(requestBody=BODY_DOC)
@blp.doc(responses={"201": {"description": "Taken (baccarat: each bet accepted or refused, SlipAnswer; 百人牛牛: "
                                           "the slip taken whole, NiuniuSlipAnswer)", "content": {"application/json": {
    "schema": {"oneOf": [SlipAnswerSchema, NiuniuSlipAnswerSchema]}}}}})
@blp.doc(responses={"200": {"description": "A retry: the stored answer of this client_slip_id (every game)",
                            "content": {"application/json": {"schema": {"oneOf": [SlipAnswerSchema,
                                                                                  NiuniuSlipAnswerSchema]}}}}})
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
    return handler(_load(schema, table_id, game), table_id)


def _load(schema: type[ma.Schema], table_id: int, game: str) -> dict:
    body = request.get_json(silent=True)
    if body is None:
        abort(400, messages={"json": ["the body is not valid JSON"]})
    try:
        return schema().load(body)
    except ma.ValidationError as error:
        if _another_games_slip(body, game):
            raise WrongGame(table_id, game) from None
        abort(422, messages={"json": error.messages})


def _another_games_slip(body: object, game: str) -> bool:
    """Does the body, refused by `game`'s schema, carry another game's slip (every field that game
    requires, and none of `game`'s own)?"""
    if not isinstance(body, dict) or (set(GAMES[game][0]().fields) - SHARED_FIELDS) & set(body):
        return False
    return any(other != game and {name for name, field in schema().fields.items() if field.required} <= set(body)
               for other, (schema, _) in GAMES.items())
