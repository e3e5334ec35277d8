"""Benchmark: posting hands over HTTP, latency p50 and p99, beside a minimal Flask POST route.

For SQLite (the default file, with synchronous FULL, the default, and NORMAL) and PostgreSQL (a
throw-away schema), real dealt 8-deck shoes (deal_shoe: burn, third-card rules, cut
card) are posted hand by hand to POST /api/v1/tables/<id>/hands with a dealer key, each
with its number and shoe id, by a keep-alive http.client client, to gunicorn with 2 gevent
workers as `roadsvc serve` runs them (--worker-class sync: one request at a time per worker):

  * sequentially, one poster at one table, a new shoe opened over the API per shoe;
  * with several concurrent posters, each at its own table, posting back to back (a
    saturated server: the p99 is mostly the queue);
  * a floor: many tables, each dealer posting a hand every few seconds on a fixed
    schedule (open loop: a post's latency counts from the moment its hand was due, so a
    late send is not hidden). Real tables post every 25-60 s; the default here is 100
    tables every 2 s, 50 posts a second.

Two A/B phases post the same hands at twin tables, alternately one first and then the other,
so both series come from the same moments; each prints its p50 growth over its twin:

  * monitor rules (issue 10): one server with the floor monitor's write-path rules on
    (ROADSVC_MONITOR_WRITE_RULES=1, the default: improbable results on every hand) beside a
    second server on the same database with ROADSVC_MONITOR_WRITE_RULES=0 (target: the rules
    cost at most 1 ms of p50);
  * shoe integrity (issue 13): two `extended` tables with close_positive_ev; each post at one
    is followed by a pit boss reading its next hand's odds and its open bets (untimed), the
    twin's by nothing (target: the post grows at most 1 ms: the odds are never computed on
    the dealer's path).

Every other hand is sent to roadsvc and then, the same body, to the baseline (bench/_baseline_app.py,
a Flask route that parses the JSON and answers 201) served by the same gunicorn
configuration, so both latency series come from the same moments of the same run.
Beside every phase a flush probe (bench/_flush_probe.py: 4 KB + fdatasync every 50 ms, in the
database's folder) measures the disk; its p50, p99 and worst stall are printed under each
result line. Each phase runs --runs times (in turn) and the ranges are printed after. The
bench's own process runs no garbage collection while a phase is timed: a full pass of its
heap (it imports roadsvc) stops every posting thread for about 50 ms, which would be timed
as the server's (bench/_timing.py, client_collector_paused).

Targets (printed as PASS or MISS; nothing exits non-zero): p99 under 30 ms on SQLite; the
floor's p99 at most 15 ms on both databases in runs whose probe never stalled over 20 ms;
in every run, no post slower than the probe's worst flush plus 30 ms; each A/B's p50 growth
at most 1 ms. In-process, the hand rules alone are timed once, before the servers start.

    .venv/bin/python bench/api_posts.py [--runs 3] [--shoes 3] [--posters 3] [--floor-tables 100]
                                        [--floor-interval 2] [--floor-hands 20] [--workers 2] [--threads 1]
                                        [--worker-class gevent|sync]
                                        [--only NAME ...] [--no-ab]

`--only "sqlite FULL, heap not frozen, automatic checkpoints"` (or "postgres, heap not frozen")
runs the collector and SQLite's checkpoints as they were before docs/performance.md's changes.
"""

from __future__ import annotations

import argparse
import os
import sys
import threading
import time
import timeit
from dataclasses import dataclass
from statistics import median, quantiles
from typing import Callable

from _flush_probe import STALL_MS, FlushProbe, ProbeFigures
from _http import ROOT, Gunicorn
from _service import (Client, Deployment, Floor, can_run, dealt_hands, fresh_deployment, hand_body, open_floor,
                      roadsvc_server)
from _timing import client_collector_paused

