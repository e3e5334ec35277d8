"""Benchmark: posting hands over HTTP, latency p50 and p99, beside a minimal Flask POST route.

For SQLite (the default file, with synchronous FULL, the default, and NORMAL) and PostgreSQL (a
throw-away schema), real dealt 8-deck shoes (deal_shoe: burn, third-card rules, cut
card) are posted hand by hand to POST /api/v1/tables/<id>/hands with a dealer key, each
with its number and shoe id, by a keep-alive http.client client:

  * sequentially, one poster at one table, a new shoe opened over the API per shoe;
  * with several concurrent posters, each at its own table, posting back to back (a
    saturated server: the p99 is mostly the queue);
  * a floor: many tables, each dealer posting a hand every few seconds on a fixed
    schedule (open loop: a post's latency counts from the moment its hand was due, so a
    late send is not hidden). Real tables post every 25-60 s; the default here is 100
    tables every 2 s, 50 posts a second.

Each hand is sent to roadsvc and then, the same body, to the baseline (bench/_baseline_app.py,
a Flask route that parses the JSON and answers 201) served by the same gunicorn
configuration, so both latency series come from the same moments of the same run.
Beside every phase a flush probe (bench/_flush_probe.py: 4 KB + fdatasync every 50 ms, in the
database's folder) measures the disk; its p50, p99 and worst stall are printed under each
result line. Each phase runs --runs times (in turn) and the ranges are printed after.

Targets (printed as PASS or MISS; nothing exits non-zero): p99 under 30 ms on SQLite; the
floor's p99 at most 15 ms on both databases in runs whose probe never stalled over 20 ms;
in every run, no post slower than the probe's worst flush plus 30 ms.

    .venv/bin/python bench/api_posts.py [--runs 3] [--shoes 3] [--posters 3] [--floor-tables 100]
                                        [--floor-interval 2] [--floor-hands 20] [--workers 2] [--threads 1]
                                        [--only NAME ...]

`--only "sqlite FULL, heap not frozen, automatic checkpoints"` (or "postgres, heap not frozen")
runs the collector and SQLite's checkpoints as they were before docs/performance.md's changes.
"""

from __future__ import annotations

import argparse
import os
import sys
import threading
import time
from dataclasses import dataclass
from statistics import median, quantiles
from typing import Callable

from _flush_probe import STALL_MS, FlushProbe, ProbeFigures
from _http import ROOT, Gunicorn
from _service import (Client, Deployment, Floor, dealt_hands, fresh_deployment, hand_body, open_floor,
                      postgres_missing, roadsvc_server)

from roadsvc.domain.dealing.hands import Hand

TARGET_P99_MS = 30.0  # every phase, on SQLite
FLOOR_P99_MS = 15.0  # the floor, on both databases, in runs whose flush probe never stalled over 20 ms
TAIL_MARGIN_MS = 30.0  # no post waits longer than the probe's worst flush plus this
BEFORE = {"ROADSVC_GC_FREEZE": "0", "ROADSVC_SQLITE_CHECKPOINT_INTERVAL": "0"}
CONFIGURATIONS = {  # name -> (backend, extra environment)
    "sqlite (synchronous=FULL, the default)": ("sqlite", {"ROADSVC_SQLITE_SYNCHRONOUS": "FULL"}),
    "sqlite (synchronous=NORMAL)": ("sqlite", {"ROADSVC_SQLITE_SYNCHRONOUS": "NORMAL"}),
    "postgres": ("postgres", {}),
    # Only with --only: the collector and checkpoints as they were, to show what the change does.
    "sqlite FULL, heap not frozen, automatic checkpoints": ("sqlite", {"ROADSVC_SQLITE_SYNCHRONOUS": "FULL", **BEFORE}),
    "postgres, heap not frozen": ("postgres", BEFORE),
}
DEFAULT = list(CONFIGURATIONS)[:3]


