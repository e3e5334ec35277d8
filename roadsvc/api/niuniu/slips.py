"""Slips, leaving (逃跑) and the settlement of a niuniu round."""

from __future__ import annotations

from flask_smorest import Blueprint

from roadsvc.api.auth import requires
from roadsvc.api.context import database, now, principal
from roadsvc.api.docs import error_responses
from roadsvc.api.niuniu.answers import NiuniuLeaveAnswer, NiuniuSettlementAnswer
from roadsvc.api.niuniu.schemas import NiuniuAccountSchema, NiuniuSettlementQuerySchema
from roadsvc.services.capabilities import PLACE_SLIPS, READ_MONEY
from roadsvc.services.niuniu import slips

blp = Blueprint("niuniu_slips", __name__, description="百人牛牛 slips, leaving and settlement")


def place_slip(body: dict, table_id: int) -> tuple[dict, int]:
    """A slip on a niuniu table (`POST /tables/{id}/slips` sends a niuniu table's slips here: roadsvc.api.slips)."""
    answer, created = slips.place_slip(database(), table_id, slips.parse_slip(body), now())
    return answer, 201 if created else 200


@blp.route("/tables/<id:table_id>/rounds/<id:number>/leave", methods=["POST"])
@requires(PLACE_SLIPS)
@blp.arguments(NiuniuAccountSchema)
@blp.response(200, NiuniuLeaveAnswer, description="Before any hand is opened the stakes go back; after, settled as normal")
@error_responses(401, 403, 404, 409, 422)
def leave(data, table_id, number):
    """An account leaves a round (逃跑)"""
    return slips.leave(database(), table_id, number, data["account_id"], principal().actor)


@blp.route("/tables/<id:table_id>/rounds/<id:number>/settlement", methods=["GET"])
@requires(READ_MONEY)
@blp.arguments(NiuniuSettlementQuerySchema, location="query")
@blp.response(200, NiuniuSettlementAnswer, description="Per account each bet's outcome and the net; the banker's net")
@error_responses(401, 403, 404, 409, 422)
def settlement(query, table_id, number):
    """A settled round's settlement (exact decimals)

    `?account_id=acct-1001`: that account's bets only (`accounts` holds it alone, or nothing); the
    banker's net stays the round's."""
    return slips.settlement_of(database(), table_id, number, query.get("account_id"))