from roadsvc.domain.baccarat.dealing.hands import Hand
from roadsvc.domain.baccarat.monitoring.facts import HandIn
from roadsvc.domain.monitoring import evaluate, resolve_settings
from roadsvc.domain.baccarat.monitoring.probability import longest_run_p, share_p

TARGET_P99_MS = 30.0  # every phase, on SQLite
FLOOR_P99_MS = 15.0  # the floor, on both databases, in runs whose flush probe never stalled over 20 ms
TAIL_MARGIN_MS = 30.0  # no post waits longer than the probe's worst flush plus this
GROWTH_P50_MS = 1.0  # an A/B phase: its p50 over its twin's
RULES_OFF = {"ROADSVC_MONITOR_WRITE_RULES": "0"}
INTEGRITY_SETTINGS = {"close_positive_ev": True, "ev_alert_threshold": 0.0}
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

    def __init__(self, app_base: str, baseline_base: str, key: str, table: int, seed: int, shoes: int,
                 baseline_prefix: str = ""):
        self.app = Client(app_base, key)
        self.baseline = Client(baseline_base, key, prefix=baseline_prefix)
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
            shoe = self.open_shoe(self.app, self.table)
            for number, hand in enumerate(hands, start=1):
                self.post(hand, number, shoe)

    @staticmethod
    def open_shoe(client: Client, table: int) -> int:
        status, _, shoe = client.post(f"/tables/{table}/shoes", {"decks": 8})
        assert status == 201, shoe
        return shoe["id"]

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


class TwinPoster(Poster):
    """An A/B: every hand of whole shoes posted at two tables, one first at odd hands and the
    other at even ones. The post at `tables[0]` (on `app_base`) is timed as "roadsvc" and, with
    a `reader_key`, followed by that key reading the table's odds and open bets (untimed); the
    post at `tables[1]` (on `twin_base`: the same server or another) is timed as "baseline"."""

    def __init__(self, app_base: str, twin_base: str, key: str, tables: tuple[int, int], seed: int, shoes: int,
                 reader_key: str | None = None):
        super().__init__(app_base, twin_base, key, tables[0], seed, shoes, baseline_prefix="/api/v1")
        self.sides = (("roadsvc", self.app, tables[0]), ("baseline", self.baseline, tables[1]))
        self.reader = Client(app_base, reader_key) if reader_key else None

    def post_all(self) -> None:
        for hands in self.shoes:
            shoes = [self.open_shoe(client, table) for _, client, table in self.sides]
            for number, hand in enumerate(hands, start=1):
                for side in (0, 1) if number % 2 else (1, 0):
                    name, client, table = self.sides[side]
                    self.timed(name, client, f"/tables/{table}/hands", hand_body(hand, number, shoes[side]))
                    if side == 0 and self.reader:
                        self.read(table)

    def read(self, table: int) -> None:
        for path in (f"/tables/{table}/odds", f"/tables/{table}/bets"):
            status, _, answer = self.reader.get(path)
            assert status == 200, f"{path} answered {status}: {answer}"

    def run(self) -> None:
        try:
            super().run()
        finally:
            if self.reader:
                self.reader.close()


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
class Phase:
    """How to make a phase's posters (made when it starts: the floor's schedule starts then),
    and, for an A/B, what its two series are."""

    make: Callable[[], list[Poster]]
    series: tuple[str, str] | None = None  # an A/B: ("rules on", "rules off"); else roadsvc beside the baseline


@dataclass
class PhaseRun:
    """One run of one phase: every post's latency, its baseline twins', and the flush probe beside it."""

    roadsvc: list[float]
    baseline: list[float]  # the minimal Flask route's, or an A/B's twin's
    probe: ProbeFigures
    series: tuple[str, str] | None = None  # an A/B's names of the two

    def growth(self) -> float:
        """An A/B's p50 over its twin's."""
        return median(self.roadsvc) - median(self.baseline)


