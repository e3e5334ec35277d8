"""Benchmark: polling the roads over HTTP, against a minimal Flask route on the same server.

For SQLite (the default file) and PostgreSQL (a throw-away schema), with an 80-hand shoe
of real dealt hands at the table, wrk measures on loopback:

  * the baseline: bench/_baseline_app.py (one Flask route returning {"ok": true});
  * a floor, for reading the figures: that route plus the one indexed row read every
    poll must make (no target; it shows what the database round trip alone costs);
  * a 304 poll: GET /api/v1/tables/<id>/roads with If-None-Match and a display key
    (target: >= 85% of the baseline's requests/s on SQLite, >= 75% on PostgreSQL;
    the moonshot, 95%, is printed beside it);
  * a full 200 snapshot of the same URL without If-None-Match (target: >= 60% / 50%);
  * the other hot reads, each against the baseline: the lobby's 304 (GET /api/v1/tables
    with If-None-Match), a 百人牛牛 table's trend road 304 (GET /api/v1/tables/<id>/trend) and a
    cached road image (a 200 from the image cache);
  * the 304 poll with the rate limits off (ROADSVC_RATELIMIT_ENABLED=0), and with the
    limits' counters in Redis (ROADSVC_REDIS_URL, when Redis answers), beside the 304 with
    the default limits (in memory): what the limiter costs the poll (target: at most 5 points).

roadsvc runs with every production feature on, as `roadsvc serve` runs it: the request log
at INFO (JSON, to a file through gunicorn's captured output), the Prometheus multiprocess
folder, the rate limits, the security headers. Both servers are the same gunicorn
configuration (workers and threads below) and stay up together; the loads run in
interleaved rounds, and each ratio is the median of the per-round ratios, so a machine busy
for a while slows both sides of a ratio alike. Every round's figures are printed. Targets
are printed as PASS or MISS; with --check, a MISS makes the script exit with status 1.

First, in-process: what the public documentation decorator costs a polled view. A
polled view takes one flask-smorest `Blueprint.doc` wrapper (roadsvc.api.auth.requires
carries all its OpenAPI), which looks up `current_app` and asks `ensure_sync` on every
call; printed beside the bare call and Flask's own `ensure_sync`.

    .venv/bin/python bench/api_polls.py [--seconds 3] [--rounds 5] [--connections 16] [--workers 2] [--threads 1] [--check]
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import timeit
import urllib.request
import uuid
from pathlib import Path
from statistics import median

from flask import Flask
from flask_smorest import Blueprint

from _http import ROOT, Gunicorn, wrk
from _service import BACKENDS, Deployment, can_run, fresh_deployment, open_floor, roadsvc_server

from roadsvc.domain.baccarat.dealing.shoe import deal_shoe
from roadsvc.persistence.engine import Database
from roadsvc.services.baccarat import hands as hand_service
from roadsvc.services import tables

SHOE_HANDS = 80
TARGETS = {"sqlite": {"304 poll": 0.85, "200 snapshot": 0.60}, "postgres": {"304 poll": 0.75, "200 snapshot": 0.50}}
MOONSHOT = 0.95  # the 304 poll: one indexed read and a header compare
LIMITER_POINTS = 0.05  # the limits on may cost the 304 at most this much of the limits off
HOT_READS = ("lobby 304", "trend 304", "cached image")  # printed against the baseline, no target of their own
REDIS_URL = "redis://127.0.0.1:6379/0"
LIMIT_VARIANTS = {"304 limits off": {"ROADSVC_RATELIMIT_ENABLED": "0"},
                  "304 limits Redis": {"ROADSVC_REDIS_URL": REDIS_URL}}


def redis_answers() -> bool:
    try:
        import redis

        return bool(redis.Redis.from_url(REDIS_URL, socket_timeout=1).ping())
    except Exception:  # noqa: BLE001 - any failure: no Redis variant
        return False


def shoe_of(size: int, seed: int = 1) -> list:
    """The first `size` hands of a real dealt shoe long enough to hold them."""
    rng = random.Random(seed)
    while True:
        dealt = deal_shoe(rng, cut_from_end=14).hands
        if len(dealt) >= size:
            return dealt[:size]


def deal_into(url: str, table_id: int, size: int) -> None:
    db = Database(url)
    try:
        for hand in shoe_of(size):
            hand_service.post_hand(db, table_id, hand)
    finally:
        db.dispose()


def production(deployment: Deployment, logs: Path, name: str, env: dict[str, str] | None = None) -> Deployment:
    """The deployment as `roadsvc serve` runs it: request log at INFO, metrics summed across workers."""
    metrics = logs / f"metrics-{name}"
    metrics.mkdir()
    return Deployment(deployment.backend, deployment.url,
                      {**deployment.env, "ROADSVC_LOG_LEVEL": "INFO", "ROADSVC_LOG_FORMAT": "json",
                       "PROMETHEUS_MULTIPROC_DIR": str(metrics), **(env or {})}, deployment.instance)


def niuniu_table(url: str) -> int:
    db = Database(url)
    try:
        return tables.create_table(db, "Bench 百人牛牛", game="niuniu").id
    finally:
        db.dispose()


def measure(deployment: Deployment, args: argparse.Namespace, logs: Path) -> dict[str, list[dict]]:
    """Rounds of every load, back to back, all servers up throughout: a machine that slows
    down for a while slows the figures of one round alike."""
    floor = open_floor(deployment.url)
    table = floor.table_ids[0]
    deal_into(deployment.url, table, SHOE_HANDS)
    niuniu = niuniu_table(deployment.url)
    base = Gunicorn("_baseline_app:app", {"BENCH_DATABASE_URL": deployment.url}, workers=args.workers,
                    threads=args.threads, pythonpath=str(ROOT / "bench"))
    serve = lambda name, env=None: roadsvc_server(  # noqa: E731
        production(deployment, logs, name, env), workers=args.workers, threads=args.threads,
        error_log=logs / f"{name}.log")
    app = serve("roadsvc")
    prefix = {"ROADSVC_RATELIMIT_KEY_PREFIX": f"roadsvc-bench-{uuid.uuid4().hex}"}
    variants = {name: serve(name.replace(" ", "-"), {**env, **prefix})
                for name, env in LIMIT_VARIANTS.items() if "Redis" not in name or redis_answers()}
    try:
        base.start()
        app.start()
        for server in variants.values():
            server.start()
        url = f"{app.base}/api/v1/tables/{table}/roads"
        key = {"Authorization": f"Bearer {floor.display_key}"}
        lobby = f"{app.base}/api/v1/tables"
        trend = f"{app.base}/api/v1/tables/{niuniu}/trend"
        loads = {
            "baseline": (base.base + "/", {}),
            "route + read": (f"{base.base}/read?table={table}", {}),
            "304 poll": (url, {**key, "If-None-Match": current_etag(url, key)}),
            "200 snapshot": (url, key),
            "lobby 304": (lobby, {**key, "If-None-Match": current_etag(lobby, key)}),
            "trend 304": (trend, {**key, "If-None-Match": current_etag(trend, key)}),
            "cached image": (f"{url}/big_road.png", key),
            **{name: (f"{server.base}/api/v1/tables/{table}/roads", {**key, "If-None-Match": current_etag(url, key)})
               for name, server in variants.items()},
        }
        for target, headers in loads.values():  # warm-up: imports, connections, caches
            wrk(target, headers, seconds=1, connections=args.connections)
        figures: dict[str, list[dict]] = {name: [] for name in loads}
        for _ in range(args.rounds):
            for name, (target, headers) in loads.items():
                figures[name].append(wrk(target, headers, seconds=args.seconds, connections=args.connections))
        return figures
    finally:
        for server in variants.values():
            server.stop()
        app.stop()
        base.stop()


def current_etag(url: str, headers: dict[str, str]) -> str:
    with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=10) as response:
        return response.headers["ETag"]


def ratio_to(runs: list[dict], references: list[dict]) -> float:
    return median(run["rps"] / reference["rps"] for run, reference in zip(runs, references))


def rounds(runs: list[dict]) -> str:
    return ", ".join(f"{run['rps']:.0f}" for run in runs)


def line(name: str, runs: list[dict], ratio: float, of: str, verdict: str = "") -> str:
    bad = sum(run["non_2xx_3xx"] for run in runs)
    return (f"  {name:20s} {median(r['rps'] for r in runs):8.0f} req/s = {ratio:6.1%} of {of}{verdict}   "
            f"p50 {median(r['p50_ms'] for r in runs):.2f} ms, p99 {median(r['p99_ms'] for r in runs):.2f} ms"
            f"   rounds: {rounds(runs)}"
            + (f", {bad} non-2xx/3xx answers!" if bad else ""))


def report(backend: str, figures: dict[str, list[dict]]) -> list[str]:
    """Median figures and the median of the per-round ratios to the baseline; the misses."""
    baselines = figures["baseline"]
    print(f"\n{backend}: baseline (minimal Flask route) {median(b['rps'] for b in baselines):.0f} req/s "
          f"(rounds: {rounds(baselines)}), "
          f"p50 {median(b['p50_ms'] for b in baselines):.2f} ms, p99 {median(b['p99_ms'] for b in baselines):.2f} ms")
    print(line("route + read", figures["route + read"], ratio_to(figures["route + read"], baselines), "baseline",
               " (no target: the route plus the one-row revision read)"))
    misses = []
    for name, target in TARGETS[backend].items():
        ratio = ratio_to(figures[name], baselines)
        verdict = " (target >= {:.0%}) {}".format(target, "PASS" if ratio >= target else "MISS")
        if name == "304 poll":
            verdict += f", moonshot {MOONSHOT:.0%} {'reached' if ratio >= MOONSHOT else 'not reached'}"
        print(line(name, figures[name], ratio, "baseline", verdict))
        if ratio < target:
            misses.append(f"{backend} {name} {ratio:.1%} < {target:.0%}")
    for name in HOT_READS:
        print(line(name, figures[name], ratio_to(figures[name], baselines), "baseline"))
    return misses + report_limits(backend, figures)


def report_limits(backend: str, figures: dict[str, list[dict]]) -> list[str]:
    """The 304 poll with the default limits (in memory), and with Redis counters, beside the
    same poll with limits off: the median of the per-round ratios (target: at most 5 points off)."""
    if "304 limits off" not in figures:
        return []
    off, misses = figures["304 limits off"], []
    print(line("304 limits off", off, ratio_to(off, figures["baseline"]), "baseline"))
    for name, label in (("304 poll", "304 limits memory"), ("304 limits Redis", "304 limits Redis")):
        if name not in figures:
            continue
        ratio = ratio_to(figures[name], off)
        passed = ratio >= 1 - LIMITER_POINTS
        print(line(label, figures[name], ratio, "limits off",
                   f" (target >= {1 - LIMITER_POINTS:.0%}) {'PASS' if passed else 'MISS'}"))
        if not passed:
            misses.append(f"{backend} {label} {ratio:.1%} of limits off")
    return misses


def doc_wrapper_cost(calls: int = 100_000) -> None:
    """Microseconds a view pays for one public `Blueprint.doc` wrapper, in an app context."""

    def view() -> int:
        return 1

    wrapped, app = Blueprint.doc(description="doc")(view), Flask("bench")
    with app.app_context():
        bare, through, sync = (min(timeit.repeat(call, number=calls, repeat=5)) / calls * 1e6
                               for call in (view, wrapped, lambda: app.ensure_sync(view)))
    print(f"in-process: bare view call {bare:.2f} us; through one Blueprint.doc wrapper {through:.2f} us "
          f"(+{through - bare:.2f} us per poll); Flask.ensure_sync alone {sync:.2f} us")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=3, help="per wrk run")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=1, help="more than 1: gthread workers (keep-alive)")
    parser.add_argument("--backend", choices=BACKENDS, action="append", help="default: both")
    parser.add_argument("--check", action="store_true", help="exit with status 1 on any MISS")
    args = parser.parse_args()
    doc_wrapper_cost()
    kind = f"gthread x{args.threads}" if args.threads > 1 else "sync"
    print(f"gunicorn: {args.workers} {kind} workers on 127.0.0.1; wrk -t2 -c{args.connections} -d{args.seconds}s "
          f"x {args.rounds} interleaved rounds; "
          f"a {SHOE_HANDS}-hand shoe of real dealt hands")
    misses = []
    for backend in args.backend or BACKENDS:
        if not can_run(backend):
            continue
        with fresh_deployment(backend) as deployment, tempfile.TemporaryDirectory(prefix="roadsvc-logs-") as logs:
            figures = measure(deployment, args, Path(logs))
        misses += report(backend, figures)
    if misses:
        print("\nMISS: " + "; ".join(misses))
    if args.check and misses:
        sys.exit(1)


if __name__ == "__main__":
    main()
