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

from flask import Flask, Response
from flask_cors import CORS
from werkzeug.datastructures import EnvironHeaders

from roadsvc.services.keys.principals import presented_in

JSON_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
SVG_CSP = ("default-src 'none'; style-src 'unsafe-inline'; font-src data:; img-src data:; "
           "frame-ancestors 'none'; base-uri 'none'; form-action 'none'")
KEYS_PATH = "/api/v1/keys"
IMAGE_SUFFIXES = (".png", ".svg")
HEADERS = {"X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY", "Referrer-Policy": "no-referrer"}
CONSTANT = tuple((name.lower(), (name, value)) for name, value in HEADERS.items())
CORS_HEADERS = ["Authorization", "X-API-Key", "Content-Type", "If-None-Match"]
EXPOSED_HEADERS = ["ETag", "Retry-After"]


def cors_origins(setting: str | None) -> list[str]:
    return [origin.strip() for origin in (setting or "").split(",") if origin.strip()]


def secure(environ: dict, headers: list[tuple[str, str]]) -> None:
    """Add the constant headers the answer lacks, its CSP and its Cache-Control (see the module)."""
    present = {name.lower(): index for index, (name, _) in enumerate(headers)}
    headers.extend(header for lower, header in CONSTANT if lower not in present)
    content_type = headers[present["content-type"]][1] if "content-type" in present else ""
    if "content-security-policy" not in present:
        headers.append(("Content-Security-Policy", SVG_CSP if content_type.startswith("image/svg+xml") else JSON_CSP))
    _cache_control(environ, headers, present, content_type)


def _cache_control(environ: dict, headers: list, present: dict[str, int], content_type: str) -> None:
    path = environ.get("PATH_INFO", "")
    if path == KEYS_PATH or path.startswith(KEYS_PATH + "/"):
        _set(headers, present, "Cache-Control", "no-store")
    elif _carries_key(environ) and not _image(content_type, path):
        current = headers[present["cache-control"]][1] if "cache-control" in present else ""
        _set(headers, present, "Cache-Control", f"private, {current}" if current else "private")


def _image(content_type: str, path: str) -> bool:
    """An image, or a 304 (no Content-Type) to an image's URL."""
    return content_type.startswith("image/") or (not content_type and path.endswith(IMAGE_SUFFIXES))


def _carries_key(environ: dict) -> bool:
    return presented_in(EnvironHeaders(environ)) is not None


def _set(headers: list, present: dict[str, int], name: str, value: str) -> None:
    if name.lower() in present:
        headers[present[name.lower()]] = (name, value)
    else:
        headers.append((name, value))


def json_options(response: Response) -> Response:
    """Flask's default OPTIONS answer, its Allow header as a JSON body too."""
    response.set_data(json.dumps({"allow": sorted(response.allow)}))
    response.mimetype = "application/json"
    return response


def init_app(app: Flask) -> None:
    """CORS; the headers themselves are added by roadsvc.api.serving.operations' RequestEnvelope (secure)."""
    origins = cors_origins(app.config.get("CORS_ORIGINS"))
    if origins:
        CORS(app, resources={r"/api/*": {"origins": origins}}, allow_headers=CORS_HEADERS,
             expose_headers=EXPOSED_HEADERS, max_age=600)
