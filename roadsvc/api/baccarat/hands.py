"""Hands: post the next hand of a table's open shoe; void and correct (pit boss); audit log."""

from __future__ import annotations

from flask_smorest import Blueprint

from roadsvc.api.auth import requires
from roadsvc.services.capabilities import CORRECT_HANDS, POST_HANDS, READ, READ_MONEY, VOID_HANDS
from roadsvc.api.context import database, monitor_rules_on, principal
from roadsvc.api.docs import error_responses
from roadsvc.api.baccarat.schemas.hands import (
    HAND_EXAMPLE,
    AuditRecordSchema,
    CorrectSchema,
    HandPostSchema,
    VoidSchema,
    WrittenHandSchema,
)
from roadsvc.services.baccarat import audit, hands
from roadsvc.services.errors import DomainError

blp = Blueprint("hands", __name__, description="Hands: ingest, voids, corrections, audit log")

AUDIT_EXAMPLE = {
    "id": 1,
    "hand_number": 5,
    "action": "void",
    "actor": "pit boss 2 (key 7)",
    "at": "2026-11-22T05:10:00+00:00",
    "before": {"hand": HAND_EXAMPLE["hand"], "voided": False, "void_reason": None},
    "after": {"hand": HAND_EXAMPLE["hand"], "voided": True, "void_reason": "misdeal"},
    "reason": "misdeal",
}


@blp.route("/tables/<id:table_id>/hands", methods=["POST"])
@requires(POST_HANDS)
@blp.arguments(
    HandPostSchema,
    examples={
        "by cards, dealing order": {"value": {"cards": ["4S", "KD", "3H", "9C"], "number": 5, "shoe_id": 12}},
        "by cards, per side": {"value": {"cards": {"player": ["4S", "3H"], "banker": ["KD", "9C"]}}},
        "by result": {"value": {"result": "banker", "banker_pair": False, "player_pair": True}},
    },
)
@blp.response(201, WrittenHandSchema, example=HAND_EXAMPLE, description="Stored as the next hand")
@blp.alt_response(200, schema=WrittenHandSchema, example=HAND_EXAMPLE, description="A retry: this hand was stored already")
@error_responses(401, 403, 404, 409, 422)
def post_hand(data, table_id):
    """Post the next hand

    By cards (the third-card rules and the shoe's card supply are checked) or by result.
    Give `number` (and `shoe_id`) to make retries safe: the same hand at a stored number
    answers 200 with the stored hand, another hand there is a 409. No open shoe, a shoe that
    is no longer current, or the cut card's hand in: 409.
    """
    number, shoe_id = data.pop("number", None), data.pop("shoe_id", None)
    view = hands.ingest(database(), table_id, data, number, shoe_id, rules=monitor_rules_on())
    return view, 201 if view.created else 200


@blp.route("/shoes/<id:shoe_id>/hands/<id:number>/void", methods=["POST"])
@requires(VOID_HANDS)
@blp.arguments(VoidSchema, example={"reason": "misdeal: cards exposed"})
@blp.response(200, WrittenHandSchema, example={**HAND_EXAMPLE, "voided": True, "void_reason": "misdeal: cards exposed"})
@error_responses(401, 403, 404, 409, 422)
def void_hand(data, shoe_id, number):
    """Void a hand

    The hand leaves the roads (its number stays used); an audit record keeps who, when,
    before, after and why.
    """
    return hands.void_hand(database(), shoe_id, number, data["reason"], principal().actor)


@blp.route("/shoes/<id:shoe_id>/hands/<id:number>/correct", methods=["POST"])
@requires(CORRECT_HANDS)
@blp.arguments(CorrectSchema, example={"hand": {"cards": ["4S", "KD", "3H", "9C"]}, "reason": "reader misread"})
@blp.response(200, WrittenHandSchema, example=HAND_EXAMPLE)
@error_responses(401, 403, 404, 409, 422)
def correct_hand(data, shoe_id, number):
    """Correct a hand

    Replace a hand's cards or result. The corrected shoe is checked again (third-card
    rules, card supply); an audit record keeps before, after and why.
    """
    try:
        hand = hands.parse_posted_hand(data["hand"])
    except DomainError as error:
        raise error.at("hand") from None
    return hands.correct_hand(database(), shoe_id, number, hand, data["reason"], principal().actor)


@blp.route("/shoes/<id:shoe_id>/audit", methods=["GET"])
@requires(READ)
@blp.response(200, AuditRecordSchema(many=True), example=[AUDIT_EXAMPLE])
@error_responses(401, 404)
def audit_log(shoe_id):
    """A shoe's audit log

    Every void, correction and round cancel, oldest first. Per-account money (a
    correction's `settlement`, a cancel's `refunded`) only for keys with read_money.
    """
    return audit.audit_log(database(), shoe_id, with_money=principal().can(READ_MONEY))