def percentiles(samples: list[float]) -> tuple[float, float]:
    cuts = quantiles(samples, n=100, method="inclusive")
    return median(samples), cuts[98]


@dataclass
class Servers:
    app: str  # roadsvc (monitor write rules on, the default)
    baseline: str  # the minimal Flask route
    rules_off: str | None  # roadsvc on the same database with ROADSVC_MONITOR_WRITE_RULES=0 (None: --no-ab)


def measure(deployment: Deployment, extra_env: dict[str, str], args: argparse.Namespace) -> dict[str, list[PhaseRun]]:
    """Every phase, `args.runs` times in turn (so the machine's moods spread over all), on one
    set of servers; a fresh floor of tables for each run."""
    deployment.env.update(extra_env)
    serving = dict(workers=args.workers, threads=args.threads, worker_class=args.worker_class)
    app = roadsvc_server(deployment, **serving)
    base = Gunicorn("_baseline_app:app", **serving, pythonpath=str(ROOT / "bench"))
    off = roadsvc_server(deployment, **serving, env=RULES_OFF) if args.ab else None
    probe_folder = deployment.instance if deployment.instance.exists() else None  # the database's disk
    results: dict[str, list[PhaseRun]] = {}
    try:
        for server in (app, base, off):
            if server:
                server.start()
        servers = Servers(app.base, base.base, off.base if off else None)
        for run in range(1, args.runs + 1):
            for load, phase in phases(deployment.url, f"Run {run}", servers, args).items():
                with FlushProbe(probe_folder) as probe, client_collector_paused():
                    series = run_posters(phase.make())
                results.setdefault(load, []).append(PhaseRun(series["roadsvc"], series["baseline"], probe.figures(),
                                                             phase.series))
        return results
    finally:
        for server in (app, base, off):
            if server:
                server.stop()


RULES_AB, INTEGRITY_AB = "A/B monitor rules on | off", "A/B odds read | nothing"
SOLO_AND_RULES = 3  # the first tables of a run's floor: the sequential poster's, then the rules A/B's twins


def phases(url: str, prefix: str, servers: Servers, args: argparse.Namespace) -> dict[str, Phase]:
    """Each phase by name, on fresh tables (and keys) for this run."""
    floor = open_floor(url, tables_count=SOLO_AND_RULES + args.posters + args.floor_tables, prefix=prefix)
    ids, key = floor.table_ids, floor.dealer_key
    made = {"sequential, 1 poster": Phase(lambda: [Poster(servers.app, servers.baseline, key, ids[0], seed=1,
                                                          shoes=args.shoes)])}
    if servers.rules_off:
        made[RULES_AB] = Phase(lambda: [TwinPoster(servers.app, servers.rules_off, key, (ids[1], ids[2]), seed=5,
                                                   shoes=args.shoes)], ("rules on", "rules off"))
        odds = open_floor(url, tables_count=2, prefix=f"{prefix} integrity", rule_set="extended",
                          settings=INTEGRITY_SETTINGS)
        made[INTEGRITY_AB] = Phase(lambda: [TwinPoster(
            servers.app, servers.app, odds.dealer_key, (odds.table_ids[0], odds.table_ids[1]), seed=7,
            shoes=args.shoes, reader_key=odds.pitboss_key)], ("odds read", "nothing read"))
    crowd = ids[SOLO_AND_RULES:SOLO_AND_RULES + args.posters]
    made[f"{args.posters} concurrent posters"] = Phase(lambda: [
        Poster(servers.app, servers.baseline, key, table, seed=10 + index, shoes=max(1, args.shoes - 1))
        for index, table in enumerate(crowd)])
    if args.floor_tables:
        made[f"floor: {args.floor_tables} tables / {args.floor_interval:g} s"] = Phase(lambda: floor_dealers(
            floor, servers.app, servers.baseline, args))
    return made


