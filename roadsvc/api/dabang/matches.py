"""打棒 matches: start one at a table, post each deal's draw and its moves, read the state.

A wrong move is a 422 with a stable code and the rule it breaks (not_your_turn, not_in_hand,
invalid_lead, wrong_count, must_follow_suit, must_play_bang, must_play_sanlian, ...) and changes
nothing; a move the state refuses (wrong_phase, match_over, deal_over) is a 409.
"""

from __future__ import annotations

from flask_smorest import Blueprint

from roadsvc.api.auth import hidden_cards_reader, requires
from roadsvc.api.context import acting, database, principal
from roadsvc.api.dabang import now
from roadsvc.api.dabang.answers import (
    DabangDealAnswer, DabangDeclarationAnswer, DabangMatchAnswer, DabangPhaseAnswer, DabangPlayAnswer,
)
from roadsvc.api.dabang.schemas import (
    BuryJokersSchema, BurySchema, DabangEndMatchSchema, DabangMatchListQuery, DabangMatchPageSchema,
    DabangTributeReturnSchema, DealSchema, DeclarationSchema, MatchSchema, PlaySchema, TrumpSchema,
)
from roadsvc.api.docs import error_responses
from roadsvc.services.capabilities import DABANG_DEALS, DABANG_MATCHES, READ
from roadsvc.services.dabang import matches, moves

blp = Blueprint("dabang", __name__, description="打棒: matches, deals, declarations, the bottom, plays, the road")

MATCH_EXAMPLE = {"id": 7, "table_id": 3, "players": {"1": "Li", "2": "Wang", "3": "Zhao", "4": "Chen"},
                 "teams": {"A": [1, 3], "B": [2, 4]}, "levels": {"A": 3, "B": 3}, "holder": None,
                 "dealer_seat": None, "trump": None, "level_card": "3", "started_at": "2026-11-25T02:00:00+00:00",
                 "winner": None, "reason": None, "current_deal": None, "current_trick": None, "deals": []}
PLAY_EXAMPLE = {"seat": 2, "cards": ["KH"], "trick": {"plays": [{"seat": 1, "cards": ["AH"]},
                                                              {"seat": 2, "cards": ["KH"]}]},
                "turn": 3, "deal_over": False}


def _move(match_id: int, number: int, kind: str, data: dict) -> dict:
    return moves.make_move(database(), match_id, number, kind, data, principal().actor, now())


@blp.route("/tables/<id:table_id>/matches", methods=["POST"])
@requires(DABANG_MATCHES)
@blp.arguments(MatchSchema, example={"players": {"1": "Li", "2": "Wang", "3": "Zhao", "4": "Chen"},
                                     "time_limit_minutes": 90})
@blp.response(201, DabangMatchAnswer, example=MATCH_EXAMPLE)
@error_responses(401, 403, 404, 409, 422)
def create_match(data, table_id):
    """Start a match at a 打棒 table

    Team A is seats 1 and 3, team B seats 2 and 4; both start at level 3 and the time limit runs
    from now. A table of another game: 409 wrong_game.
    """
    return matches.create_match(database(), table_id, data["players"], data.get("time_limit_minutes"), now())


@blp.route("/tables/<id:table_id>/matches", methods=["GET"])
@requires(READ)
@blp.arguments(DabangMatchListQuery, location="query", as_kwargs=True)
@blp.response(200, DabangMatchPageSchema, example={"matches": [{
    "id": 7, "table_id": 3, "players": MATCH_EXAMPLE["players"], "levels": {"A": 11, "B": 8}, "deals_done": 14,
    "started_at": "2026-11-25T02:00:00+00:00", "ended_at": "2026-11-25T03:10:00+00:00", "winner": "A",
    "reason": "passed_ten", "tournament": None}], "next_after": None})
@error_responses(401, 403, 404, 409, 422)
def list_matches(table_id, after, limit, state=None):
    """The matches played at a 打棒 table

    Newest first, `limit` at a time (`next_after` continues: the last id of the page); `state=open`
    the match under way, `state=finished` those won or stopped. No card.
    """
    return matches.table_matches(database(), table_id, state, after, limit)