class Poster:
    """Posts whole shoes at one table; keeps the latency of every post and of its baseline twin."""

    def __init__(self, app_base: str, baseline_base: str, key: str, table: int, seed: int, shoes: int):
        self.app = Client(app_base, key)
        self.baseline = Client(baseline_base, key, prefix="")
        self.table, self.shoes = table, dealt_hands(seed, shoes)
        self.latencies: dict[str, list[float]] = {"roadsvc": [], "baseline": []}
        self.error: str | None = None

    def run(self) -> None:
        try:
            self.post_all()
        except AssertionError as error:
            self.error = str(error)
        finally:
            self.app.close()
            self.baseline.close()

    def post_all(self) -> None:
        for hands in self.shoes:
            status, _, shoe = self.app.post(f"/tables/{self.table}/shoes", {"decks": 8})
            assert status == 201, shoe
            for number, hand in enumerate(hands, start=1):
                self.post(hand, number, shoe["id"])

    def post(self, hand: Hand, number: int, shoe_id: int, due: float | None = None) -> None:
        """The hand to roadsvc (its latency from `due`, if given, else from sending), then the
        same body to the baseline."""
        body = hand_body(hand, number, shoe_id)
        self.timed("roadsvc", self.app, f"/tables/{self.table}/hands", body, since=due)
        self.timed("baseline", self.baseline, "/", body)

    def timed(self, name: str, client: Client, path: str, body: dict, since: float | None = None) -> None:
        start = time.perf_counter() if since is None else since
        status, _, answer = client.post(path, body)
        self.latencies[name].append((time.perf_counter() - start) * 1000)
        assert status == 201, f"{name} answered {status}: {answer}"


class FloorDealer(Poster):
    """One table of the floor: its hands on a schedule, one every `interval` seconds from
    `start`; each latency counts from when the hand was due."""

    def __init__(self, app_base: str, baseline_base: str, key: str, table: int, shoe: int, seed: int, hands: int,
                 start: float, interval: float):
        super().__init__(app_base, baseline_base, key, table, seed, shoes=1)
        self.shoe, self.hands = shoe, self.shoes[0][:hands]
        self.start, self.interval = start, interval

    def post_all(self) -> None:
        for number, hand in enumerate(self.hands, start=1):
            due = self.start + number * self.interval
            time.sleep(max(0.0, due - time.perf_counter()))
            self.post(hand, number, self.shoe, due)


def run_posters(posters: list[Poster]) -> dict[str, list[float]]:
    threads = [threading.Thread(target=poster.run) for poster in posters]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    errors = [poster.error for poster in posters if poster.error]
    if errors:
        sys.exit(f"posting failed: {errors[0]}")
    return {name: [ms for poster in posters for ms in poster.latencies[name]] for name in ("roadsvc", "baseline")}


@dataclass
class PhaseRun:
    """One run of one phase: every post's latency, its baseline twins', and the flush probe beside it."""

    roadsvc: list[float]
    baseline: list[float]
    probe: ProbeFigures


def percentiles(samples: list[float]) -> tuple[float, float]:
    cuts = quantiles(samples, n=100, method="inclusive")
    return median(samples), cuts[98]


def measure(deployment: Deployment, extra_env: dict[str, str], args: argparse.Namespace) -> dict[str, list[PhaseRun]]:
    """Every phase, `args.runs` times in turn (so the machine's moods spread over all), on one
    pair of servers; a fresh floor of tables for each run."""
    deployment.env.update(extra_env)
    app = roadsvc_server(deployment, workers=args.workers, threads=args.threads)
    base = Gunicorn("_baseline_app:app", workers=args.workers, threads=args.threads, pythonpath=str(ROOT / "bench"))
    probe_folder = deployment.instance if deployment.instance.exists() else None  # the database's disk
    results: dict[str, list[PhaseRun]] = {}
    try:
        app.start()
        base.start()
        for run in range(1, args.runs + 1):
            floor = open_floor(deployment.url, tables_count=1 + args.posters + args.floor_tables, prefix=f"Run {run}")
            for load, posters in phases(floor, app.base, base.base, args).items():
                with FlushProbe(probe_folder) as probe:
                    series = run_posters(posters())
                results.setdefault(load, []).append(PhaseRun(series["roadsvc"], series["baseline"], probe.figures()))
        return results
    finally:
        app.stop()
        base.stop()


def phases(floor: Floor, app_base: str, base_base: str, args: argparse.Namespace) -> dict[str, Callable]:
    """Each phase's name and how to make its posters (made when the phase starts: the floor's
    schedule starts then)."""
    solo = [floor.table_ids[0]]
    crowd = floor.table_ids[1:1 + args.posters]
    made = {
        "sequential, 1 poster": lambda: [Poster(app_base, base_base, floor.dealer_key, table, seed=1, shoes=args.shoes)
                                         for table in solo],
        f"{args.posters} concurrent posters": lambda: [
            Poster(app_base, base_base, floor.dealer_key, table, seed=10 + index, shoes=max(1, args.shoes - 1))
            for index, table in enumerate(crowd)],
    }
    if args.floor_tables:
        made[f"floor: {args.floor_tables} tables / {args.floor_interval:g} s"] = lambda: floor_dealers(
            floor, app_base, base_base, args)
    return made


