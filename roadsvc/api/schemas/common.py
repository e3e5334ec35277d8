"""Field kinds every schema uses: bounded integers, printable text, money, bet codes.

Every number is bounded and every string is checked here, so that no input can reach
the database as something it refuses (an integer overflow, a NUL byte) and answer 500.

THE shared field types: every game's routes use these, never their own (docs/api.md):

=================  ==========================================================  =====================
field              what it takes                                               refused with
=================  ==========================================================  =====================
``Amount()``       a stake, balance or amount: decimal string, <= 2 places,    ``invalid_amount``
                   at most 13 digits before the point, never a JSON number
``Money()``        a table's limit setting: "0.01" to "100000000.00"           ``invalid_amount``
``name()``         a person's, team's or event's name (1-100 characters)       ``invalid_characters``
``account_id()``   a player account (1-100 characters)                         ``invalid_characters``
``slip_id()``      a game server's client_slip_id (1-64 characters)            ``invalid_characters``
``seat()``         a 打棒 seat 1-4 (a JSON number)                             ``invalid_seat``
``position()``     a 百人牛牛 position: banker, player_1 ... player_4          ``unknown_position``
``area()``         a 百人牛牛 bet area: player_1 ... player_4                  ``unknown_area``
``card_code()``    a card: AS ... KD (10 as 10), jokers BJ 大王 / SJ 小王        ``invalid_card``
``cards()``        a list of card codes                                        ``invalid_card``
``round_number()`` a 百人牛牛 round number 1 to MAX_ROUND                      ``invalid_round``
``deal_number()``  a 打棒 deal number 1 to MAX_DEAL                            ``invalid_deal``
``PageQuery``      ``?after=N&limit=L`` (after 0..MAX_ROUND, limit 1..500)     ``invalid_parameter``
``Flag()``         a yes or no in a body: JSON true or false, nothing else      ``validation_error``
=================  ==========================================================  =====================

Names, account ids and slip ids are identifiers (``identifier()``): printable, the plain space only
and none at either end. Each refusal is a 422 whose `field` names the input (dotted, a list item by its index: `bets[0].stake`).
"""

from __future__ import annotations

import decimal

import marshmallow as ma
from marshmallow import fields, validate

from roadsvc.api.schemas.coded import Coded, CodedOneOf, CodedRange, CodedRegexp, StrictSchema
from roadsvc.domain import identifiers
from roadsvc.domain.amounts import MAX_AMOUNT, MAX_AMOUNT_DIGITS
from roadsvc.domain.identifiers import MAX_ACCOUNT_ID
from roadsvc.domain.baccarat.bets.bounds import MAX_LIMIT, MAX_PAY, MIN_LIMIT, MONEY_PATTERN, PAY_PATTERN, PAY_PLACES
from roadsvc.domain.niuniu.dealing import PLAYERS, POSITIONS

BET_CODE_PATTERN = r"^[a-z][a-z0-9_]{0,39}$"
BET_CODE = validate.Regexp(BET_CODE_PATTERN, error="a code is lower-case letters, digits and _")
CENT = decimal.Decimal("0.01")
MAX_NAME = 100
MAX_SLIP_ID = 64
MAX_ROUND = 10_000_000
MAX_DEAL = 1_000
MAX_PAGE = 500
SEATS = (1, 2, 3, 4)
AMOUNT_PATTERN = rf"^[0-9]{{1,{MAX_AMOUNT_DIGITS}}}(\.[0-9]{{1,2}})?$"
# A card as the rules read it: rank A 2-9 10 J Q K (T for 10), suit S H D C (either case, or
# the suit's symbol); jokers BJ (大王) and SJ (小王).
PLAYING_CARD_PATTERN = r"^([AaJjQqKkTt2-9]|10)[SHDCshdc♠♥♦♣♤♡♢♧]$"  # no joker (baccarat)
CARD_CODE_PATTERN = r"^(([AaJjQqKkTt2-9]|10)[SHDCshdc♠♥♦♣♤♡♢♧]|[BbSs][Jj])$"


def printable(text: str) -> None:
    """Valid Unicode (no lone surrogates) without invisible or reordering characters: no
    control characters (C0, DEL, C1 such as U+0085; NUL breaks PostgreSQL text), no format
    characters (bidi overrides such as U+202E, zero-width U+200B, U+FEFF), no line or
    paragraph separators, no private-use characters. A name must read as it is stored
    (roadsvc.domain.identifiers, the one rule)."""
    why = identifiers.unprintable(text)
    if why is not None:
        raise ma.ValidationError(Coded(why, identifiers.INVALID_CHARACTERS))


def text(max_length: int, **kwargs) -> fields.String:
    return fields.String(validate=[validate.Length(1, max_length), printable], **kwargs)


