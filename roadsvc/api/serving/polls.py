"""A display's poll answered 304 before Flask: one indexed read and a header compare.

A table display polls its roads every second or two with the ETag it holds, and nearly every
answer is 304. Built by Flask, that answer costs a request context, URL matching, the hooks,
three view wrappers and a response object, for two headers. `ConditionalPolls` (WSGI
middleware, inside roadsvc.api.serving.operations.RequestEnvelope, so the request ID and the security
headers are the same) answers a poll that is current itself, with the same checks the view
makes, through the same functions:

* the key is one the key cache verified lately (`KeyVerifier.cached`), its role has the
  route's capability, and a key bound to a table is at its own table;
* the table deals the route's game (`TableGames`, read once per table);
* the route's revision read gives the ETag the poll holds (the view's `etag`).

Anything else (no or unknown key, a signed link, another query, no shoe, a changed revision,
another game, a cross-origin request, whose CORS headers are flask-cors's to give) goes on to Flask unchanged, which answers it as it always has: the fast path
can only answer 304, and only when Flask would. Each answer is counted in the same metrics
(route, status) and logged at DEBUG, as a 304 is (docs/operations.md).

A route registers a `PollRoute` (the roads here; the other games' polled reads the same way).
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from typing import Callable
from urllib.parse import parse_qsl

from werkzeug.datastructures import EnvironHeaders

from roadsvc.api.serving import logs, metrics
from roadsvc.api.docs import MAX_ID
from roadsvc.persistence.engine import Database
from roadsvc.services.errors import DomainError, NotFound
from roadsvc.services.games import TableGames
from roadsvc.services.keys import KeyVerifier, Principal, presented_in

NOT_MODIFIED = "304 NOT MODIFIED"


@dataclass(frozen=True)
class PollRoute:
    """A polled read: its path (with the table id as group 1), its URL rule (the metrics' and the
    log's `route`), the capability and game it needs, and its current ETag given the query
    (None: not a query the fast path knows; Flask answers it)."""

    path: re.Pattern
    route: str
    capability: str
    game: str
    current_tag: Callable[[Database, int, dict[str, str]], str | None]


class ConditionalPolls:
    def __init__(self, wsgi_app, routes: tuple[PollRoute, ...], db: Database, keys: KeyVerifier, games: TableGames):
        self.wsgi_app, self.routes, self.db, self.keys, self.games = wsgi_app, routes, db, keys, games

    def __call__(self, environ: dict, start_response):
        given = environ.get("HTTP_IF_NONE_MATCH")
        if given and environ["REQUEST_METHOD"] == "GET" and "HTTP_ORIGIN" not in environ:
            answered = self.not_modified(environ, given)
            if answered is not None:
                start_response(NOT_MODIFIED, answered)
                return []
        return self.wsgi_app(environ, start_response)

    def not_modified(self, environ: dict, given: str) -> list[tuple[str, str]] | None:
        """The 304's headers if the poll is current and allowed; None to let Flask answer."""
        path = environ.get("PATH_INFO", "")
        for route in self.routes:
            match = route.path.fullmatch(path)
            if match is not None:
                return self._poll(environ, given, route, int(match.group(1)))
        return None

    def _poll(self, environ: dict, given: str, route: PollRoute, table_id: int) -> list[tuple[str, str]] | None:
        started = time.perf_counter()
        if not 1 <= table_id <= MAX_ID:
            return None
        principal = self._allowed(environ, route, table_id)
        query = _plain_query(environ.get("QUERY_STRING", ""))
        if principal is None or query is None or self.games.game_of(table_id) != route.game:
            return None
        try:
            tag = route.current_tag(self.db, table_id, query)
        except (NotFound, DomainError):
            return None
        if tag is None or given != f'"{tag}"':
            return None
        seconds = time.perf_counter() - started
        metrics.count("GET", route.route, 304, seconds)
        logs.log_poll(environ, route.route, principal, table_id, seconds)
        return [("ETag", f'"{tag}"'), ("Cache-Control", "no-cache")]

    def _allowed(self, environ: dict, route: PollRoute, table_id: int) -> Principal | None:
        plain = presented_in(EnvironHeaders(environ))
        principal = self.keys.cached(plain) if plain is not None else None
        if principal is None or not principal.can(route.capability):
            return None
        return principal if principal.table_id in (None, table_id) else None


def _plain_query(query_string: str) -> dict[str, str] | None:
    """The query as a dict when no parameter repeats (Flask's checks refuse a repeat); else None."""
    if not query_string:
        return {}
    pairs = parse_qsl(query_string, keep_blank_values=True)
    query = dict(pairs)
    return query if len(query) == len(pairs) else None
