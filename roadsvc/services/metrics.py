"""The Prometheus metrics roadsvc keeps (names and labels are documented in docs/operations.md).

Under `roadsvc serve` the environment names a multiprocess folder (PROMETHEUS_MULTIPROC_DIR)
before prometheus_client is imported, so every gunicorn worker writes its counts there and
/metrics sums them; anywhere else (tests, a single process) they live in this process.
Labels are bounded: routes are URL rules (`/api/v1/tables/<id:table_id>/roads`), never paths.
"""

from __future__ import annotations

from prometheus_client import Counter, Histogram

LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)

REQUESTS = Counter("roadsvc_http_requests", "HTTP requests answered, by route and status", ["method", "route", "status"])
LATENCY = Histogram(
    "roadsvc_http_request_duration_seconds", "Time to answer, by route", ["method", "route"], buckets=LATENCY_BUCKETS
)
HANDS_POSTED = Counter("roadsvc_hands_posted", "Hands stored (201 answers to POST /tables/{id}/hands)")
REFUSALS = Counter("roadsvc_refusals", "Error answers, by status and stable code", ["status", "code"])
CACHE_HITS = Counter("roadsvc_cache_hits", "Cache lookups that found the entry", ["cache"])
CACHE_MISSES = Counter("roadsvc_cache_misses", "Cache lookups that did not", ["cache"])


def cache_lookup(cache: str, hit: bool) -> None:
    (CACHE_HITS if hit else CACHE_MISSES).labels(cache).inc()
