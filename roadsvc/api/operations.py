"""What running roadsvc in production needs around every request: its request ID, its
log line, its metrics; the health and metrics endpoints; the rate limits.

`init_app` must run before any other `before_request` hook, so that even a request
refused by an earlier hook (415) carries its request ID in its answer and its log line.
"""

from __future__ import annotations

import time

from flask import Flask, Response, g, request
from werkzeug.middleware.proxy_fix import ProxyFix

from roadsvc.api import health, limits, logs, metrics
from roadsvc.api.request_ids import HEADER, accepted_or_new


def start_request() -> None:
    g.started = time.perf_counter()
    g.request_id = accepted_or_new(request.headers.get(HEADER))


def finish_request(response: Response) -> Response:
    response.headers[HEADER] = g.get("request_id") or accepted_or_new(None)
    seconds = time.perf_counter() - g.get("started", time.perf_counter())
    route = metrics.route_of()
    metrics.observe(response, route, seconds)
    logs.log_request(response, route, seconds)
    return response


def init_app(app: Flask) -> None:
    logs.configure_logging(app.config["LOG_LEVEL"], app.config["LOG_FORMAT"])
    if app.config["PROXY_HOPS"] > 0:
        hops = app.config["PROXY_HOPS"]
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops)
    app.before_request(start_request)
    app.after_request(finish_request)
    limits.init_app(app)
    health.init_app(app)
    metrics.init_app(app)
