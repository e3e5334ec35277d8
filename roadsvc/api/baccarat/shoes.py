"""Shoes: open (the previous one closes), cut card out, close, a table's shoe history."""

from __future__ import annotations

from flask_smorest import Blueprint

from roadsvc.api.auth import requires
from roadsvc.services.capabilities import READ, RUN_SHOES
from roadsvc.api.context import acting, database
from roadsvc.api.docs import error_responses
from roadsvc.api.schemas.common import Empty
from roadsvc.api.baccarat.schemas.shoes import SHOE_EXAMPLE, CutCardSchema, ShoeHistorySchema, ShoeOpenSchema, ShoeSchema
from roadsvc.services.baccarat import shoes

blp = Blueprint("shoes", __name__, description="The shoe's life: open, cut card, close")


@blp.route("/tables/<id:table_id>/shoes", methods=["POST"])
@requires(RUN_SHOES)
@blp.arguments(ShoeOpenSchema, example={"decks": 8, "burn_card": "7H"}, required=False)
@blp.response(201, ShoeSchema, example=SHOE_EXAMPLE)
@error_responses(401, 403, 404, 409, 422)
def open_shoe(data, table_id):
    """Open a new shoe

    The table's previous shoe closes in the same transaction. `burn_card` is the first
    card turned: its value says how many more cards are burned (10, J, Q, K burn 10).
    """
    return shoes.open_shoe(database(), table_id, data["decks"], data.get("burn_card"), acting())


@blp.route("/tables/<id:table_id>/shoes", methods=["GET"])
@requires(READ)
@blp.response(200, ShoeHistorySchema(many=True), example=[{**SHOE_EXAMPLE, "hands": 64, "counted_hands": 63}])
@error_responses(401, 404)
def shoe_history(table_id):
    """A table's shoes

    Newest first, with the hand numbers used and the hands that count.
    """
    return shoes.list_shoes(database(), table_id)


@blp.route("/shoes/<id:shoe_id>", methods=["GET"])
@requires(READ)
@blp.response(200, ShoeSchema, example=SHOE_EXAMPLE)
@error_responses(401, 404)
def get_shoe(shoe_id):
    """Read a shoe

    Its table, number, decks, burn, status, last hand and revision.
    """
    return shoes.get_shoe(database(), shoe_id)


@blp.route("/tables/<id:table_id>/shoes/<id:shoe_id>/cut-card", methods=["POST"])
@requires(RUN_SHOES)
@blp.arguments(CutCardSchema, example={"last_hand": 61}, required=False)
@blp.response(200, ShoeSchema, example={**SHOE_EXAMPLE, "last_hand": 61, "revision": 62})
@error_responses(401, 403, 404, 409, 422)
def cut_card(data, table_id, shoe_id):
    """The cut card is out

    The hand in play is the shoe's last: by default the next hand to be posted; after
    it, no hand is accepted.
    """
    return shoes.mark_cut_card(database(), table_id, shoe_id, data.get("last_hand"), acting())


@blp.route("/tables/<id:table_id>/shoes/<id:shoe_id>/close", methods=["POST"])
@requires(RUN_SHOES)
@blp.arguments(Empty, example={}, required=False)
@blp.response(200, ShoeSchema, example={**SHOE_EXAMPLE, "status": "closed", "closed_at": "2026-11-22T05:50:00+00:00"})
@error_responses(401, 403, 404, 409, 422)
def close_shoe(data, table_id, shoe_id):
    """Close a shoe

    No more hands; its roads stay readable. Opening a new shoe closes the previous one too.
    """
    return shoes.close_shoe(database(), table_id, shoe_id, acting())