def plainly_spaced(text: str) -> None:
    """An identifier's one rule beside `printable`: the only space is the plain U+0020, and never at
    either end. A look-alike separator (no-break U+00A0, U+202F, the em and ideographic spaces, a
    tab) would make two ids that read the same; a space at an end is invisible on a report."""
    why = identifiers.badly_spaced(text)
    if why is not None:
        raise ma.ValidationError(Coded(why, identifiers.INVALID_CHARACTERS))


def identifier(max_length: int, **kwargs) -> fields.String:
    """What a client names something by, compared as sent: an account id, a slip id, a name. 1 to
    `max_length` printable characters, spaced plainly (`plainly_spaced`); refused `invalid_characters`
    naming the field. docs/security.md states the rule."""
    metadata = {"description": "1-%d characters; no control, invisible or look-alike space characters, no space at "
                "either end" % max_length, **kwargs.pop("metadata", {})}
    return fields.String(validate=[validate.Length(1, max_length), printable, plainly_spaced], metadata=metadata,
                         **kwargs)


def integer(low: int, high: int, code: str | None = None, **kwargs) -> fields.Integer:
    """A whole number from low to high; refused with `code` (validation_error if None)."""
    bounds = validate.Range(low, high) if code is None else CodedRange(low, high, code)
    return fields.Integer(strict=True, validate=bounds, **kwargs)


class Money(fields.String):
    """A table's money setting (a limit): a decimal string from 0.01 to 100000000.00 with at
    most two decimals, stored with two ("100.00"). Never a JSON number (not exact), never
    rounded: "10.005" is refused."""

    def __init__(self, **kwargs):
        metadata = {"description": "A decimal string, 0.01 to 100000000.00, at most two decimals",
                    "example": "100.00", **kwargs.pop("metadata", {})}
        kwargs.setdefault("error_messages", {"invalid": Coded('an amount is a decimal string ("100.00"), never a '
                                                               "JSON number", "invalid_amount")})
        super().__init__(validate=CodedRegexp(MONEY_PATTERN, "invalid_amount", error="an amount is a decimal string "
                                              f"from {MIN_LIMIT} to {MAX_LIMIT} with at most two decimals"),
                         metadata=metadata, **kwargs)

    def _deserialize(self, value, attr, data, **kwargs) -> str:
        text = super()._deserialize(value, attr, data, **kwargs)
        self.validators[0](text)  # the pattern first: only then is it a number to normalise
        return str(decimal.Decimal(text).quantize(CENT))


class Pay(fields.String):
    """A pay "to 1": a decimal string above 0 and at most 1000 with at most four decimals."""

    def __init__(self, **kwargs):
        kwargs.setdefault("error_messages", {"invalid": Coded('a pay is a decimal string ("8", "0.95"), never a JSON '
                                                               "number", "invalid_pay")})
        super().__init__(validate=CodedRegexp(PAY_PATTERN, "invalid_pay", error=f"a pay is a decimal string above 0 "
                                              f"and at most {MAX_PAY} with at most {PAY_PLACES} decimals"), **kwargs)


class Timestamps(ma.Schema):
    created_at = fields.DateTime(dump_only=True)
    updated_at = fields.DateTime(dump_only=True)


class Empty(StrictSchema):
    """No fields: the request carries no body (or `{}`)."""


class Flag(fields.Boolean):
    """A yes or no in a JSON body: true or false only. marshmallow's Boolean also takes 0, 1, "yes", "on"
    (and `0 in {False}` holds in Python, so narrowing its truthy/falsy sets does not refuse 0): a number
    where the document says boolean would be taken as one."""

    def _deserialize(self, value, attr, data, **kwargs) -> bool:
        if not isinstance(value, bool):
            raise self.make_error("invalid", input=value)
        return value


class Amount(fields.String):
    """An amount of money a player stakes, states or holds: a decimal string with at most two
    places and at most 13 digits before the point ("10.00", "0.5", "1000"), answered with two
    places. Never a JSON number (not exact), never an exponent ("1e30"), never rounded: "10.005"
    is refused `invalid_amount` naming the field. `positive=True` (a stake) refuses "0"."""

    def __init__(self, *, positive: bool = False, **kwargs):
        least = "more than 0" if positive else "from 0"
        self.positive = positive
        message = (f'an amount is a decimal string {least} to {MAX_AMOUNT} with at most two places ("100.00"), never '
                   "a JSON number")
        metadata = {"description": message, "example": "100.00", **kwargs.pop("metadata", {})}
        kwargs.setdefault("error_messages", {"invalid": Coded(message, "invalid_amount")})
        self.message = message
        super().__init__(validate=CodedRegexp(AMOUNT_PATTERN, "invalid_amount", error=message), metadata=metadata,
                         **kwargs)

    def _deserialize(self, value, attr, data, **kwargs) -> str:
        text = super()._deserialize(value, attr, data, **kwargs)
        self.validators[0](text)  # the pattern first: only then is it a number to normalise
        number = decimal.Decimal(text)
        if self.positive and number == 0:
            raise ma.ValidationError(Coded(self.message, "invalid_amount"))
        return str(number.quantize(CENT))


