"""The banker queue (上庄, 下庄, 超级抢庄), the seats, and a niuniu table's state for an account."""

from __future__ import annotations

from decimal import Decimal

from flask_smorest import Blueprint
from marshmallow import RAISE

from roadsvc.api.auth import requires
from roadsvc.api.context import database, now
from roadsvc.api.docs import error_responses
from roadsvc.api.niuniu.answers import NiuniuQueueAnswer, NiuniuSeatedAnswer, NiuniuStateAnswer, NiuniuStoodAnswer
from roadsvc.api.niuniu.schemas import NiuniuAccountSchema, NiuniuSitSchema, NiuniuStatedSchema, NiuniuStateQuerySchema
from roadsvc.domain.errors import DomainError
from roadsvc.services.capabilities import PLACE_SLIPS, READ
from roadsvc.services.niuniu import banker_seats
from roadsvc.services.niuniu.banker_seats import parse_vip

blp = Blueprint("niuniu_banker_seats", __name__, description="百人牛牛 banker queue, super grab and seats")


def _balance(data: dict, required: bool = True) -> Decimal | None:
    """The stated balance (the schema checked it is an amount)."""
    if data.get("balance") is None:
        if required:
            raise DomainError("invalid_amount", "balance (the account's stated balance) is required", "balance")
        return None
    return Decimal(data["balance"])


@blp.route("/tables/<id:table_id>/banker/apply", methods=["POST"])
@requires(PLACE_SLIPS)
@blp.arguments(NiuniuStatedSchema, example={"account_id": "acct-1001", "balance": "20000.00"})
@blp.response(200, NiuniuQueueAnswer, description="The queue after the application")
@error_responses(401, 403, 404, 409, 422)
def apply(data, table_id):
    """Apply to be banker (上庄): a stated balance of at least the table's banker_min_balance"""
    return banker_seats.apply_banker(database(), table_id, data["account_id"], _balance(data))


@blp.route("/tables/<id:table_id>/banker/step_down", methods=["POST"])
@requires(PLACE_SLIPS)
@blp.arguments(NiuniuAccountSchema)
@blp.response(200, NiuniuQueueAnswer, description="The queue: the banker leaves after the current round")
@error_responses(401, 403, 404, 409, 422)
def step_down(data, table_id):
    """Step down (下庄) after the current round, or leave the queue (a super grab cannot be cancelled)"""
    return banker_seats.step_down(database(), table_id, data["account_id"])


@blp.route("/tables/<id:table_id>/banker/super_grab", methods=["POST"])
@requires(PLACE_SLIPS)
@blp.arguments(NiuniuStatedSchema, example={"account_id": "acct-1001", "vip_level": 3, "balance": "50000.00"})
@blp.response(200, NiuniuQueueAnswer, description="The queue with the grabber first, and the cost the game server charges")
@error_responses(401, 403, 404, 409, 422)
def super_grab(data, table_id):
    """Super grab (超级抢庄): one holder at a time, no cancel; the condition is the table's"""
    return banker_seats.super_grab(database(), table_id, data["account_id"], parse_vip(data.get("vip_level")),
                                   _balance(data, required=False))


@blp.route("/tables/<id:table_id>/seats/sit", methods=["POST"])
@requires(PLACE_SLIPS)
@blp.arguments(NiuniuSitSchema, example={"account_id": "acct-1001", "seat": 2, "balance": "3000.00", "vip_level": 2})
@blp.response(200, NiuniuSeatedAnswer, description="Seated, with the cost the game server charges (a cost condition)")
@error_responses(401, 403, 404, 409, 422)
def sit(data, table_id):
    """Sit in a seat (座位) under the table's condition"""
    return banker_seats.sit(database(), table_id, data["seat"], data["account_id"],
                            parse_vip(data.get("vip_level")), _balance(data))


@blp.route("/tables/<id:table_id>/seats/stand", methods=["POST"])
@requires(PLACE_SLIPS)
@blp.arguments(NiuniuAccountSchema)
@blp.response(200, NiuniuStoodAnswer, description="Stood up")
@error_responses(401, 403, 404, 409, 422)
def stand(data, table_id):
    """Leave a seat"""
    return banker_seats.stand(database(), table_id, data["account_id"])


@blp.route("/tables/<id:table_id>/niuniu/state", methods=["GET"])
@requires(READ)
@blp.arguments(NiuniuStateQuerySchema, location="query", unknown=RAISE)
@blp.response(200, NiuniuStateAnswer, description="Queue, seats, the current round; per account what it may do and why not")
@error_responses(401, 404, 409, 422)
def table_state(args, table_id):
    """A niuniu table's state

    `?account_id=...&vip_level=3&balance=5000.00`: whether the super grab and each seat are
    available to that account, and if not why (super_grab_taken, vip_too_low, balance_too_low,
    seat_taken, already_seated...).
    """
    return banker_seats.table_state(database(), table_id, args.get("account_id"), args.get("vip_level"),
                                    _balance(args, required=False), now())
