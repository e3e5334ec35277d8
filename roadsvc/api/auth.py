"""Who may call: `Authorization: Bearer <key>` or `X-API-Key: <key>`, checked per view.

`@requires("dealer")` on a view: 401 without a valid key, 403 below the role, and for a
dealer key bound to a table, 403 at any other table (the view's `table_id`). The view
function keeps its required role in `_roadsvc_role`, so a test can prove that every
write route declares one. The key's documentation (security, the role in the
description) goes through flask-smorest's public `Blueprint.doc`, together with any
other documentation the view passes (`requires("display", responses=...)`), so the view
is wrapped once for all of it.
"""

from __future__ import annotations

from functools import wraps
from typing import Any, Callable

from flask import current_app, g, request
from flask_smorest import Blueprint

from roadsvc.services.errors import Unauthenticated
from roadsvc.services.keys import KeyVerifier, Principal, authorize

MAX_KEY_LENGTH = 200
SECURITY = [{"bearer": []}, {"api_key": []}]
SECURITY_SCHEMES = {
    "bearer": {"type": "http", "scheme": "bearer", "description": "Authorization: Bearer rs_..."},
    "api_key": {"type": "apiKey", "in": "header", "name": "X-API-Key"},
}


def presented_key() -> str | None:
    header = request.headers.get("Authorization", "")
    if header[:7].lower() == "bearer ":
        return header[7:].strip() or None
    return request.headers.get("X-API-Key") or None


def current_principal() -> Principal:
    """The caller's principal, verified through the app's KeyVerifier; 401 otherwise."""
    plain = presented_key()
    if plain is None:
        raise Unauthenticated("missing_key", "send an API key: Authorization: Bearer <key> or X-API-Key")
    verifier: KeyVerifier = current_app.extensions["roadsvc.keys"]
    principal = verifier.verify(plain) if len(plain) <= MAX_KEY_LENGTH else None
    if principal is None:
        raise Unauthenticated("invalid_key", "this API key is unknown or revoked")
    return principal


def _docstring_body(view: Callable) -> str:
    parts = (view.__doc__ or "").strip().split("\n\n", 1)
    return " ".join(parts[1].split()) if len(parts) > 1 else ""


def requires(role: str, **doc: Any) -> Callable:
    """Decorator: the view needs a key of at least `role` (and the right table for dealers).

    `doc`: more OpenAPI for the view (parameters, responses...), as `blp.doc` takes it.
    """

    def decorator(view: Callable) -> Callable:
        @wraps(view)
        def wrapper(*args, **kwargs):
            principal = current_principal()
            authorize(principal, role, kwargs.get("table_id"))
            g.principal = principal
            return view(*args, **kwargs)

        wrapper._roadsvc_role = role
        description = (doc.pop("description", None) or _docstring_body(view)) + f"\n\nNeeds a **{role}** key or higher."
        return Blueprint.doc(security=SECURITY, description=description, **doc)(wrapper)

    return decorator
