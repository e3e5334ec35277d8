"""Security headers on every answer, and CORS from an allowlist.

Every answer carries `X-Content-Type-Options: nosniff`, `X-Frame-Options: DENY`,
`Referrer-Policy: no-referrer` and a Content-Security-Policy with `frame-ancestors 'none'`:
JSON and CSV may load nothing; an SVG road image may use its own inline styles and its
embedded font and nothing else (no script); the docs page sets its own (scripts from
'self' only, roadsvc.api.docs_ui).

Caching: an answer about keys (`/api/v1/keys...`) is `Cache-Control: no-store`; every other
answer but a road image to a request that carried a key is `private` (a shared cache must
not hand one caller's answer to another), keeping the `no-cache` of ETag answers, so polled
reads still revalidate with If-None-Match and get 304. Road images stay `no-cache`: the
same picture for every caller.

CORS (flask-cors) answers only the origins in ROADSVC_CORS_ORIGINS (comma separated;
empty by default: no cross-origin browser access). A preflight (OPTIONS) answers JSON.
"""

from __future__ import annotations

import json

from flask import Flask, Response, request
from flask_cors import CORS

from roadsvc.api.auth import presented_key

JSON_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
SVG_CSP = ("default-src 'none'; style-src 'unsafe-inline'; font-src data:; img-src data:; "
           "frame-ancestors 'none'; base-uri 'none'; form-action 'none'")
KEYS_PATH = "/api/v1/keys"
HEADERS = {"X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY", "Referrer-Policy": "no-referrer"}
CORS_HEADERS = ["Authorization", "X-API-Key", "Content-Type", "If-None-Match"]
EXPOSED_HEADERS = ["ETag", "Retry-After"]


def cors_origins(setting: str | None) -> list[str]:
    return [origin.strip() for origin in (setting or "").split(",") if origin.strip()]


def secure_headers(response: Response) -> Response:
    headers = response.headers
    for name, value in HEADERS.items():
        headers.setdefault(name, value)
    if "Content-Security-Policy" not in headers:
        headers["Content-Security-Policy"] = SVG_CSP if response.mimetype == "image/svg+xml" else JSON_CSP
    _cache_control(response)
    if request.method == "OPTIONS" and response.status_code == 200 and not response.is_json:
        _json_options(response)
    return response


def _cache_control(response: Response) -> None:
    if request.path == KEYS_PATH or request.path.startswith(KEYS_PATH + "/"):
        response.headers["Cache-Control"] = "no-store"
    elif presented_key() is not None and not response.mimetype.startswith("image/"):
        current = response.headers.get("Cache-Control")
        response.headers["Cache-Control"] = f"private, {current}" if current else "private"


def _json_options(response: Response) -> None:
    """OPTIONS (a CORS preflight among them) answers what the path allows, as JSON."""
    allowed = sorted(m.strip() for m in response.headers.get("Allow", "").split(",") if m.strip())
    response.set_data(json.dumps({"allow": allowed}))
    response.mimetype = "application/json"


def init_app(app: Flask) -> None:
    origins = cors_origins(app.config.get("CORS_ORIGINS"))
    if origins:
        CORS(app, resources={r"/api/*": {"origins": origins}}, allow_headers=CORS_HEADERS,
             expose_headers=EXPOSED_HEADERS, max_age=600)
    app.after_request(secure_headers)
