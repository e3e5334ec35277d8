"""/healthz and /readyz: for load balancers and orchestrators, no key needed.

/healthz: the process answers (200 `{"status": "ok"}`), nothing else is looked at.
/readyz: the database answers, its schema is at the newest migration and the font is
there: 200 `{"status": "ready"}`, else 503 `{"status": "not_ready", "code": "not_ready",
"reasons": {check: reason}}`. Neither shows a version, a path, a URL or an error text.
"""

from __future__ import annotations

from flask import Flask, jsonify

from roadsvc.api.context import database
from roadsvc.services.database.health import problems


def healthz():
    return _no_store(jsonify({"status": "ok"}))


def readyz():
    found = problems(database())
    if not found:
        return _no_store(jsonify({"status": "ready"}))
    response = jsonify({"status": "not_ready", "code": "not_ready", "message": "not ready: " + ", ".join(found), "reasons": found})
    response.status_code = 503
    return _no_store(response)


def _no_store(response):
    response.headers["Cache-Control"] = "no-store"
    return response


def init_app(app: Flask) -> None:
    app.add_url_rule("/healthz", "healthz", healthz, methods=["GET"])
    app.add_url_rule("/readyz", "readyz", readyz, methods=["GET"])
