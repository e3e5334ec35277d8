"""One rule for query parameters on every operation: only those its OpenAPI operation documents.

A parameter the operation does not document is refused 422 `unknown_parameter` naming it, before
the key is checked or the view runs: a typo (`?acount_id=`) must not be read as "no filter". The
document is the contract, so the known names are read from it once per app (the operation of the
request's URL rule and method; HEAD is GET's). A route that also takes a signed read link
(roadsvc.api.read_links) knows its `expires` and `sig`; the cache-buster `_` that browsers' scripts add
is taken (and ignored) by every operation. A path the document does not describe (the
document itself, the docs page) is not checked here.
"""

from __future__ import annotations

import re
from functools import lru_cache

from flask import current_app, request

EXTENSION = "roadsvc.query_parameters"
API = "roadsvc.api"
LINK_PARAMETERS = frozenset({"expires", "sig"})
CACHE_BUSTER = "_"  # `?_=1700000000`, which browsers' scripts add to a GET: taken and ignored everywhere
RULE_PARAMETER = re.compile(r"<(?:[^:<>]+:)?([^<>]+)>")


def unknown_parameter(names) -> str | None:
    """The first of `names` that the request's operation does not document, or None."""
    rule = request.url_rule
    if rule is None:
        return None
    known = documented(current_app).get((openapi_path(rule.rule), _method(request.method)))
    if known is None:
        return None
    if _takes_read_links():
        known = known | LINK_PARAMETERS
    return next((name for name in names if name not in known and name != CACHE_BUSTER), None)


def taken(pairs) -> dict[str, str]:
    """A query's (name, value) pairs as a view reads them: without the cache-buster, which every operation
    takes and ignores (an image's parameters refuse any name they do not know)."""
    return {name: value for name, value in pairs if name != CACHE_BUSTER}


def documented(app) -> dict[tuple[str, str], frozenset[str]]:
    """(path as the document writes it, method) -> the query parameters its operation documents."""
    found = app.extensions.get(EXTENSION)
    if found is None:
        found = app.extensions[EXTENSION] = _read(app.extensions[API].spec.to_dict())
    return found


def _read(document: dict) -> dict[tuple[str, str], frozenset[str]]:
    known = {}
    for path, item in document.get("paths", {}).items():
        shared = [p["name"] for p in item.get("parameters", []) if p.get("in") == "query"]
        for method, operation in item.items():
            if method == "parameters":
                continue
            names = shared + [p["name"] for p in operation.get("parameters", []) if p.get("in") == "query"]
            known[(path, method.upper())] = frozenset(names)
    return known


@lru_cache(maxsize=512)
def openapi_path(rule: str) -> str:
    """/tables/<id:table_id>/roads/<road>.<fmt> -> /tables/{table_id}/roads/{road}.{fmt}"""
    return RULE_PARAMETER.sub(r"{\1}", rule)


def _method(method: str) -> str:
    return "GET" if method == "HEAD" else method


def _takes_read_links() -> bool:
    view = current_app.view_functions.get(request.endpoint)
    return bool(getattr(view, "_roadsvc_read_link", False))