def floor_dealers(floor: Floor, app_base: str, baseline_base: str, args: argparse.Namespace) -> list[FloorDealer]:
    """The floor's last tables, their first hands due at evenly spread moments of one interval."""
    start = time.perf_counter() + 1.0
    first = SOLO_AND_RULES + args.posters
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
    mine, twin = run.series or ("", "baseline")
    line = (f"{len(run.roadsvc):5d} hands: {mine + ' ' if mine else ''}p50 {p50:6.2f} ms, p99 {p99:6.2f} ms, "
            f"max {worst:7.1f} ms   {twin} p50 {b50:5.2f} ms, p99 {b99:5.2f} ms")
    verdicts = [f"max <= worst flush + {TAIL_MARGIN_MS:.0f} ms: " + verdict(worst <= run.probe.worst_ms + TAIL_MARGIN_MS)]
    if run.series:
        verdicts.insert(0, f"p50 growth {run.growth():+.2f} ms (<= {GROWTH_P50_MS:g} ms): "
                        + verdict(run.growth() <= GROWTH_P50_MS))
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
    growths = [run.growth() for run in runs]
    growth = f"p50 growth {min(growths):+.2f} to {max(growths):+.2f} ms, " if runs[0].series else ""
    return (f"over {len(runs)} runs: {growth}p50 {span([c[0] for c in cuts])} ms, p99 {span([c[1] for c in cuts])} "
            f"ms, max {span([max(run.roadsvc) for run in runs], 1)} ms; probe p99 "
            f"{span([r.probe.p99_ms for r in runs])} ms, worst {span([r.probe.worst_ms for r in runs], 1)} ms")


def rules_own_cost(seed: int = 5, shoes: int = 20) -> None:
    """The hand rules alone (evaluate(HandIn)) after each hand of real shoes, their caches
    emptied at each shoe: the part of a post the HTTP A/B blurs; beside a bare call."""
    settings, samples = resolve_settings(None), []
    for hands in dealt_hands(seed, shoes):
        longest_run_p.cache_clear()
        share_p.cache_clear()
        for number in range(1, len(hands) + 1):
            fact = HandIn(hands[:number], 8, number)
            start = time.perf_counter()
            evaluate(fact, settings)
            samples.append((time.perf_counter() - start) * 1e6)
    bare = min(timeit.repeat(lambda: None, number=10_000, repeat=5)) / 10_000 * 1e6
    p50, p99 = percentiles(samples)
    print(f"in-process: the monitor's hand rules alone, {len(samples)} hands: p50 {p50:.1f} us, p99 {p99:.1f} us "
          f"per hand (baseline: a bare call {bare:.2f} us)")


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
    parser.add_argument("--worker-class", choices=("sync", "gevent"),
                        help="default: gevent, what `roadsvc serve` runs (sync with --threads over 1: gthread)")
    parser.add_argument("--runs", type=int, default=3, help="times each phase runs (in turn); ranges are reported")
    parser.add_argument("--only", choices=list(CONFIGURATIONS), action="append", help="default: the first three")
    parser.add_argument("--no-ab", dest="ab", action="store_false", help="skip the two A/B phases (issues 10, 13)")
    args = parser.parse_args()
    if args.ab:
        rules_own_cost()
    chosen = args.worker_class or ("sync" if args.threads > 1 else "gevent")
    args.worker_class = None if chosen == "sync" else chosen  # None: the harness's sync (or gthread) workers
    kind = args.worker_class or (f"gthread x{args.threads}" if args.threads > 1 else "sync")
    print(f"gunicorn: {args.workers} {kind} workers on 127.0.0.1; keep-alive http.client; real dealt 8-deck shoes")
    for name in args.only or DEFAULT:
        backend, extra_env = CONFIGURATIONS[name]
        if not can_run(backend, name):
            continue
        with fresh_deployment(backend) as deployment:
            results = measure(deployment, extra_env, args)
        report(name, backend, results)


if __name__ == "__main__":
    main()
