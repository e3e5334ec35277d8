"""The live event stream: GET /api/v1/events (Server-Sent Events, docs/events.md).

Auth is the reads' own (`@requires(READ)`, a key in the Authorization or X-API-Key
header; never in the URL). The floor page's session cookie (a later issue) plugs in where
every read finds its caller: roadsvc.api.auth.current_principal. Pit boss and admin keys
(the monitor capability) also see the operators' events (`audience="operators"`: alerts, odds).
"""

from __future__ import annotations

import time
from functools import lru_cache

from flask import Response, current_app, request
from flask_smorest import Blueprint

from roadsvc.api.auth import requires
from roadsvc.api.context import database, now, principal
from roadsvc.api.docs import error_responses
from roadsvc.services.capabilities import MONITOR, READ
from roadsvc.persistence.repositories import table_exists
from roadsvc.services.errors import DomainError, NotFound, Unauthenticated
from roadsvc.services.events import ALL, OPERATORS
from roadsvc.services.keys.principals import Principal, authorize
from roadsvc.stream.engine.handover import ENGINE_HEADER
from roadsvc.stream.grants import Grant, grant_of
from roadsvc.stream.hub import EventHub
from roadsvc.stream.sse import EventStream, StreamView, starting_point

blp = Blueprint("events", __name__, description="Live events: every committed change, as Server-Sent Events")

HUB = "roadsvc.events"
HANDOVER = "roadsvc.engine"
EXAMPLE = (
    "id: 41\nretry: 2000\n: roadsvc events\n\n"
    "id: 42\nevent: hand\ndata: {\"table_id\":1,\"shoe_id\":3,\"revision\":18,\"number\":15,\"result\":\"banker\", ...}\n\n"
    ": keep-alive\n\n"
)


def hub() -> EventHub:
    return current_app.extensions[HUB]


@blp.route("/events", methods=["GET"])
@requires(
    READ,
    tables_in_query=True,
    parameters=[
        {"in": "query", "name": "table_id", "schema": {"type": "array", "items": {"type": "integer"}},
         "style": "form", "explode": True, "description": "Only these tables (repeat the parameter)."},
        {"in": "header", "name": "Last-Event-ID", "schema": {"type": "integer"},
         "description": "Resume after this id: every later event, in order, once; `resync` first if it is older than "
                        "retention (`why: pruned`) or past the newest id the log had (`why: unknown_id`)."},
    ],
    responses={"200": {"description": "An event stream", "content": {"text/event-stream": {
        "schema": {"type": "string", "description": "Server-sent events (docs/events.md)"}, "example": EXAMPLE}}},
        "307": {"description": "Behind the push engine (docs/events.md, *The push engine*): the same stream at the "
                               "engine, a signed URL valid for seconds (follow it at once; reconnect here)",
                "headers": {"Location": {"schema": {"type": "string"}}}}},
)
@error_responses(401, 403, 404, 422)
def stream_events():
    """Stream every committed change

    Every game's events, each with its fields and who receives it, are listed in docs/events.md
    (baccarat: `hand`, `void`, `correction`, `shoe_opened`...; 百人牛牛: `round`, `slip`,
    `banker_queue`, `seats`...; 打棒: `dabang`; every game: `table_changed`, `alert`, `resync`).
    Each has an `id:` from one increasing sequence and JSON `data:` with `table_id`, `shoe_id`,
    `revision`.
    A `hand` carries its `number`, `result`, pairs, `bead` and `big_road` mark. A keep-alive
    comment follows at most 15 s of quiet. Asked for as a connection's first request (as through
    nginx's stream upstream), the stream has neither a length nor chunks: it runs to the end of the
    connection (`Connection: close`), and the client reconnects with `Last-Event-ID`.
    """
    caller = principal()
    view = StreamView(_tables(caller), _audiences(caller))
    last_event_id = _last_event_id()
    target = _engine_target(view, caller, last_event_id)
    if target is not None:  # the client follows it to the engine, which checks the signature (docs/events.md)
        return Response(status=307, headers={"Location": target, "Cache-Control": "no-store"})
    start = starting_point(hub(), last_event_id)
    config = current_app.config
    grant = _grant(caller)
    if _through_engine() and current_app.extensions[HANDOVER].serves(view.tables, view.audiences):
        grant = grant.until(time.monotonic() + config["ENGINE_FALLBACK_SECONDS"])  # then back to the engine
    body = EventStream(hub(), start, view, keepalive=config["EVENTS_KEEPALIVE"], retry_ms=config["EVENTS_RETRY_MS"],
                       grant=grant)
    headers = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
    # Passed through as it is (werkzeug wraps no encoding generator and closing iterator around
    # it): the stream's bytes are already bytes, and roadsvc's worker finds the EventStream itself
    # as the response's body, to detach it (roadsvc.stream.worker).
    return Response(body, mimetype="text/event-stream", headers=headers, direct_passthrough=True)


def _grant(caller: Principal) -> Grant:
    """The stream's grant (roadsvc.stream.grants); 401 when this process's hub has already read that its key was
    revoked or its page session ended (a key cache may trust a revoked key for ROADSVC_KEY_CACHE_TTL seconds:
    a stream must not reopen on it)."""
    grant = grant_of(caller, now(), time.monotonic())
    if hub().ended(grant):
        if caller.session_id is not None:
            raise Unauthenticated("session_ended", "this page's session has ended: sign in again")
        raise Unauthenticated("invalid_key", "this API key is unknown or revoked")
    return grant


def _engine_target(view: StreamView, caller: Principal, last_event_id: int | None) -> str | None:
    """The engine's signed URL for a stream that came through it (nginx sets the header); None: served here."""
    if not _through_engine():
        return None
    return current_app.extensions[HANDOVER].target(view.tables, view.audiences, caller.key_id, last_event_id,
                                                   caller.session_id)


def _through_engine() -> bool:
    """The stream came through the engine's nginx (which marks it) and this floor hands streams to the engine."""
    return bool(request.headers.get(ENGINE_HEADER)) and current_app.extensions.get(HANDOVER) is not None


def _tables(caller: Principal) -> frozenset[int] | None:
    """The tables asked for (each must exist and be readable; a key bound to a table names
    its table, as on every path)."""
    ids = frozenset(_positive_int(text, "table_id") for text in request.args.getlist("table_id"))
    for table_id in ids:
        authorize(caller, READ, table_id)
        if not table_exists(database(), table_id):  # the hot one-row lookup: a floor reconnects at once
            raise NotFound("table_not_found", f"no table {table_id}", "table_id")
    return _shared(ids) if ids else None


@lru_cache(maxsize=4096)
def _shared(tables: frozenset[int]) -> frozenset[int]:
    """One instance of each set of tables asked for: thousands of displays name the same table,
    and each stream holds its set for hours."""
    return tables


EVERYONE, OPERATORS_TOO = frozenset({ALL}), frozenset({ALL, OPERATORS})  # shared by the streams


def _audiences(caller: Principal) -> frozenset[str]:
    return OPERATORS_TOO if caller.can(MONITOR) else EVERYONE


def _last_event_id() -> int | None:
    text = request.headers.get("Last-Event-ID")
    return None if text is None or not text.strip() else _positive_int(text, "Last-Event-ID", minimum=0)


def _positive_int(text: str, field: str, minimum: int = 1) -> int:
    text = text.strip()
    if not text.isdigit() or int(text) < minimum or len(text) > 18:
        raise DomainError(f"invalid_{field.lower().replace('-', '_')}", f"{field} must be an integer >= {minimum}", field)
    return int(text)
