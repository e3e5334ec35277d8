"""History: a shoe's hands with cards and results, as JSON and as CSV."""

from __future__ import annotations

from flask import Response
from flask_smorest import Blueprint

from roadsvc.api.auth import requires
from roadsvc.services.capabilities import READ
from roadsvc.api.context import database
from roadsvc.api.docs import error_responses
from roadsvc.api.baccarat.schemas.hands import HAND_EXAMPLE, HandSchema
from roadsvc.domain.spreadsheets import csv_text
from roadsvc.services.baccarat import hands
from roadsvc.services.baccarat.hands import HandView

blp = Blueprint("history", __name__, description="A shoe's hands, JSON and CSV")

CSV_COLUMNS = (
    "number", "result", "voided", "void_reason", "player_cards", "banker_cards",
    "player_total", "banker_total", "player_pair", "banker_pair", "natural", "created_at",
)
CSV_EXAMPLE = (
    ",".join(CSV_COLUMNS) + "\r\n5,banker,false,,4S 3H,KD 9C,7,9,false,false,true,2026-11-22T05:03:10+00:00\r\n"
)


@blp.route("/shoes/<id:shoe_id>/hands", methods=["GET"])
@requires(READ)
@blp.response(200, HandSchema(many=True), example=[{k: v for k, v in HAND_EXAMPLE.items() if k != "revision"}])
@error_responses(401, 404)
def shoe_hands(shoe_id):
    """A shoe's hands

    Every hand in number order, voided ones included (with their reason).
    """
    return hands.list_hands(database(), shoe_id)


@blp.route("/shoes/<id:shoe_id>/hands.csv", methods=["GET"])
@requires(READ)
@blp.doc(responses={"200": {"description": "One row per hand", "content": {"text/csv": {
    "schema": {"type": "string"}, "example": CSV_EXAMPLE}}}})
@error_responses(401, 404)
def shoe_hands_csv(shoe_id):
    """A shoe's hands as CSV

    Columns: number, result, voided, void_reason, the cards of each side (space separated),
    totals, pairs, natural, created_at.
    """
    body = hands_csv(hands.list_hands(database(), shoe_id))
    return Response(
        body,
        mimetype="text/csv",
        headers={"Content-Disposition": f'attachment; filename="shoe-{shoe_id}-hands.csv"'},
    )


def hands_csv(views: list[HandView]) -> str:
    return csv_text(CSV_COLUMNS, (_csv_row(view) for view in views))


def _csv_row(view: HandView) -> list[str]:
    hand, cards = view.hand, view.hand.get("cards") or {}
    return [
        str(view.number),
        view.result,
        _flag(view.voided),
        view.void_reason or "",
        " ".join(cards.get("player", [])),
        " ".join(cards.get("banker", [])),
        _blank(hand.get("player_total")),
        _blank(hand.get("banker_total")),
        _flag(hand.get("player_pair")),
        _flag(hand.get("banker_pair")),
        _flag(hand.get("natural")),
        view.created_at.isoformat(),
    ]


def _flag(value: bool | None) -> str:
    return "" if value is None else str(bool(value)).lower()


def _blank(value) -> str:
    return "" if value is None else str(value)
