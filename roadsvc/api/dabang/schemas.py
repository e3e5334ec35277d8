"""打棒's request bodies, typed: a seat is a whole number 1-4, a card is a code (`AS` ... `KD`, `BJ` 大王,
`SJ` 小王), a name is printable text. A body that is not of its type is a 422 naming the field before any
rule looks at it (and so is never a refused play); the rules then check what the types cannot (a draw that
is not three decks, a card not in the hand), each refusal with a stable code and the field."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from roadsvc.api.schemas import coded, common
from roadsvc.api.schemas.coded import StrictSchema
from roadsvc.api.schemas.common import integer, text

MAX_CARDS = 162  # a draw; every other list of cards is shorter
SEAT_DOC = "The seat, 1-4 (team A: 1 and 3; team B: 2 and 4)"


def seat(description: str = SEAT_DOC, example: int = 2) -> fields.Integer:
    """A seat 1-4 (the shared type: a string or 5 is 422 invalid_seat naming the field)."""
    return common.seat(required=True, metadata={"description": description, "example": example})


def cards(description: str, example: list[str], *, required: bool = True, least: int = 0) -> fields.List:
    """A list of card codes (the shared type: a bad code is 422 invalid_card naming it, cards.2)."""
    return common.cards(least, MAX_CARDS, required=required, metadata={"description": description,
                                                                       "example": example})


MAX_TEAMS = 128  # a tournament's teams: a bracket of at most 7 rounds, 64 matches in its first

def name(description: str, example: str) -> fields.String:
    return common.name(required=True, metadata={"description": description, "example": example})


def time_limit() -> fields.Integer:
    return integer(1, 600, "invalid_time_limit", metadata={"description": "The time limit in minutes (default 90)",
                                                          "example": 90})


PlayersSchema = Schema.from_dict({str(s): name(f"Seat {s}'s player", n)
                                  for s, n in zip(range(1, 5), ("Li", "Wang", "Zhao", "Chen"))}, name="DabangPlayers")


class MatchSchema(StrictSchema):
    players = fields.Nested(PlayersSchema, required=True, metadata={"description": "The four seats' players"})
    time_limit_minutes = time_limit()


class SlotMatchSchema(StrictSchema):
    table_id = integer(1, 2**31 - 1, "invalid_table", required=True,
                       metadata={"description": "The 打棒 table the match is played at", "example": 3})
    time_limit_minutes = time_limit()


class DealSchema(StrictSchema):
    draw = cards("The 162 codes in the order drawn (exactly three 54-card decks)", ["BJ", "3S", "KH", "..."])
    first_drawer = seat("The seat that drew first (on later deals: the 打家)", 1)


class DeclarationSchema(StrictSchema):
    seat = seat()
    cards = cards("The cards shown: one 大王 on the first deal; later 1-3 identical 混牌, or three 小王 / 大王",
                  ["5H", "5H"], least=1)
    at = integer(1, 156, "invalid_at", required=True, metadata={
        "description": "How many cards (all seats) had been drawn when they were shown", "example": 37})
    suit = fields.String(validate=validate.OneOf(["S", "H", "C", "D"]),
                         metadata={"description": "The suit three jokers name (S H C D)", "example": "H"})


class TrumpSchema(StrictSchema):
    drawn_from_bottom = cards("When nobody declared: the bottom's cards turned, in order (first deal: one per seat "
                              "from the first drawer, then the joker's seat's further cards)", ["SJ", "7D"],
                              required=False, least=1)


class DabangTributeReturnSchema(StrictSchema):
    seat = seat("The 打家 (only the 打家 gives back)")
    cards = cards("The cards the 打家 gives back to the tribute's giver: as many as were received", ["4C", "6D"])


class BurySchema(StrictSchema):
    seat = seat()
    cards = cards("The six cards the 打家 buries (from the hand and the bottom taken)",
                  ["4C", "6C", "KD", "5S", "BJ", "7D"])


class BuryJokersSchema(StrictSchema):
    seat = seat()
    jokers = cards("The jokers buried (大王 first); [] passes", ["BJ"])
    take = cards("The bottom's smallest non-point cards taken back, one per joker", ["4C"])


class PlaySchema(StrictSchema):
    seat = seat()
    cards = cards("The cards played: a lead is one card, a 棒 or a 三联; a follow as many as were led", ["KH"],
                  least=1)


class DabangTeamSchema(StrictSchema):
    name = name("The team's name", "East")
    players = fields.List(common.name(), required=True, validate=validate.Length(2, 2),
                          metadata={"description": "The team's two players", "example": ["Li", "Zhao"]})


class TournamentSchema(StrictSchema):
    name = name("The event's name", "Winter cup")
    teams = fields.List(fields.Nested(DabangTeamSchema), required=True, validate=validate.Length(2, MAX_TEAMS),
                        metadata={"description": "The teams of two (no team or player twice)"})


class DabangEndMatchSchema(StrictSchema):
    reason = text(500, required=True, metadata={"description": "Why the match is stopped (kept in the audit log "
                                                "and the match_ended event)", "example": "a player taken ill"})
    winner = fields.String(allow_none=True, validate=validate.OneOf(["A", "B"]), metadata={
        "description": "The team the pit boss names the winner (a forfeit); none: the match ends without one",
        "example": None})


class DabangMatchListQuery(common.PageQuery):
    """`?state=open|finished&after=<id>&limit=`: newest first; `after` is the last id of the page before."""

    state = fields.String(validate=coded.CodedOneOf(["open", "finished"], "invalid_parameter"), metadata={
        "description": "open: under way (not won nor stopped); finished: won or stopped"})


class DabangMatchSummarySchema(Schema):
    id = fields.Integer(required=True)
    table_id = fields.Integer(required=True)
    players = fields.Dict(keys=fields.String(), values=fields.String(), required=True)
    levels = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True)
    deals_done = fields.Integer(required=True)
    started_at = fields.DateTime(required=True)
    ended_at = fields.DateTime(allow_none=True)
    winner = fields.String(allow_none=True, metadata={"description": "A or B; none while under way or if stopped"})
    reason = fields.String(allow_none=True, metadata={"description": "passed_ten, time_limit, three_jokers, "
                                                      "zero_points, four_hundred_points, stopped"})
    tournament = fields.Dict(allow_none=True, metadata={"description": "{id, round, index} of a bracket match"})


class DabangMatchPageSchema(Schema):
    matches = fields.List(fields.Nested(DabangMatchSummarySchema), required=True)
    next_after = fields.Integer(allow_none=True, metadata={"description": "`after` for the next page (none: the last)"})


class DabangTournamentSummarySchema(Schema):
    id = fields.Integer(required=True)
    name = fields.String(required=True)
    teams = fields.Integer(required=True, metadata={"description": "How many teams"})
    champion = fields.String(allow_none=True)
    created_at = fields.DateTime(required=True)


class DabangTournamentPageSchema(Schema):
    tournaments = fields.List(fields.Nested(DabangTournamentSummarySchema), required=True)
    next_after = fields.Integer(allow_none=True, metadata={"description": "`after` for the next page (none: the last)"})
