"""GET /metrics: the Prometheus exposition, for the monitoring network only.

Closed by default. `ROADSVC_METRICS_TOKEN` opens it to `Authorization: Bearer <token>`;
`ROADSVC_METRICS_ALLOW` (addresses or networks, comma-separated) opens it to those
client addresses. Anyone else gets 403 `metrics_forbidden`. Under `roadsvc serve`
(PROMETHEUS_MULTIPROC_DIR set) the counts of every worker are summed.
"""

from __future__ import annotations

import hmac
import ipaddress
import os
from functools import lru_cache

from flask import Flask, Response, current_app, g, request
from prometheus_client import CONTENT_TYPE_LATEST, REGISTRY, CollectorRegistry, generate_latest, multiprocess

from roadsvc.services.errors import Forbidden
from roadsvc.services.metrics import HANDS_POSTED, LATENCY, REFUSALS, REQUESTS

MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"
POSTED_ENDPOINT = "hands.post_hand"
UNMATCHED = "<unmatched>"  # any path no route matched: one label, not one per path


def route_of() -> str:
    rule = request.url_rule
    return rule.rule if rule is not None else UNMATCHED


def observe(response: Response, route: str, seconds: float) -> None:
    """Count the answer: requests, latency, refusals, hands posted."""
    status = response.status_code
    count(request.method, route, status, seconds)
    code = g.get("error_code")
    if code is not None:
        REFUSALS.labels(status, code).inc()
    elif status == 201 and request.endpoint == POSTED_ENDPOINT:
        HANDS_POSTED.inc()


def count(method: str, route: str, status: int, seconds: float) -> None:
    requests, latency = children(method, route, status)
    requests.inc()
    latency.observe(seconds)


@lru_cache(maxsize=4096)
def children(method: str, route: str, status: int) -> tuple:
    """The request counter and latency histogram of one (method, route, status), looked up once:
    the labels are bounded (routes are URL rules), so the cache holds them all."""
    return REQUESTS.labels(method, route, status), LATENCY.labels(method, route)


def allowed_networks(text: str) -> tuple:
    return tuple(ipaddress.ip_network(part.strip(), strict=False) for part in text.split(",") if part.strip())


def check_access(token: str, networks: tuple) -> None:
    header = request.headers.get("Authorization", "")
    if token and header[:7].lower() == "bearer " and hmac.compare_digest(header[7:].strip().encode(), token.encode()):
        return
    try:
        address = ipaddress.ip_address(request.remote_addr or "")
    except ValueError:
        address = None
    if address is not None and any(address in network for network in networks):
        return
    raise Forbidden("metrics_forbidden", "/metrics is open only to the token or the addresses in ROADSVC_METRICS_TOKEN / _ALLOW")


def exposition() -> bytes:
    if os.environ.get(MULTIPROC_ENV):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
        return generate_latest(registry)
    return generate_latest(REGISTRY)


def metrics_view() -> Response:
    check_access(current_app.config["METRICS_TOKEN"], current_app.extensions["roadsvc.metrics_networks"])
    return Response(exposition(), mimetype=CONTENT_TYPE_LATEST.split(";")[0], headers={"Cache-Control": "no-store"})


def init_state(app: Flask) -> None:
    app.extensions["roadsvc.metrics_networks"] = allowed_networks(app.config["METRICS_ALLOW"])


def init_app(app: Flask) -> None:
    app.add_url_rule("/metrics", "metrics", metrics_view, methods=["GET"])
