"""Who may call: `Authorization: Bearer <key>` or `X-API-Key: <key>`, checked per view; a read
without a key may come from a pit boss's signed-in page (its session cookie, never the key).

`@requires(POST_HANDS)` on a view: 401 without a valid key, 403 when the key's role lacks
the capability (the table in roadsvc.services.capabilities), and for a key bound to a
table, 403 `wrong_table` on every path that is not about its table: a table path
(`table_id`), a shoe or a match path (the shoe's or the match's table, read once per process:
roadsvc.services.scopes), or a path about no table. The view keeps
its capability in `_roadsvc_capability`, so the route walk checks every route against
every role. The key's documentation (security, the capability in the description) goes
through flask-smorest's public `Blueprint.doc`, together with any other documentation
the view passes (`requires(READ, responses=...)`), so the view is wrapped once for all of it.
"""

from __future__ import annotations

from functools import wraps
from typing import Any, Callable, Mapping

from flask import current_app, g, request, session
from flask_smorest import Blueprint

from roadsvc.api.context import database, now, table_games, table_scopes
from roadsvc.services.capabilities import ALL_CAPABILITIES, READ_HIDDEN_CARDS, ROLES, roles_with
from roadsvc.api.serving.limits import rate_limits
from roadsvc.domain.games import GAMES
from roadsvc.services.errors import Unauthenticated
from roadsvc.services.pit import page_sessions
from roadsvc.services.keys.principals import Principal, authorize, presented_in
from roadsvc.services.keys.verifier import KeyVerifier

MAX_KEY_LENGTH = 200
READS = frozenset({"GET", "HEAD"})
SECURITY = [{"bearer": []}, {"api_key": []}]
SECURITY_SCHEMES = {
    "bearer": {"type": "http", "scheme": "bearer", "description": "Authorization: Bearer rs_..."},
    "api_key": {"type": "apiKey", "in": "header", "name": "X-API-Key"},
}


def presented_key() -> str | None:
    return presented_in(request.headers)


def current_principal() -> Principal:
    """The caller's principal, verified through the app's KeyVerifier; 401 otherwise.

    A key verified lately passes at once; any other attempt is rate-limited per client
    address (roadsvc.api.serving.limits): spent, it is answered 429 before any lookup."""
    plain = presented_key()
    if plain is None:
        signed_in = page_session_principal()
        if signed_in is not None:
            return signed_in
    verifier: KeyVerifier = current_app.extensions["roadsvc.keys"]
    principal = verifier.cached(plain) if plain is not None else None
    return principal or rate_limits().authenticate(lambda: _verified(plain, verifier))


def _verified(plain: str | None, verifier: KeyVerifier) -> Principal:
    if plain is None:
        raise Unauthenticated("missing_key", "send an API key: Authorization: Bearer <key> or X-API-Key")
    principal = verifier.verify(plain) if len(plain) <= MAX_KEY_LENGTH else None
    if principal is None:
        raise Unauthenticated("invalid_key", "this API key is unknown or revoked")
    return principal


def page_session_principal() -> Principal | None:
    """A read without a key from a pit boss's signed-in page (roadsvc.web.sessions): its
    session cookie names the key, re-read on every request. Reads only: a write by cookie
    alone could be forged by another site; writes need the key (or the pages' CSRF-checked forms).
    The session is checked on the server as the pages check it (roadsvc.services.pit.page_sessions)."""
    if request.method not in READS or not request.cookies:
        return None
    token = session.get(page_sessions.TOKEN)
    if token is None:
        return None
    return page_sessions.check(database(), token, now(), current_app.extensions[page_sessions.LIFETIMES])


def hidden_cards_reader() -> bool:
    """May this request read hidden cards (a seat's hand, a hidden bottom)? Only with a key that holds
    `read_hidden_cards` presented on the request: a signed-in page's cookie never does, whoever signed in
    (a page is a screen in the pit, seen by more eyes than its reader's)."""
    return presented_key() is not None and g.principal.can(READ_HIDDEN_CARDS)


def _docstring_body(view: Callable) -> str:
    parts = (view.__doc__ or "").strip().split("\n\n", 1)
    return " ".join(parts[1].split()) if len(parts) > 1 else ""


def _only_table_asked(bound: int) -> int | None:
    """`bound` if the query names that table and no other, else None."""
    asked = set(request.args.getlist("table_id"))
    return bound if asked == {str(bound)} else None


def requires(capability: str, tables_in_query: bool = False, **doc: Any) -> Callable:
    """Decorator: the view needs a key whose role has `capability` (and, for a key bound
    to a table, a request about that table).

    `tables_in_query`: the view's tables are its `?table_id=` filter (the event stream); a
    bound key must name its own table there, and only it.
    `doc`: more OpenAPI for the view (parameters, responses...), as `blp.doc` takes it.
    """
    check_capability(capability)

    def decorator(view: Callable) -> Callable:
        return key_doc(view, capability, doc)(guarded(view, capability, tables_in_query))

    return decorator


def check_capability(capability: str) -> None:
    if capability not in ALL_CAPABILITIES:
        hint = " (roles are no longer a ladder: name a capability)" if capability in ROLES else ""
        raise ValueError(f"unknown capability {capability!r}{hint}; see roadsvc.services.capabilities")


def guarded(view: Callable, capability: str, tables_in_query: bool = False) -> Callable:
    """`view` behind the key check (undocumented: `key_doc` documents it)."""

    game = game_of_view(view)

    @wraps(view)
    def wrapper(*args, **kwargs):
        principal = current_principal()
        table_id = kwargs.get("table_id")
        if principal.table_id is not None:
            table_id = table_scopes().table_of(kwargs)
            if table_id is None and tables_in_query:
                table_id = _only_table_asked(principal.table_id)
        authorize(principal, capability, table_id)
        g.principal = principal
        rate_limits().count_write(principal)
        require_table_game(game, kwargs)
        return view(*args, **kwargs)

    wrapper._roadsvc_capability = capability
    return wrapper


def key_doc(view: Callable, capability: str, doc: dict[str, Any], more: str = "") -> Callable:
    """flask-smorest's public `Blueprint.doc` with the key's security and the capability
    (plus `more`) in the description, together with the view's own `doc`: one wrapper."""
    doc = dict(doc)
    roles = ", ".join(roles_with(capability))
    description = (doc.pop("description", None) or _docstring_body(view)) + (
        f"\n\nNeeds the **{capability}** capability (roles: {roles}).{more}"
    )
    return Blueprint.doc(security=SECURITY, description=description, **doc)


# A game's paths answer only for its own tables. A view in roadsvc/api/<game>/ (a game of
# roadsvc.domain.games) is a path of that game: `game_of_view` names it once, when the view is
# decorated; `require_table_game` checks a request's `table_id` against the table's game
# (roadsvc.services.games) after the key (`guarded`; a signed read link: roadsvc.api.read_links).
# A path about a shoe or a hand needs no check: only a table of its game has them.


def game_of_view(view: Callable) -> str | None:
    """`baccarat` for a view in roadsvc.api.baccarat...; None for a shared view."""
    parts = view.__module__.split(".")
    if len(parts) > 3 and parts[:2] == ["roadsvc", "api"] and parts[2] in GAMES:
        return parts[2]
    return None


def require_table_game(game: str | None, view_args: Mapping[str, Any]) -> None:
    """Refuse (409 wrong_game) a path of `game` about a table of another game."""
    table_id = view_args.get("table_id")
    if game is not None and table_id is not None:
        table_games().require(table_id, game)
