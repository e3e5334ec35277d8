"""Every error answers JSON {code, message, field}; never a stack trace, never HTML.

flask-smorest funnels HTTP errors (abort, webargs validation, 404/405/413 from
werkzeug) through `Api.handle_http_exception`; the use cases' refusals arrive as
DomainError (422) or a ServiceError kind; the database unreachable (a failover) is a 503
`database_unavailable` with Retry-After; anything else unexpected is a logged 500.
"""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from flask import Flask, current_app, g, jsonify
from werkzeug.exceptions import HTTPException, MethodNotAllowed

from roadsvc.api.serving.request_ids import current_request_id
from roadsvc.persistence.availability import database_unavailable
from roadsvc.services.errors import (
    Conflict,
    DomainError,
    Forbidden,
    NotFound,
    ServiceError,
    TooManyRequests,
    Unauthenticated,
)

STATUS_CODES = {
    400: "bad_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    409: "conflict",
    413: "body_too_large",
    415: "unsupported_media_type",
    422: "validation_error",
    429: "too_many_requests",
    500: "internal_error",
}
# Seconds a client waits before retrying a request that met the database switching over (docs/deployment.md,
# *Failover timing*: a crashed primary's standby takes over within a few seconds).
DATABASE_RETRY_AFTER = 2
SERVICE_STATUS = {NotFound: 404, Conflict: 409, Unauthenticated: 401, Forbidden: 403, TooManyRequests: 429}


class ErrorSchema(ma.Schema):
    """The body of every error response."""

    code = ma.fields.String(required=True, metadata={"description": "Stable machine-readable code", "example": "hand_conflict"})
    message = ma.fields.String(required=True, metadata={"description": "What went wrong, for a person"})
    field = ma.fields.String(allow_none=True, metadata={"description": "The offending input, dotted (cards.player[2])"})
    request_id = ma.fields.String(metadata={"description": "The request's X-Request-ID (the caller's, or one made for it)"})
    game = ma.fields.String(metadata={"description": "wrong_game only: the game the table deals (baccarat, niuniu, "
                                                     "dabang)"})
    match_id = ma.fields.Integer(metadata={"description": "table_busy only: the table's unfinished 打棒 match"})


def error_response(status: int, code: str, message: str, field: str | None = None, headers: dict | None = None,
                   details: dict | None = None):
    g.error_code = code  # for the request's log line and the refusals metric
    body = {"code": code, "message": message, "field": field, "request_id": current_request_id()}
    response = jsonify({**body, **details} if details else body)
    response.status_code = status
    response.headers.extend(headers or {})
    return response


def handle_http_exception(error: HTTPException):
    """werkzeug/flask-smorest HTTP errors, including webargs' 400/422, in our shape."""
    status = error.code or 500
    data = getattr(error, "data", None) or {}
    code, message, field = STATUS_CODES.get(status, "http_error"), error.description or error.name, None
    if "messages" in data or "errors" in data:
        field, message = first_error(data.get("messages", data.get("errors")))
        code = getattr(message, "code", code)  # a Coded message (roadsvc.api.schemas.common)
        if status == 400 and field == "json":
            code, message, field = "invalid_json", "the body is not valid JSON", None
    elif "message" in data:
        message = data["message"]
    headers = dict(data.get("headers") or {})
    if isinstance(error, MethodNotAllowed) and error.valid_methods:
        headers["Allow"] = ", ".join(sorted(error.valid_methods))
    return error_response(status, code, _plain(message), field, headers)


def first_error(messages: Any, path: tuple[str, ...] = ()) -> tuple[str | None, str]:
    """The first offending field (dotted, a list's item by its index: `bets[0].stake`, as the domain
    names it) and its message from marshmallow's error dict."""
    if isinstance(messages, dict) and messages:
        key, value = next(iter(messages.items()))
        if not path and key in {"json", "query", "view_args", "headers", "form"} and isinstance(value, dict):
            return first_error(value, path)
        if isinstance(key, int) and path:  # a list's item: bets[0], as the rules name it
            return first_error(value, (*path[:-1], f"{path[-1]}[{key}]"))
        step = () if key in {"_schema", "value"} else (str(key),)
        return first_error(value, path + step)
    if isinstance(messages, list) and messages:
        return first_error(messages[0], path) if not isinstance(messages[0], str) else (_join(path), messages[0])
    return _join(path), str(messages) if messages else "invalid input"


def _join(path: tuple[str, ...]) -> str | None:
    return ".".join(path) if path else None


def _plain(message: str) -> str:
    return " ".join(str(message).split())


def handle_domain_error(error: DomainError):
    return error_response(422, error.code, error.message, error.field)


def handle_service_error(error: ServiceError):
    status = next((s for kind, s in SERVICE_STATUS.items() if isinstance(error, kind)), 500)
    headers = {"WWW-Authenticate": 'Bearer realm="roadsvc"'} if status == 401 else None
    if isinstance(error, TooManyRequests):
        headers = {"Retry-After": str(error.retry_after)}
    return error_response(status, error.code, error.message, error.field, headers, error.details)


def handle_too_deep(error: RecursionError):
    """JSON nested deeper than the parser's recursion limit is malformed input, not a crash."""
    return error_response(400, "invalid_json", "the body is nested too deeply")


def handle_unexpected(error: Exception):
    if database_unavailable(error):  # a failover, or the database unreachable: the request may be sent again
        current_app.logger.warning("database unavailable: %s: %s", type(error).__name__,
                                   str(error).splitlines()[0] if str(error) else "")
        return error_response(503, "database_unavailable", "the database is unavailable (a switch to its standby may "
                              "be under way); send the same request again", headers={"Retry-After": str(DATABASE_RETRY_AFTER)})
    current_app.logger.exception("unhandled error: %s", error)
    return error_response(500, "internal_error", "the server failed; the request was not applied")


def register_errorhandlers(app: Flask) -> None:
    app.register_error_handler(HTTPException, handle_http_exception)
    app.register_error_handler(DomainError, handle_domain_error)
    app.register_error_handler(ServiceError, handle_service_error)
    app.register_error_handler(RecursionError, handle_too_deep)
    app.register_error_handler(Exception, handle_unexpected)
