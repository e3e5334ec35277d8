"""What running roadsvc in production needs around every request: its request ID, its
log line, its metrics, its security headers; the health and metrics endpoints; the rate limits.

The request ID, the start time and the headers every answer carries are the WSGI
middleware's (RequestEnvelope): they are there before Flask sees the request and on the
answer whatever produced it (a refusal by a hook, an error page, a view), and cost a few
appends to the status line's header list. The metrics and the log line need the matched
route and the caller: one after_request hook.
"""

from __future__ import annotations

import time

from flask import Flask, Response, request
from werkzeug.middleware.proxy_fix import ProxyFix

from roadsvc.api.serving import health, limits, logs, metrics, security
from roadsvc.api.serving.request_ids import ENVIRON_KEY, HEADER, accepted_or_new


STARTED = "roadsvc.started"


class RequestEnvelope:
    """WSGI middleware: the request's ID (the caller's X-Request-ID when valid, else a new one)
    and start time in the environ; on the answer, X-Request-ID and the security headers
    (roadsvc.api.serving.security.secure), appended as the answer starts."""

    def __init__(self, wsgi_app):
        self.wsgi_app = wsgi_app

    def __call__(self, environ: dict, start_response):
        request_id = environ[ENVIRON_KEY] = accepted_or_new(environ.get("HTTP_X_REQUEST_ID"))
        environ[STARTED] = time.perf_counter()

        def start(status, headers, exc_info=None):
            headers.append((HEADER, request_id))
            security.secure(environ, headers)
            return start_response(status, headers, exc_info)

        return self.wsgi_app(environ, start)


def finish_request(response: Response) -> Response:
    seconds = time.perf_counter() - request.environ.get(STARTED, time.perf_counter())
    route = metrics.route_of()
    metrics.observe(response, route, seconds)
    logs.log_request(response, route, seconds)
    return response


def wrap(app: Flask, inner) -> None:
    """The middleware around `inner` (Flask's own app, with what answers before it): the trusted
    proxies' headers first (ProxyFix, ROADSVC_PROXY_HOPS), then the RequestEnvelope."""
    outer = RequestEnvelope(inner)
    hops = app.config["PROXY_HOPS"]
    app.wsgi_app = ProxyFix(outer, x_for=hops, x_proto=hops, x_host=hops) if hops > 0 else outer


def init_app(app: Flask) -> None:
    """The hook and the routes (health, metrics); what they read is `init_state`'s."""
    app.after_request(finish_request)
    health.init_app(app)
    metrics.init_app(app)


def init_state(app: Flask) -> None:
    """Logging, the rate limits' counters and who may read /metrics, from `app.config`."""
    logs.configure_logging(app.config["LOG_LEVEL"], app.config["LOG_FORMAT"])
    limits.init_app(app)
    metrics.init_state(app)
