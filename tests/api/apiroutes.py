"""The app's write routes, read from its URL map (so new endpoints are covered by default)."""

from __future__ import annotations

import re

WRITE_METHODS = {"POST", "PUT", "PATCH", "DELETE"}
BODY_METHODS = {"POST", "PUT", "PATCH"}
_CONVERTER = re.compile(r"<(?:[^:>]+:)?([^>]+)>")


def write_routes(app, methods=WRITE_METHODS) -> list[tuple[str, str, str | None]]:
    """(method, rule with plain <params>, declared role) of every write route under /api/."""
    routes = []
    for rule in app.url_map.iter_rules():
        if not rule.rule.startswith("/api/"):
            continue
        for method in sorted((rule.methods or set()) & methods):
            role = getattr(app.view_functions[rule.endpoint], "_roadsvc_role", None)
            routes.append((method, _CONVERTER.sub(r"<\1>", rule.rule), role))
    return routes


def fill(rule: str, values: dict[str, object] | None = None) -> str:
    """The rule with each <param> replaced by values[param] (1 when not given)."""
    return re.sub(r"<([^>]+)>", lambda m: str((values or {}).get(m.group(1), 1)), rule)