@blp.route("/matches/<id:match_id>/end", methods=["POST"])
@requires(DABANG_MATCHES)
@blp.arguments(DabangEndMatchSchema, example={"reason": "a player taken ill", "winner": None})
@blp.response(200, DabangMatchAnswer, example={**MATCH_EXAMPLE, "winner": None, "reason": "stopped",
                            "ended_at": "2026-11-25T02:40:00+00:00"})
@error_responses(401, 403, 404, 409, 422)
def end_match(data, match_id):
    """Stop a match (pit boss)

    A match that must stop (a dispute, a player taken ill) ends now, with the reason given (kept in
    the audit log, `match.stopped`, and the `match_ended` event); the deal under way is abandoned.
    `winner` names a team (a forfeit), else the match ends without one (`reason` "stopped"); a
    bracket match then waits for a new match at its slot. A finished match: 409 match_over.
    """
    return moves.stop_match(database(), match_id, data["reason"], data.get("winner"), acting(), now())


@blp.route("/matches/<id:match_id>", methods=["GET"])
@requires(READ)
@blp.response(200, DabangMatchAnswer, example=MATCH_EXAMPLE)
@error_responses(401, 403, 404)
def get_match(match_id):
    """A match's state

    Levels, the holding team, the 打家, trump and level card, the deal under way (declarations,
    the bottom when shown, the current trick, points) and each finished deal's result. The seats'
    hands, a hidden bottom and the tribute's cards (given and given back) only for a key that may
    read hidden cards (dealer, pit boss) sent with the request: never to a signed-in page's cookie.
    """
    return matches.get_match(database(), match_id, now(), hidden=hidden_cards_reader())


@blp.route("/matches/<id:match_id>/deals", methods=["POST"])
@requires(DABANG_DEALS)
@blp.arguments(DealSchema, example={"draw": ["BJ", "3S", "..."], "first_drawer": 1})
@blp.response(201, DabangDealAnswer, example={"match_id": 7, "number": 1, "first_drawer": 1, "dealer_seat": None, "level": 3,
                            "blood": 0})
@error_responses(401, 403, 404, 409, 422)
def post_deal(data, match_id):
    """Post a deal's draw

    The 162 cards in the order drawn, one at a time in seat order from `first_drawer`; the seats'
    hands (39 each) and the bottom (the last 6) are derived. Not exactly three 54-card decks: 422
    not_three_decks (or wrong_draw_size). A deal under way: 409 deal_in_progress.
    """
    return moves.post_deal(database(), match_id, data["draw"], data["first_drawer"], now())


@blp.route("/matches/<id:match_id>/deals/<id:number>/declarations", methods=["POST"])
@requires(DABANG_DEALS)
@blp.arguments(DeclarationSchema, example={"seat": 2, "cards": ["5H", "5H"], "at": 37})
@blp.response(201, DabangDeclarationAnswer, example={"declaration": {"seat": 2, "cards": ["5H", "5H"], "at": 37, "suit": "H",
                                            "kind": "override"}})
@error_responses(401, 403, 404, 409, 422)
def declare(data, match_id, number):
    """Declare the trump suit while drawing (亮主)

    Checked against the draw (the seat held those cards once `at` cards had been drawn: else
    not_held) and the standing declaration (too_weak, cannot_override on the first deal's 大王).
    """
    return _move(match_id, number, "declaration", data)


@blp.route("/matches/<id:match_id>/deals/<id:number>/trump", methods=["POST"])
@requires(DABANG_DEALS)
@blp.arguments(TrumpSchema, example={"drawn_from_bottom": ["SJ", "7D"]}, required=False)
@blp.response(200, DabangPhaseAnswer, example={"phase": "burying", "trump": "H", "level": 3, "dealer_seat": 2, "holder": "B",
                            "dry_pot": False, "bottom_shown": True, "bottom": ["4C", "6C", "KD", "5S", "9H", "7D"],
                            "tribute": {"from_seat": 1, "to_seat": 2, "blood": 0, "count": 0}, "turn": 2})
