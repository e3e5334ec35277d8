"""Shared OpenAPI pieces: the id path converter, error examples and their responses.

Views are documented with flask-smorest's public decorators only (`blp.doc`,
`blp.response`, `blp.alt_response`, `blp.arguments`). Each wraps the view once, so a
polled view takes one `blp.doc` carrying all of its documentation (roadsvc.api.auth's
`requires` passes it on), not a decorator per status.
"""

from __future__ import annotations

from typing import Callable

from flask_smorest import Blueprint
from werkzeug.routing import BaseConverter, IntegerConverter, UnicodeConverter

from roadsvc.render.params import ROAD_NAMES

MAX_ID = 2**31 - 1


class IdConverter(IntegerConverter):
    """A positive database id; anything larger than the id column holds is a 404."""

    def __init__(self, map, *args, **kwargs):
        super().__init__(map, min=1, max=MAX_ID)


def id_parameter_schema(converter: IdConverter) -> dict:
    return {"type": "integer", "minimum": 1, "maximum": MAX_ID}


class ShiftDateConverter(BaseConverter):
    """A shift's local date in a path (any segment: the view answers a malformed one 422 naming `date`);
    documented as `format: date`, so the contract fuzzer sends real dates (and the edges of the calendar)."""


class ShiftCodeConverter(BaseConverter):
    """A shift's name in a path (its start, HHMM; the view answers one that starts no shift 422 naming
    `shift`); documented as the enum of the floor's shifts (ROADSVC_FLOOR_SHIFTS), which `codes` holds."""

    codes: tuple[str, ...] = ()


def shift_date_schema(converter: ShiftDateConverter) -> dict:
    return {"type": "string", "format": "date", "example": "2026-12-07"}


def shift_code_schema(converter: ShiftCodeConverter) -> dict:
    return {"type": "string", "enum": list(converter.codes), "example": next(iter(converter.codes), "0600")}


def shift_code_converter(codes: list[str]) -> type[ShiftCodeConverter]:
    """The converter of the floor's shift names (the settings' starts, read when the app is made)."""
    return type("FloorShiftCodeConverter", (ShiftCodeConverter,), {"codes": tuple(codes)})
class RoadConverter(UnicodeConverter):
    """One road of a baccarat road image's path (`.../roads/<road:road>.png`): any segment reaches the view,
    which answers an unknown road 404 `road_not_found` naming the roads; the document names them (an enum)."""


def road_parameter_schema(converter: RoadConverter) -> dict:
    return {"type": "string", "enum": list(ROAD_NAMES)}


ERROR_EXAMPLES = {
    401: ("No valid API key", {"code": "missing_key", "message": "send an API key", "field": None}),
    403: ("The key's role or table does not allow this", {"code": "forbidden", "message": "this needs a pitboss key; yours is dealer", "field": None}),
    404: ("Not found", {"code": "table_not_found", "message": "no table 9", "field": "table_id"}),
    409: ("The current state refuses this", {"code": "hand_conflict", "message": "hand 5 is already stored with a different hand", "field": "number"}),
    422: ("The input breaks a rule", {"code": "third_card_rule", "message": "the player stands on 6", "field": "cards"}),
}


def error_doc(description: str, example: dict) -> dict:
    """An error response's OpenAPI: the Error schema, with an example."""
    return {"description": description,
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}, "example": example}}}


def error_responses_doc(*statuses: int) -> dict:
    """The OpenAPI responses of these error statuses (body: the Error schema, with an example)."""
    return {str(status): error_doc(*ERROR_EXAMPLES[status]) for status in statuses}


def error_responses(*statuses: int) -> Callable:
    """Decorator: document these error statuses on a view."""
    return Blueprint.doc(responses=error_responses_doc(*statuses))
