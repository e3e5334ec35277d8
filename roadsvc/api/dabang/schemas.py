"""打棒's request bodies, typed: a seat is a whole number 1-4, a card is a code (`AS` ... `KD`, `BJ` 大王,
`SJ` 小王), a name is printable text. A body that is not of its type is a 422 naming the field before any
rule looks at it (and so is never a refused play); the rules then check what the types cannot (a draw that
is not three decks, a card not in the hand), each refusal with a stable code and the field."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from roadsvc.api.schemas.common import Coded, CodedRegexp, CodedRange, StrictSchema, integer, text

CARD_PATTERN = r"^(BJ|SJ|(A|[2-9]|10|J|Q|K)[SHCD])$"
MAX_CARDS = 162  # a draw; every other list of cards is shorter
NAME_LENGTH = 100


def seat(name: str = "seat", **metadata) -> fields.Integer:
    """A seat 1-4 (team A: 1 and 3; team B: 2 and 4); anything else is 422 invalid_seat."""
    return fields.Integer(
        required=True, strict=True, validate=CodedRange(1, 4, "invalid_seat"),
        error_messages={"invalid": Coded(f"{name} is a seat: 1, 2, 3 or 4", "invalid_seat")},
        metadata={"description": "The seat, 1-4 (team A: 1 and 3; team B: 2 and 4)", "example": 2, **metadata})


def card() -> fields.String:
    return fields.String(validate=CodedRegexp(CARD_PATTERN, "invalid_card", "a card code: AS ... KD, BJ 大王, SJ 小王"),
                         metadata={"example": "AH"})


def cards(description: str, example: list[str], *, required: bool = True, least: int = 0) -> fields.List:
    """A list of card codes (at least `least`)."""
    return fields.List(card(), required=required, validate=validate.Length(least, MAX_CARDS),
                       metadata={"description": description, "example": example})


def name(description: str, example: str) -> fields.String:
    return text(NAME_LENGTH, required=True, metadata={"description": description, "example": example})


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
    first_drawer = seat("first_drawer", description="The seat that drew first (on later deals: the 打家)", example=1)


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
    seat = seat(description="The 打家 (only the 打家 gives back)")
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
    players = fields.List(text(NAME_LENGTH), required=True, validate=validate.Length(2, 2),
                          metadata={"description": "The team's two players", "example": ["Li", "Zhao"]})


class TournamentSchema(StrictSchema):
    name = name("The event's name", "Winter cup")
    teams = fields.List(fields.Nested(DabangTeamSchema), required=True, validate=validate.Length(2, 128),
                        metadata={"description": "The teams of two (no team or player twice)"})


class DabangEndMatchSchema(StrictSchema):
    reason = text(200, required=True, metadata={"description": "Why the match is stopped (kept in the audit log)",
                                                "example": "a player taken ill"})