@error_responses(401, 403, 404, 409, 422)
def end_declaring(data, match_id, number):
    """End declaring

    Fixes the trump suit and the 打家 and makes the tribute (喝血). Without a tribute it shows the
    bottom's six cards (unless the trump came from a draw of the bottom) and says whether the deal is
    干锅; after a tribute the next phase is `tribute_return` (还贡) and the bottom is shown after it.
    """
    return _move(match_id, number, "trump", {"drawn_from_bottom": (data or {}).get("drawn_from_bottom")})


@blp.route("/matches/<id:match_id>/deals/<id:number>/tribute-return", methods=["POST"])
@requires(DABANG_DEALS)
@blp.arguments(DabangTributeReturnSchema, example={"seat": 2, "cards": ["4C", "6D"]})
@blp.response(200, DabangPhaseAnswer, example={"phase": "burying", "trump": "H", "level": 4, "dealer_seat": 2, "holder": "B",
                            "dry_pot": False, "bottom_shown": True, "bottom": ["4C", "6C", "KD", "5S", "9H", "7D"],
                            "tribute": {"from_seat": 1, "to_seat": 2, "blood": 2, "count": 2, "returned": True},
                            "turn": 2})
@error_responses(401, 403, 404, 409, 422)
def return_tribute(data, match_id, number):
    """The 打家 gives the tribute back (还贡)

    After a tribute (喝血) the 打家 gives the giver (the 打家's 上家) as many cards as were received, of
    the 打家's choice, so every seat holds 39 cards when the bottom is taken: 422 wrong_count,
    not_in_hand, invalid_seat (not the 打家). Any other move of the deal first: 409 wrong_phase. The
    bottom is shown after it (when the rules show it); the cards given back are seen only by keys that
    read hidden cards (dealer, pit boss).
    """
    return _move(match_id, number, "tribute_return", data)


@blp.route("/matches/<id:match_id>/deals/<id:number>/bury", methods=["POST"])
@requires(DABANG_DEALS)
@blp.arguments(BurySchema, example={"seat": 2, "cards": ["4C", "6C", "KD", "5S", "9H", "7D"]})
@blp.response(200, DabangPhaseAnswer, example={"phase": "burying_jokers", "bottom_shown": False, "bottom": None, "turn": 3})
@error_responses(401, 403, 404, 409, 422)
def bury(data, match_id, number):
    """The 打家 buries six cards

    Point cards and jokers allowed; a 小王 only when no 大王 is kept (big_joker_first). No
    burying in 干锅.
    """
    return _move(match_id, number, "bury", data)


@blp.route("/matches/<id:match_id>/deals/<id:number>/bury-jokers", methods=["POST"])
@requires(DABANG_DEALS)
@blp.arguments(BuryJokersSchema, example={"seat": 3, "jokers": ["BJ"], "take": ["4C"]})
@blp.response(200, DabangPhaseAnswer, example={"phase": "burying_jokers", "bottom_shown": True, "turn": 4})
@error_responses(401, 403, 404, 409, 422)
def bury_jokers(data, match_id, number):
    """Another player buries jokers, or passes

    In play order from the 打家's 下家; each joker takes back the bottom's smallest non-point card
    (not_smallest, nothing_to_take); `"jokers": []` passes.
    """
    return _move(match_id, number, "bury_jokers", data)


@blp.route("/matches/<id:match_id>/deals/<id:number>/plays", methods=["POST"])
@requires(DABANG_DEALS)
@blp.arguments(PlaySchema, example={"seat": 2, "cards": ["KH"]})
@blp.response(201, DabangPlayAnswer, example=PLAY_EXAMPLE)
@error_responses(401, 403, 404, 409, 422)
def play(data, match_id, number):
    """The next play of the current trick

    201 with the trick so far and, when it is complete, its winner and points; after the last
    trick, the deal's result. A wrong play is a 422 naming the rule and changes nothing.
    """
    return _move(match_id, number, "play", data)