def floor_dealers(floor: Floor, app_base: str, baseline_base: str, args: argparse.Namespace) -> list[FloorDealer]:
    """The floor's tables, their first hands due at evenly spread moments of one interval."""
    start = time.perf_counter() + 1.0
    first = 1 + args.posters
    tables = list(zip(floor.table_ids[first:], floor.shoe_ids[first:]))
    return [FloorDealer(app_base, baseline_base, floor.dealer_key, table, shoe, seed=1000 + index,
                        hands=args.floor_hands, interval=args.floor_interval,
                        start=start + args.floor_interval * (index / len(tables) - 1))
            for index, (table, shoe) in enumerate(tables)]


def report(name: str, backend: str, results: dict[str, list[PhaseRun]]) -> None:
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    print(f"\n{name}   (machine load average at the end: {load}, {os.cpu_count()} CPUs)")
    for load, runs in results.items():
        for number, run in enumerate(runs, start=1):
            print(f"  {load:28s} run {number}: {result_line(load, backend, run)}")
            print(f"  {'':28s}        {run.probe.line()}")
        print(f"  {load:28s} {ranges(runs)}")


def result_line(load: str, backend: str, run: PhaseRun) -> str:
    p50, p99 = percentiles(run.roadsvc)
    b50, b99 = percentiles(run.baseline)
    worst = max(run.roadsvc)
    line = (f"{len(run.roadsvc):5d} hands: p50 {p50:6.2f} ms, p99 {p99:6.2f} ms, max {worst:7.1f} ms   "
            f"baseline p50 {b50:5.2f} ms, p99 {b99:5.2f} ms")
    verdicts = [f"max <= worst flush + {TAIL_MARGIN_MS:.0f} ms: " + verdict(worst <= run.probe.worst_ms + TAIL_MARGIN_MS)]
    if backend == "sqlite":
        verdicts.append(f"p99 < {TARGET_P99_MS:.0f} ms: " + verdict(p99 < TARGET_P99_MS))
    if load.startswith("floor"):
        quiet = run.probe.worst_ms <= STALL_MS
        verdicts.append(f"floor p99 <= {FLOOR_P99_MS:.0f} ms: " + (verdict(p99 <= FLOOR_P99_MS) if quiet else
                                                                   f"n/a (the probe stalled over {STALL_MS:.0f} ms)"))
    return line + "   " + "; ".join(verdicts)


def ranges(runs: list[PhaseRun]) -> str:
    def span(values: list[float], digits: int = 2) -> str:
        return f"{min(values):.{digits}f}-{max(values):.{digits}f}"

    cuts = [percentiles(run.roadsvc) for run in runs]
    return (f"over {len(runs)} runs: p50 {span([c[0] for c in cuts])} ms, p99 {span([c[1] for c in cuts])} ms, "
            f"max {span([max(run.roadsvc) for run in runs], 1)} ms; probe p99 {span([r.probe.p99_ms for r in runs])} "
            f"ms, worst {span([r.probe.worst_ms for r in runs], 1)} ms")


def verdict(passed: bool) -> str:
    return "PASS" if passed else "MISS"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shoes", type=int, default=3, help="shoes posted sequentially (each concurrent poster: one fewer)")
    parser.add_argument("--posters", type=int, default=3)
    parser.add_argument("--floor-tables", type=int, default=100, help="0: no floor load")
    parser.add_argument("--floor-interval", type=float, default=2.0, help="seconds between a floor table's hands")
    parser.add_argument("--floor-hands", type=int, default=20, help="hands each floor table posts")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=1, help="more than 1: gthread workers")
    parser.add_argument("--runs", type=int, default=3, help="times each phase runs (in turn); ranges are reported")
    parser.add_argument("--only", choices=list(CONFIGURATIONS), action="append", help="default: the first three")
    args = parser.parse_args()
    kind = f"gthread x{args.threads}" if args.threads > 1 else "sync"
    print(f"gunicorn: {args.workers} {kind} workers on 127.0.0.1; keep-alive http.client; real dealt 8-deck shoes")
    for name in args.only or DEFAULT:
        backend, extra_env = CONFIGURATIONS[name]
        if backend == "postgres" and (reason := postgres_missing()):
            print(f"\n{name}: skipped: {reason}", file=sys.stderr)
            continue
        with fresh_deployment(backend) as deployment:
            results = measure(deployment, extra_env, args)
        report(name, backend, results)


if __name__ == "__main__":
    main()
