"""Shared OpenAPI pieces: the id path converter, error examples, common parameters."""

from __future__ import annotations

from typing import Callable

from werkzeug.routing import IntegerConverter

from roadsvc.api.errors import ErrorSchema

MAX_ID = 2**31 - 1


class IdConverter(IntegerConverter):
    """A positive database id; anything larger than the id column holds is a 404."""

    def __init__(self, map, *args, **kwargs):
        super().__init__(map, min=1, max=MAX_ID)


def id_parameter_schema(converter: IdConverter) -> dict:
    return {"type": "integer", "minimum": 1, "maximum": MAX_ID}


ERROR_EXAMPLES = {
    401: ("No valid API key", {"code": "missing_key", "message": "send an API key", "field": None}),
    403: ("The key's role or table does not allow this", {"code": "forbidden", "message": "this needs a pitboss key; yours is dealer", "field": None}),
    404: ("Not found", {"code": "table_not_found", "message": "no table 9", "field": "table_id"}),
    409: ("The current state refuses this", {"code": "hand_conflict", "message": "hand 5 is already stored with a different hand", "field": "number"}),
    422: ("The input breaks a rule", {"code": "third_card_rule", "message": "the player stands on 6", "field": "cards"}),
}


def error_responses(blp, *statuses: int) -> Callable:
    """Document these error statuses on a view (body: ErrorSchema, with an example)."""

    def decorator(view: Callable) -> Callable:
        for status in statuses:
            description, example = ERROR_EXAMPLES[status]
            view = blp.alt_response(status, schema=ErrorSchema, description=description, example=example)(view)
        return view

    return decorator
