"""What every request must be before any view sees it: a JSON body that is really JSON, and
unambiguous query parameters.

Checked once per request (`check_request`, a before_request hook), each refusal with a
stable code and nothing changed:

* a body that is not `application/json` on a write: 415 `unsupported_media_type`, with or
  without Content-Length (a chunked body too);
* a chunked body that cannot be read (a malformed chunk): 400 `invalid_chunked_body`; one
  that reaches MAX_CONTENT_LENGTH: 413 `body_too_large`;
* JSON that is invalid, names a key twice in one object (`duplicate_key`: the last would
  silently win), holds an integer of more than MAX_DIGITS digits (`number_too_long`:
  Python refuses to convert 4,300 and more, and no field takes more than a few), or NaN
  and Infinity (not JSON): 400;
* a query parameter given twice (`?cell=24&cell=30`): 422 `repeated_parameter`, except
  the few documented as lists (REPEATABLE: the event stream's `?table_id=1&table_id=2`);
* a query parameter the operation does not document: 422 `unknown_parameter`
  (roadsvc.api.serving.parameters).

webargs parses the (cached) body again for the view's schema; bodies are small (64 KiB
at most), so the second parse costs microseconds.
"""

from __future__ import annotations

import json
from functools import lru_cache
from urllib.parse import parse_qsl

from flask import current_app, request
from werkzeug.exceptions import BadRequest

from roadsvc.api.errors import error_response
from roadsvc.api.serving.parameters import unknown_parameter

BODY_METHODS = {"POST", "PUT", "PATCH"}
MAX_DIGITS = 100
REPEATABLE = {"/api/v1/events": frozenset({"table_id"})}  # path -> query parameters that are lists


class BodyRefused(ValueError):
    def __init__(self, status: int, code: str, message: str, field: str | None = None):
        super().__init__(message)
        self.status, self.code, self.message, self.field = status, code, message, field


def check_request():
    """The before_request hook: None to go on, or the refusal (a GET without a query: at once)."""
    environ = request.environ
    try:
        if environ.get("QUERY_STRING"):
            _check_query(request.query_string)
        if environ["REQUEST_METHOD"] in BODY_METHODS:
            _check_body()
    except BodyRefused as refused:
        return error_response(refused.status, refused.code, refused.message, refused.field)
    return None


def _check_query(query_string: bytes) -> None:
    repeated = repeated_parameter(query_string, REPEATABLE.get(request.path, frozenset()))
    if repeated is not None:
        raise BodyRefused(422, "repeated_parameter", f"{repeated} is given more than once", repeated)
    unknown = unknown_parameter(request.args.keys())
    if unknown is not None:
        raise BodyRefused(422, "unknown_parameter", f"{unknown} is not a parameter of this operation (see the "
                          "OpenAPI document)", unknown)


@lru_cache(maxsize=1024)
def repeated_parameter(query_string: bytes, lists: frozenset[str] = frozenset()) -> str | None:
    """The first parameter named twice in the query, `lists` aside (cached: a display repeats its URL)."""
    seen: set[str] = set()
    for name, _ in parse_qsl(query_string.decode("utf-8", "replace"), keep_blank_values=True):
        if name in seen and name not in lists:
            return name
        seen.add(name)
    return None


def _check_body() -> None:
    chunked = "chunked" in request.headers.get("Transfer-Encoding", "").lower()
    if not (request.content_length or chunked):
        return
    if not request.is_json:
        raise BodyRefused(415, "unsupported_media_type", "send the body as application/json")
    data = _read(chunked)
    if data:
        parse_strict(data)


def _read(chunked: bool) -> bytes:
    limit = current_app.config.get("MAX_CONTENT_LENGTH")
    try:
        data = request.get_data(cache=True)  # above MAX_CONTENT_LENGTH: werkzeug's 413
    except (OSError, ValueError, BadRequest):  # werkzeug: OSError as ClientDisconnected; gunicorn: IOError
        raise BodyRefused(400, "invalid_chunked_body", "the body could not be read: a malformed chunk") from None
    # werkzeug stops a chunked body at the limit without a word: a body that reaches it is too large.
    if chunked and limit is not None and len(data) >= limit:
        raise BodyRefused(413, "body_too_large", f"the body is larger than {limit - 1} bytes")
    return data


def parse_strict(data: bytes) -> object:
    """JSON as the API takes it: one value per key, integers of at most MAX_DIGITS digits."""
    try:
        return json.loads(data, object_pairs_hook=_no_duplicates, parse_int=_bounded_int, parse_constant=_no_constant)
    except BodyRefused:
        raise
    except RecursionError:
        raise BodyRefused(400, "invalid_json", "the body is nested too deeply") from None
    except ValueError:  # JSONDecodeError, UnicodeDecodeError
        raise BodyRefused(400, "invalid_json", "the body is not valid JSON") from None


def _no_duplicates(pairs: list[tuple[str, object]]) -> dict:
    body: dict = {}
    for key, value in pairs:
        if key in body:
            raise BodyRefused(400, "duplicate_key", f"the key {key!r} is given more than once in one object", key)
        body[key] = value
    return body


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise BodyRefused(400, "number_too_long", f"a number has at most {MAX_DIGITS} digits")
    return int(text)


def _no_constant(name: str) -> object:
    raise BodyRefused(400, "invalid_json", f"{name} is not JSON")
