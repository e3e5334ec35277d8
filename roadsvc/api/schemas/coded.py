"""How a field's refusal carries its stable code: marshmallow's validators (so the OpenAPI shows their bounds,
patterns and enums) refusing with a `code` the API answers with (roadsvc.api.errors), and the strict schema that
refuses an unknown field."""

from __future__ import annotations

import marshmallow as ma
from marshmallow import validate


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


class CodedOneOf(validate.OneOf):
    """marshmallow's OneOf (so the OpenAPI shows the enum) refusing with `code`."""

    def __init__(self, choices, code: str, **kwargs):
        super().__init__(choices, **kwargs)
        self.code = code

    def _format_error(self, value) -> str:
        return Coded(super()._format_error(value), self.code)


class StrictSchema(ma.Schema):
    """Unknown fields are refused (a typo must not be silently ignored)."""

    class Meta:
        unknown = ma.RAISE
