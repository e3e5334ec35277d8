"""Field kinds every schema uses: bounded integers, printable text, money, bet codes.

Every number is bounded and every string is checked here, so that no input can reach
the database as something it refuses (an integer overflow, a NUL byte) and answer 500.
"""

from __future__ import annotations

import decimal
import re
import unicodedata

import marshmallow as ma
from marshmallow import fields, validate

from roadsvc.domain.baccarat.bets.bounds import MAX_LIMIT, MAX_PAY, MIN_LIMIT, MONEY_PATTERN, PAY_PATTERN, PAY_PLACES

CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
# Unicode categories never allowed in text: control, format (bidi, zero-width), line and
# paragraph separators, private use, surrogates.
HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp", "Co", "Cs"})
BET_CODE_PATTERN = r"^[a-z][a-z0-9_]{0,39}$"
BET_CODE = validate.Regexp(BET_CODE_PATTERN, error="a code is lower-case letters, digits and _")
CENT = decimal.Decimal("0.01")


class Coded(str):
    """A validation message that carries the stable error `code` the API answers with."""

    code: str

    def __new__(cls, message: str, code: str) -> "Coded":
        text = super().__new__(cls, message)
        text.code = code
        return text


class CodedRange(validate.Range):
    """marshmallow's Range (so the OpenAPI shows minimum/maximum) refusing with `code`."""

    def __init__(self, low, high, code: str, **kwargs):
        super().__init__(low, high, **kwargs)
        self.code = code

    def _format_error(self, value, message: str) -> str:
        return Coded(super()._format_error(value, message), self.code)


class CodedRegexp(validate.Regexp):
    """marshmallow's Regexp (so the OpenAPI shows the pattern) refusing with `code`."""

    def __init__(self, pattern: str, code: str, error: str):
        super().__init__(pattern, error=error)
        self.code = code

    def _format_error(self, value) -> str:
        return Coded(super()._format_error(value), self.code)


class StrictSchema(ma.Schema):
    """Unknown fields are refused (a typo must not be silently ignored)."""

    class Meta:
        unknown = ma.RAISE


def printable(text: str) -> None:
    """Valid Unicode (no lone surrogates) without invisible or reordering characters: no
    control characters (C0, DEL, C1 such as U+0085; NUL breaks PostgreSQL text), no format
    characters (bidi overrides such as U+202E, zero-width U+200B, U+FEFF), no line or
    paragraph separators, no private-use characters. A name must read as it is stored."""
    if CONTROL.search(text) or any(unicodedata.category(ch) in HIDDEN_CATEGORIES for ch in text):
        raise ma.ValidationError(Coded("control, bidi, zero-width and other invisible characters are not allowed",
                                       "invalid_characters"))
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise ma.ValidationError(Coded("not valid Unicode text", "invalid_characters")) from None


def text(max_length: int, **kwargs) -> fields.String:
    return fields.String(validate=[validate.Length(1, max_length), printable], **kwargs)


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
