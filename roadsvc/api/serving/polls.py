"""A display's poll answered before Flask: a 304 is one indexed read and a header compare, a 200
the same read and a body this process has cached.

A table display polls its roads every second or two with the ETag it holds, and nearly every
answer is 304. Built by Flask, that answer costs a request context, URL matching, the hooks,
three view wrappers and a response object, for two headers. `ConditionalPolls` (WSGI
middleware, inside roadsvc.api.serving.operations.RequestEnvelope, so the request ID and the security
headers are the same) answers a poll that is current itself, with the same checks the view
makes, through the same functions:

* the key is one the key cache verified lately (`KeyVerifier.cached`), its role has the
  route's capability, and a key bound to a table is at its own table;
* the table deals the route's game (`TableGames`, read once per table);
* the route's revision read gives the ETag the poll holds (the view's `etag`): 304;
* or, for a route that keeps its answers cached (the roads' snapshots, the lobby, the road images),
  the revision read finds the current answer in this process's cache: 200 with those bytes, the
  view's ETag and headers.

Anything else (no or unknown key, a signed link, another query, no shoe, a changed revision,
another game, a cross-origin request, whose CORS headers are flask-cors's to give, an answer not
cached yet) goes on to Flask unchanged, which answers it as it always has: the fast path answers
only what Flask would, byte for byte. Each answer is counted in the same metrics (route, status)
and logged as Flask's would be: a 304 at DEBUG, a 200 at INFO (docs/operations.md).

A route registers a `PollRoute` (the roads, a 百人牛牛 table's trend, the lobby, the floor, the road
images and the trend image). A route of no table (the lobby, the floor) has no table to check: only a key
bound to no table may read it, as in Flask. A route whose path names more than the table (an image's road
and format) hands those to its functions as keywords; a route that Flask refuses in some state of the app
(the images without their font: 503) says when it may answer (`ready`). A route whose answer depends on
the caller (the floor: money for a `read_money` key) gives its current (ETag, body) from the caller
instead (`answer`).
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from typing import Any, Callable, Mapping
from urllib.parse import parse_qsl

from werkzeug.datastructures import EnvironHeaders

from roadsvc.api.serving import logs, metrics
from roadsvc.api.context import DB, GAMES, KEYS
from roadsvc.api.docs import MAX_ID
from roadsvc.services.errors import DomainError, NotFound
from roadsvc.services.games import TableGames
from roadsvc.services.keys.principals import Principal, presented_in

NOT_MODIFIED, OK = "304 NOT MODIFIED", "200 OK"
JSON = "application/json"


@dataclass(frozen=True)
class PollRoute:
    """A polled read: its path (the table id as the group `table_id`, absent for a route of no table;
    any other named group is passed to the functions below as a keyword), its URL rule (the metrics'
    and the log's `route`), the capability and game it needs (None: any), its current ETag given the
    table and the query (None: not a query the fast path knows; Flask answers it), for a route whose
    answers are cached, its current (ETag, body) from the app's extensions when cached (None: Flask
    answers it) and the body's type (None: JSON), and whether the app may answer it at all now (None:
    always). A route whose answer depends on the caller gives `answer` instead: its current (ETag,
    JSON body or None when not cached) from the app's extensions, the caller and the query (None:
    Flask answers it)."""

    path: re.Pattern
    route: str
    capability: str
    game: str | None
    current_tag: Callable[..., str | None] | None = None  # (db, table_id, query, **path groups)
    cached_answer: Callable[..., tuple[str, bytes] | None] | None = None  # (extensions, table_id, query, **groups)
    ready: Callable[[Mapping[str, Any]], bool] | None = None
    content_type: Callable[..., str] | None = None  # (**path groups) -> a cached answer's type; None: JSON
    answer: Callable[[Mapping[str, Any], Principal, dict[str, str]], tuple[str, bytes | None] | None] | None = None


class ConditionalPolls:
    """The database, key cache and table games are the app's current ones (`extensions`, read per
    poll: roadsvc.app.init_state may make them anew)."""

    def __init__(self, wsgi_app, routes: tuple[PollRoute, ...], extensions: Mapping[str, Any]):
        self.wsgi_app, self.routes, self.extensions = wsgi_app, routes, extensions

    def __call__(self, environ: dict, start_response):
        if environ["REQUEST_METHOD"] == "GET" and "HTTP_ORIGIN" not in environ:
            answer = self.answer(environ)
            if answer is not None:
                status, headers, body = answer
                start_response(status, headers)
                return body
        return self.wsgi_app(environ, start_response)

    def answer(self, environ: dict) -> tuple[str, list[tuple[str, str]], list[bytes]] | None:
        """(status, headers, body) if the poll is allowed and its answer at hand; None to let Flask answer."""
        path = environ.get("PATH_INFO", "")
        for route in self.routes:
            match = route.path.fullmatch(path)
            if match is not None:
                groups = match.groupdict()
                table = groups.pop("table_id", None)
                return self._poll(environ, route, None if table is None else int(table), groups)
        return None

    def _poll(self, environ: dict, route: PollRoute, table_id: int | None, groups: dict[str, str]):
        started = time.perf_counter()
        given = environ.get("HTTP_IF_NONE_MATCH")
        cached = route.cached_answer is not None or route.answer is not None
        if (table_id is not None and not 1 <= table_id <= MAX_ID) or (not given and not cached):
            return None
        if route.ready is not None and not route.ready(self.extensions):
            return None
        principal = self._allowed(environ, route, table_id)
        query = _plain_query(environ.get("QUERY_STRING", ""))
        games: TableGames = self.extensions[GAMES]
        if principal is None or query is None or (route.game is not None and games.game_of(table_id) != route.game):
            return None
        try:
            answer = self._by_caller(route, principal, query, given) if route.answer is not None \
                else self._current(route, table_id, query, given, groups)
        except (NotFound, DomainError):
            return None
        if answer is not None:
            seconds = time.perf_counter() - started
            status = 304 if answer[0] == NOT_MODIFIED else 200
            metrics.count("GET", route.route, status, seconds)
            logs.log_poll(environ, route.route, principal, table_id, status, seconds)
        return answer

    def _current(self, route: PollRoute, table_id: int | None, query: dict[str, str], given: str | None,
                 groups: dict[str, str]):
        if given:
            tag = route.current_tag(self.extensions[DB], table_id, query, **groups)
            if tag is not None and given == f'"{tag}"':
                return NOT_MODIFIED, _headers(tag), []
            if not _one_strong_tag(given):  # a list, a weak tag or *: Flask parses it (it may match)
                return None
        found = route.cached_answer and route.cached_answer(self.extensions, table_id, query, **groups)
        if not found:
            return None
        tag, body = found
        content_type = route.content_type(**groups) if route.content_type else JSON
        return OK, [("Content-Type", content_type), ("Content-Length", str(len(body))), *_headers(tag)], [body]

    def _by_caller(self, route: PollRoute, principal: Principal, query: dict[str, str], given: str | None):
        found = route.answer(self.extensions, principal, query)
        if found is None:
            return None
        tag, body = found
        if given and given == f'"{tag}"':
            return NOT_MODIFIED, _headers(tag), []
        if body is None or (given and not _one_strong_tag(given)):  # a list, a weak tag or *: Flask parses it
            return None
        return OK, [("Content-Type", JSON), ("Content-Length", str(len(body))), *_headers(tag)], [body]

    def _allowed(self, environ: dict, route: PollRoute, table_id: int | None) -> Principal | None:
        plain = presented_in(EnvironHeaders(environ))
        principal = self.extensions[KEYS].cached(plain) if plain is not None else None
        if principal is None or not principal.can(route.capability):
            return None
        return principal if principal.table_id in (None, table_id) else None


def _headers(tag: str) -> list[tuple[str, str]]:
    """The view's own (roadsvc.api.revisions); the envelope adds the rest."""
    return [("ETag", f'"{tag}"'), ("Cache-Control", "no-cache")]


def _one_strong_tag(given: str) -> bool:
    return len(given) > 1 and given[0] == given[-1] == '"' and given.count('"') == 2


def _plain_query(query_string: str) -> dict[str, str] | None:
    """The query as a dict when no parameter repeats (Flask's checks refuse a repeat); else None."""
    if not query_string:
        return {}
    pairs = parse_qsl(query_string, keep_blank_values=True)
    query = dict(pairs)
    return query if len(query) == len(pairs) else None
