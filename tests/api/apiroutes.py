"""The app's routes, read from its URL map (so new endpoints are covered by default)."""

from __future__ import annotations

import re

from roadsvc.services.capabilities import roles_with

WRITE_METHODS = {"POST", "PUT", "PATCH", "DELETE"}
BODY_METHODS = {"POST", "PUT", "PATCH"}
_CONVERTER = re.compile(r"<(?:[^:>]+:)?([^>]+)>")


ALL_METHODS = WRITE_METHODS | {"GET"}


def write_routes(app, methods=WRITE_METHODS) -> list[tuple[str, str, str | None]]:
    """(method, rule with plain <params>, declared capability) of every write route under /api/."""
    return api_routes(app, methods)


def api_routes(app, methods=ALL_METHODS) -> list[tuple[str, str, str | None]]:
    """(method, rule with plain <params>, declared capability or None) of every route under /api/."""
    routes = []
    for rule in app.url_map.iter_rules():
        if not rule.rule.startswith("/api/"):
            continue
        for method in sorted((rule.methods or set()) & methods):
            capability = getattr(app.view_functions[rule.endpoint], "_roadsvc_capability", None)
            routes.append((method, _CONVERTER.sub(r"<\1>", rule.rule), capability))
    return routes


def role_for(capability: str) -> str:
    """A role that holds `capability` (the first in the table)."""
    return roles_with(capability)[0]


def fill(rule: str, values: dict[str, object] | None = None) -> str:
    """The rule with each <param> replaced by values[param] (1 when not given)."""
    return re.sub(r"<([^>]+)>", lambda m: str((values or {}).get(m.group(1), 1)), rule)
