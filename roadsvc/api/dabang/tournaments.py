"""打棒 tournaments: a knockout drawn at random, a match created from a bracket slot, the bracket."""

from __future__ import annotations

from flask_smorest import Blueprint

from roadsvc.api.auth import requires
from roadsvc.api.context import database
from roadsvc.api.dabang import now
from roadsvc.api.dabang.answers import DabangMatchAnswer, DabangTournamentAnswer
from roadsvc.api.dabang.schemas import (
    MAX_TEAMS, DabangMatchListQuery, DabangTournamentPageSchema, SlotMatchSchema, TournamentSchema,
)
from roadsvc.api.docs import error_responses
from roadsvc.services.capabilities import DABANG_MATCHES, READ
from roadsvc.services.dabang import tournaments

blp = Blueprint("dabang_tournaments", __name__, description="打棒 tournaments: knockout brackets")

MAX_BRACKET_ROUNDS = (MAX_TEAMS - 1).bit_length()  # the path's round (1-7) and slot (0-63), typed for the document
MAX_BRACKET_SLOT = MAX_TEAMS // 2 - 1
TOURNAMENT_EXAMPLE = {"id": 2, "name": "Winter cup", "champion": None, "revision": 1,
                      "teams": [{"name": "East", "players": ["Li", "Zhao"]}, {"name": "West", "players": ["Wang", "Chen"]}],
                      "draw_order": [1, 0], "rounds": [[{"round": 1, "index": 0, "teams": ["West", "East"],
                                                         "team_indexes": [1, 0], "winner": None, "how": None,
                                                         "match_id": None}]]}


@blp.route("/dabang/tournaments", methods=["POST"])
@requires(DABANG_MATCHES)
@blp.arguments(TournamentSchema, example={"name": "Winter cup", "teams": [
    {"name": "East", "players": ["Li", "Zhao"]}, {"name": "West", "players": ["Wang", "Chen"]}]})
@blp.response(201, DabangTournamentAnswer, example=TOURNAMENT_EXAMPLE)
@error_responses(401, 403, 422)
def create_tournament(data):
    """Draw a knockout

    The teams are drawn into a bracket at random; byes (when the count is not a power of two)
    advance at once, spread over the first round.
    """
    return tournaments.create_tournament(database(), data["name"], data["teams"])


@blp.route("/dabang/tournaments", methods=["GET"])
@requires(READ)
@blp.arguments(DabangMatchListQuery, location="query", as_kwargs=True)
@blp.response(200, DabangTournamentPageSchema, example={"tournaments": [
    {"id": 2, "name": "Winter cup", "teams": 8, "champion": None, "created_at": "2026-11-25T01:00:00+00:00"}],
    "next_after": None})
@error_responses(401, 403, 422)
def list_tournaments(after, limit, state=None):
    """The tournaments

    Newest first, `limit` at a time (`next_after` continues: the last id of the page);
    `state=open` those still played (no champion yet), `state=finished` those decided.
    """
    return tournaments.list_tournaments(database(), state, after, limit)


@blp.route("/dabang/tournaments/<id:tournament_id>", methods=["GET"])
@requires(READ)
@blp.response(200, DabangTournamentAnswer, example=TOURNAMENT_EXAMPLE)
@error_responses(401, 403, 404)
def get_tournament(tournament_id):
    """A tournament's bracket

    Each round's matches: the teams, the match created for it, the winner and how it won
    (passed_ten, time_limit, three_jokers, zero_points, bye...), and the champion.
    """
    return tournaments.get_tournament(database(), tournament_id)


@blp.route(f"/dabang/tournaments/<id:tournament_id>/rounds/<int(min=1, max={MAX_BRACKET_ROUNDS}):round_number>"
           f"/matches/<int(min=0, max={MAX_BRACKET_SLOT}):index>",
           methods=["POST"])
@requires(DABANG_MATCHES)
@blp.arguments(SlotMatchSchema, example={"table_id": 3, "time_limit_minutes": 90})
@blp.response(201, DabangMatchAnswer, example={"id": 7, "table_id": 3, "levels": {"A": 3, "B": 3},
                            "tournament": {"id": 2, "round": 1, "index": 0}})
@error_responses(401, 403, 404, 409, 422)
def create_slot_match(data, tournament_id, round_number, index):
    """Start the match of a bracket slot

    The slot's first team plays seats 1 and 3 (team A), the second seats 2 and 4; the match's
    end puts its winner into the next round. A slot whose teams are not both known, or that
    has a match already: 422 slot_not_ready.
    """
    return tournaments.create_slot_match(database(), tournament_id, round_number, index, data["table_id"],
                                         data.get("time_limit_minutes"), now())