def name(**kwargs) -> fields.String:
    """A person's, team's, tournament's or table's name: 1-100 printable characters (no control,
    bidi, zero-width or other invisible character, no look-alike space, no space at either end:
    `invalid_characters`)."""
    return identifier(MAX_NAME, **kwargs)


def account_id(**kwargs) -> fields.String:
    """A player's account id as the operator's system names it: 1-100 printable characters
    (`invalid_characters` for an invisible one: it is shown on settlements and reports)."""
    kwargs.setdefault("metadata", {"example": "acct-1001"})
    return identifier(MAX_ACCOUNT_ID, **kwargs)


def slip_id(**kwargs) -> fields.String:
    """A game server's id for a slip (`client_slip_id`), unique per table: an identifier of 1-64 characters."""
    return identifier(MAX_SLIP_ID, **kwargs)


def seat(**kwargs) -> fields.Integer:
    """A 打棒 seat: the JSON number 1, 2, 3 or 4 (team A: 1 and 3; team B: 2 and 4). A string ("1")
    is refused `invalid_seat` saying so."""
    message = Coded("a seat is the number 1, 2, 3 or 4 (a JSON number, not a string)", "invalid_seat")
    kwargs.setdefault("metadata", {"description": "The seat, 1-4 (team A: 1 and 3; team B: 2 and 4)", "example": 2})
    return fields.Integer(strict=True, validate=CodedRange(1, 4, "invalid_seat", error=message),
                          error_messages={"invalid": message}, **kwargs)


def position(**kwargs) -> fields.String:
    """A 百人牛牛 position: banker, player_1, player_2, player_3 or player_4 (`unknown_position`)."""
    kwargs.setdefault("metadata", {"description": "banker, player_1 ... player_4", "example": "player_2"})
    return fields.String(validate=CodedOneOf(POSITIONS, "unknown_position"), **kwargs)


def area(**kwargs) -> fields.String:
    """A 百人牛牛 bet area: player_1 ... player_4 (the banker is not an area: `unknown_area`)."""
    kwargs.setdefault("metadata", {"description": "player_1 ... player_4", "example": "player_1"})
    return fields.String(validate=CodedOneOf(PLAYERS, "unknown_area"), **kwargs)


def card_code(**kwargs) -> fields.String:
    """One card code: rank A 2-9 10 J Q K and suit S H D C ("10H", "AS"; T for 10, either case, the
    suit's symbol), or a joker BJ (大王) / SJ (小王). Whether a game deals jokers, and which cards
    are in a hand, are the game's rules (they answer with their own codes)."""
    kwargs.setdefault("metadata", {"description": "AS ... KD (10 as 10), BJ 大王, SJ 小王", "example": "10H"})
    return fields.String(validate=CodedRegexp(CARD_CODE_PATTERN, "invalid_card", error="not a card code (rank A 2-9 "
                                              "10 J Q K, suit S H D C, or the jokers BJ SJ)"), **kwargs)


def cards(low: int = 0, high: int = 200, **kwargs) -> fields.List:
    """A list of `low` to `high` card codes (the item's error names it: cards.2)."""
    return fields.List(card_code(), validate=validate.Length(low, high), **kwargs)


def round_number(**kwargs) -> fields.Integer:
    """A 百人牛牛 round's number, 1 to MAX_ROUND (`invalid_round`)."""
    return integer(1, MAX_ROUND, "invalid_round", **kwargs)


def deal_number(**kwargs) -> fields.Integer:
    """A 打棒 deal's number within its match, 1 to MAX_DEAL (`invalid_deal`)."""
    return integer(1, MAX_DEAL, "invalid_deal", **kwargs)


class PageQuery(StrictSchema):
    """`?after=N&limit=L`: the items after N (0: from the first), at most L (1-500, default 100).
    A bad value is refused naming its own parameter."""

    after = fields.Integer(strict=False, load_default=0, validate=CodedRange(0, MAX_ROUND, "invalid_parameter"),
                           error_messages={"invalid": Coded("after is a whole number", "invalid_parameter")},
                           metadata={"description": "Continue after this number (`next_after` of the last page)"})
    limit = fields.Integer(strict=False, load_default=100, validate=CodedRange(1, MAX_PAGE, "invalid_parameter"),
                           error_messages={"invalid": Coded("limit is a whole number", "invalid_parameter")},
                           metadata={"description": f"At most this many (1-{MAX_PAGE})"})
