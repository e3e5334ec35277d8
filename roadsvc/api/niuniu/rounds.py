"""百人牛牛 rounds: post, read, list (JSON and CSV), open, void, correct, the audit log."""

from __future__ import annotations

from flask import Response
from flask_smorest import Blueprint

from roadsvc.api.auth import requires
from roadsvc.api.context import database, now, principal
from roadsvc.api.docs import error_responses
from roadsvc.api.niuniu.answers import (
    NiuniuAuditAnswer, NiuniuCorrectedAnswer, NiuniuRoundAnswer, NiuniuRoundPageAnswer,
)
from roadsvc.api.niuniu.csv_rows import COLUMNS, rounds_csv
from roadsvc.api.schemas.common import Empty
from roadsvc.api.niuniu.schemas import (
    NiuniuBettingRoundSchema, NiuniuOpenSchema, NiuniuRoundCorrectSchema, NiuniuRoundPostSchema, NiuniuRoundsQuery,
    NiuniuVoidSchema, ROUND_BY_ORDER, ROUND_BY_POSITION,
)
from roadsvc.services.capabilities import CLOSE_BETTING, CORRECT_HANDS, MONITOR, POST_HANDS, READ, VOID_HANDS
from roadsvc.services.errors import DomainError
from roadsvc.services.niuniu import betting, rounds

blp = Blueprint("niuniu_rounds", __name__, description="百人牛牛 rounds: post, open, void, correct, read")



@blp.route("/tables/<id:table_id>/rounds", methods=["POST"])
@requires(POST_HANDS)
@blp.arguments(NiuniuRoundPostSchema, examples={"by dealing order": {"value": ROUND_BY_ORDER},
                                          "by position": {"value": ROUND_BY_POSITION}})
@blp.response(201, NiuniuRoundAnswer, description="Stored: the round with every fourth card null and no type yet")
@blp.alt_response(200, schema=NiuniuRoundAnswer, description="A retry: this round was stored already")
@error_responses(401, 403, 404, 409, 422)
def post_round(data, table_id):
    """Post a round

    By dealing order (the reveal card and the 25 cards as dealt from the first receiver) or by
    position (five hands of five, in the order each received them). The round number makes a retry
    safe: the same round again is 200, other cards at that number 409. A refused round (422) is
    counted for the floor (`refused_rounds`, an operators' `round_refused` event) and changes nothing else.
    """
    written = rounds.post_posted_round(database(), table_id, data)
    return written.round, 201 if written.created else 200


PAGE_DESCRIPTION = "A page of rounds, oldest first; `next_after` continues (?format=csv: text/csv, one row a round)"
CSV_CONTENT = {"text/csv": {"schema": {"type": "string"}, "example": ",".join(COLUMNS) + "\n"}}


@blp.route("/tables/<id:table_id>/rounds", methods=["GET"])
@requires(READ)
@blp.arguments(NiuniuRoundsQuery, location="query", as_kwargs=True)
@blp.response(200, NiuniuRoundPageAnswer)
@blp.doc(responses={"200": {"description": PAGE_DESCRIPTION, "content": {
    "application/json": {"schema": NiuniuRoundPageAnswer}, **CSV_CONTENT}}})
@error_responses(401, 404, 409, 422)
def list_rounds(table_id, after, limit, format):
    """A table's rounds

    `?after=N&limit=L` pages (limit up to 500); `?format=csv` answers CSV. A hand not yet opened
    shows no fourth card and no type.
    """
    page = rounds.list_rounds(database(), table_id, after, limit)
    if format == "csv":
        return Response(rounds_csv(page["rounds"]), mimetype="text/csv", headers={
            "Content-Disposition": f'attachment; filename="table-{table_id}-rounds.csv"'})
    return page


@blp.route("/tables/<id:table_id>/rounds/<id:number>", methods=["GET"])
@requires(READ)
@blp.response(200, NiuniuRoundAnswer, description="The round; a hand not yet opened shows no fourth card and no "
              "type; the round taking bets (no cards yet) with its betting window")
@error_responses(401, 404, 409)
def read_round(table_id, number):
    """A round"""
    return rounds.read_round(database(), table_id, number, now())


@blp.route("/tables/<id:table_id>/rounds/<id:number>/open", methods=["POST"])
@requires(POST_HANDS)
@blp.arguments(NiuniuOpenSchema, example={"position": "player_2"})
@blp.response(200, NiuniuRoundAnswer, description="The round with the opened hands whole; settled once the banker "
              "opens")
@error_responses(401, 403, 404, 409, 422)
def open_round(data, table_id, number):
    """Open hands

    `{"position": "player_2"}` opens that hand; no position (or `banker`) opens every hand still
    closed in the order player_1 ... player_4, banker, and the banker's opening settles the round.
    """
    return rounds.open_round(database(), table_id, number, data.get("position"))


@blp.route("/tables/<id:table_id>/rounds/<id:number>/void", methods=["POST"])
@requires(VOID_HANDS)
@blp.arguments(NiuniuVoidSchema)
@blp.response(200, NiuniuRoundAnswer, description="The voided round; every stake of it goes back")
@error_responses(401, 403, 404, 409, 422)
def void_round(data, table_id, number):
    """Void a round (misdeal) before it settles: audited, stakes back, off the trend road"""
    return rounds.void_round(database(), table_id, number, data["reason"], principal().actor)


@blp.route("/tables/<id:table_id>/rounds/<id:number>/close", methods=["POST"])
@requires(CLOSE_BETTING)
@blp.arguments(Empty, example={}, required=False)
@blp.response(200, NiuniuBettingRoundSchema,
              description="The round taking bets, its betting closed (again: the same answer)")
@error_responses(401, 403, 404, 409, 422)
def close_betting(data, table_id, number):
    """Close betting on the round taking bets (a dealer): final for the round

    A slip after it is refused `betting_closed` (counted as a late slip). The cards posted and the
    round's deadline (`betting_seconds` from its first slip) close it too. 404 for a number that is
    not the round taking bets; 409 `round_dealt` once its cards are posted."""
    return betting.close_betting(database(), table_id, number, now())


@blp.route("/tables/<id:table_id>/rounds/<id:number>/correct", methods=["POST"])
@requires(CORRECT_HANDS)
@blp.arguments(NiuniuRoundCorrectSchema)
@blp.response(200, NiuniuCorrectedAnswer, description="The corrected round and, if it was settled, the "
              "settlements' differences")
@error_responses(401, 403, 404, 409, 422)
def correct_round(data, table_id, number):
    """Correct a round's cards: audited; a settled round is settled again

    The body's `number`, if given, must be the path's (422 `number_mismatch`): a correction meant for
    another round must not land on this one."""
    if data.get("number") is not None and data["number"] != number:
        raise DomainError("number_mismatch", f"the body's number {data['number']} is not the path's round {number}",
                          "number")
    deal = rounds.parse_posted_round(data)
    return rounds.correct_round(database(), table_id, number, deal, data["reason"], principal().actor)


@blp.route("/tables/<id:table_id>/rounds/audit", methods=["GET"])
@requires(MONITOR)
@blp.response(200, NiuniuAuditAnswer(many=True), description="Every void, correction and leave of the table's "
              "rounds, oldest first")
@error_responses(401, 403, 404, 409)
def audit_log(table_id):
    """The rounds' audit log (pit boss: it holds cards never opened)"""
    return rounds.audit_log(database(), table_id)
