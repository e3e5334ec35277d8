"""Field kinds every schema uses: bounded integers, printable text, money, bet codes.

Every number is bounded and every string is checked here, so that no input can reach
the database as something it refuses (an integer overflow, a NUL byte) and answer 500.
"""

from __future__ import annotations

import decimal
import re

import marshmallow as ma
from marshmallow import fields, validate

CONTROL = re.compile(r"[\x00-\x1f\x7f]")
BET_CODE = validate.Regexp(r"^[a-z][a-z0-9_]{0,39}$", error="a code is lower-case letters, digits and _")
MAX_MONEY = decimal.Decimal("1000000000000")


class StrictSchema(ma.Schema):
    """Unknown fields are refused (a typo must not be silently ignored)."""

    class Meta:
        unknown = ma.RAISE


def printable(text: str) -> None:
    """No control characters (NUL breaks PostgreSQL text) and valid Unicode (no lone surrogates)."""
    if CONTROL.search(text):
        raise ma.ValidationError("control characters are not allowed")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise ma.ValidationError("not valid Unicode text") from None


def text(max_length: int, **kwargs) -> fields.String:
    return fields.String(validate=[validate.Length(1, max_length), printable], **kwargs)


def integer(low: int, high: int, **kwargs) -> fields.Integer:
    return fields.Integer(strict=True, validate=validate.Range(low, high), **kwargs)


class Money(fields.Decimal):
    """An exact amount with two places, loaded and stored as a string ("100.00"): never a float."""

    def __init__(self, **kwargs):
        super().__init__(places=2, as_string=True, allow_nan=False, **kwargs)

    def _deserialize(self, value, attr, data, **kwargs) -> str:
        if isinstance(value, bool):
            raise self.make_error("invalid")
        amount = super()._deserialize(value, attr, data, **kwargs)
        if not 0 <= amount <= MAX_MONEY:
            raise ma.ValidationError(f"an amount is from 0 to {MAX_MONEY}")
        return str(amount)


class Timestamps(ma.Schema):
    created_at = fields.DateTime(dump_only=True)
    updated_at = fields.DateTime(dump_only=True)


class Empty(StrictSchema):
    """No fields: the request carries no body (or `{}`)."""
