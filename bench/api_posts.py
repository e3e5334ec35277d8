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

The floor monitor's rules on the writes (improbable_results on every hand, the refusal
rules on refusals) are measured apart: the same hands posted sequentially to two roadsvc
servers on the same database, one with the rules on (the default) and one with
ROADSVC_MONITOR_WRITE_RULES=0, alternately, each at its own table (target: the rules
cost at most 1 ms of p50).

Each hand is sent to roadsvc and then, the same body, to the baseline (bench/_baseline_app.py,
a Flask route that parses the JSON and answers 201) served by the same gunicorn
configuration, so both latency series come from the same moments of the same run.
Target: p99 under 30 ms on SQLite (printed as PASS or MISS; nothing exits non-zero).

    .venv/bin/python bench/api_posts.py [--shoes 3] [--posters 3] [--floor-tables 100] [--floor-interval 2]
                                        [--floor-hands 20] [--workers 2] [--threads 1]
"""

from __future__ import annotations

import argparse
import sys
import threading
import time
from statistics import median, quantiles

from _http import ROOT, Gunicorn
from _service import (Client, Deployment, Floor, dealt_hands, fresh_deployment, hand_body, open_floor,
                      postgres_missing, roadsvc_server)

from roadsvc.domain.hands import Hand

TARGET_P99_MS = 30.0
TARGET_RULES_P50_MS = 1.0
CONFIGURATIONS = {  # name -> (backend, extra environment)
    "sqlite (synchronous=FULL, the default)": ("sqlite", {"ROADSVC_SQLITE_SYNCHRONOUS": "FULL"}),
    "sqlite (synchronous=NORMAL)": ("sqlite", {"ROADSVC_SQLITE_SYNCHRONOUS": "NORMAL"}),
    "postgres": ("postgres", {}),
}


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


class RulesPoster(Poster):
    """Posts whole shoes to two roadsvc servers, rules on and off, each hand to one then the other."""

    def __init__(self, on_base: str, off_base: str, key: str, tables: tuple[int, int], seed: int, shoes: int):
        super().__init__(on_base, off_base, key, tables[0], seed, shoes)
        self.baseline.prefix = "/api/v1"
        self.tables = tables

    def post_all(self) -> None:
        for hands in self.shoes:
            shoe_ids = []
            for client, table in zip((self.app, self.baseline), self.tables):
                status, _, shoe = client.post(f"/tables/{table}/shoes", {"decks": 8})
                assert status == 201, shoe
                shoe_ids.append(shoe["id"])
            for number, hand in enumerate(hands, start=1):
                self.timed("roadsvc", self.app, f"/tables/{self.tables[0]}/hands", hand_body(hand, number, shoe_ids[0]))
                self.timed("baseline", self.baseline, f"/tables/{self.tables[1]}/hands",
                           hand_body(hand, number, shoe_ids[1]))


def measure_rules(deployment: Deployment, extra_env: dict[str, str], args: argparse.Namespace) -> dict[str, float]:
    """p50 and p99 of posting with the rules on and off, from the same run."""
    floor = open_floor(deployment.url, tables_count=2, name="Rules")
    on = roadsvc_server(Deployment(deployment.backend, deployment.url, {**deployment.env, **extra_env},
                                   deployment.instance), workers=args.workers, threads=args.threads)
    off = roadsvc_server(Deployment(deployment.backend, deployment.url,
                                    {**deployment.env, **extra_env, "ROADSVC_MONITOR_WRITE_RULES": "0"},
                                    deployment.instance), workers=args.workers, threads=args.threads)
    try:
        on.start()
        off.start()
        series = run_posters([RulesPoster(on.base, off.base, floor.dealer_key, (floor.table_ids[0], floor.table_ids[1]),
                                          seed=5, shoes=args.shoes)])
    finally:
        on.stop()
        off.stop()
    (on50, on99), (off50, off99) = percentiles(series["roadsvc"]), percentiles(series["baseline"])
    return {"on50": on50, "on99": on99, "off50": off50, "off99": off99, "hands": len(series["roadsvc"])}


def rules_own_cost(seed: int, shoes: int) -> tuple[float, float]:
    """Median and p99 µs of the hand rules alone (evaluate(HandIn)) after each hand of real
    shoes, their caches emptied at each shoe: the part of a post the HTTP figures blur."""
    from roadsvc.domain.monitoring import HandIn, evaluate, resolve_settings
    from roadsvc.domain.monitoring.probability import longest_run_p, share_p

    settings, samples = resolve_settings(None), []
    for hands in dealt_hands(seed, shoes):
        longest_run_p.cache_clear()
        share_p.cache_clear()
        for number in range(1, len(hands) + 1):
            fact = HandIn(hands[:number], 8, number)
            start = time.perf_counter()
            evaluate(fact, settings)
            samples.append((time.perf_counter() - start) * 1e6)
    return percentiles(samples)


def report_rules(figures: dict[str, float]) -> None:
    cost = figures["on50"] - figures["off50"]
    verdict = "PASS" if cost <= TARGET_RULES_P50_MS else "MISS"
    print(f"  {'rules on vs off, sequential':28s} {figures['hands']:5d} hands: on p50 {figures['on50']:6.2f} ms, "
          f"p99 {figures['on99']:6.2f} ms   off p50 {figures['off50']:5.2f} ms, p99 {figures['off99']:5.2f} ms   "
          f"cost p50 {cost:+.2f} ms (target <= {TARGET_RULES_P50_MS:g} ms) {verdict}")
    own50, own99 = rules_own_cost(seed=5, shoes=20)
    print(f"  {'the hand rules alone':28s} in-process: p50 {own50:6.1f} µs, p99 {own99:6.1f} µs per hand")


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


def percentiles(samples: list[float]) -> tuple[float, float]:
    cuts = quantiles(samples, n=100, method="inclusive")
    return median(samples), cuts[98]


def measure(deployment: Deployment, extra_env: dict[str, str], args: argparse.Namespace) -> dict[str, dict]:
    floor = open_floor(deployment.url, tables_count=1 + args.posters + args.floor_tables)
    deployment.env.update(extra_env)
    app = roadsvc_server(deployment, workers=args.workers, threads=args.threads)
    base = Gunicorn("_baseline_app:app", workers=args.workers, threads=args.threads, pythonpath=str(ROOT / "bench"))
    try:
        app.start()
        base.start()
        solo = [Poster(app.base, base.base, floor.dealer_key, floor.table_ids[0], seed=1, shoes=args.shoes)]
        crowd = [Poster(app.base, base.base, floor.dealer_key, table, seed=10 + index, shoes=max(1, args.shoes - 1))
                 for index, table in enumerate(floor.table_ids[1:1 + args.posters])]
        results = {"sequential, 1 poster": run_posters(solo), f"{args.posters} concurrent posters": run_posters(crowd)}
        if args.floor_tables:
            results[f"floor: {args.floor_tables} tables / {args.floor_interval:g} s"] = run_posters(floor_dealers(
                floor, app.base, base.base, args))
        return results
    finally:
        app.stop()
        base.stop()


def floor_dealers(floor: Floor, app_base: str, baseline_base: str, args: argparse.Namespace) -> list[FloorDealer]:
    """The floor's tables, their first hands due at evenly spread moments of one interval."""
    start = time.perf_counter() + 1.0
    first = 1 + args.posters
    tables = list(zip(floor.table_ids[first:], floor.shoe_ids[first:]))
    return [FloorDealer(app_base, baseline_base, floor.dealer_key, table, shoe, seed=1000 + index,
                        hands=args.floor_hands, interval=args.floor_interval,
                        start=start + args.floor_interval * (index / len(tables) - 1))
            for index, (table, shoe) in enumerate(tables)]


def report(name: str, backend: str, results: dict[str, dict]) -> None:
    print(f"\n{name}")
    for load, series in results.items():
        p50, p99 = percentiles(series["roadsvc"])
        b50, b99 = percentiles(series["baseline"])
        verdict = ""
        if backend == "sqlite":
            verdict = f"  (target p99 < {TARGET_P99_MS:.0f} ms) " + ("PASS" if p99 < TARGET_P99_MS else "MISS")
        print(f"  {load:28s} {len(series['roadsvc']):5d} hands: p50 {p50:6.2f} ms, p99 {p99:6.2f} ms   "
              f"baseline p50 {b50:5.2f} ms, p99 {b99:5.2f} ms{verdict}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shoes", type=int, default=3, help="shoes posted sequentially (each concurrent poster: one fewer)")
    parser.add_argument("--posters", type=int, default=3)
    parser.add_argument("--floor-tables", type=int, default=100, help="0: no floor load")
    parser.add_argument("--floor-interval", type=float, default=2.0, help="seconds between a floor table's hands")
    parser.add_argument("--floor-hands", type=int, default=20, help="hands each floor table posts")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=1, help="more than 1: gthread workers")
    parser.add_argument("--only", choices=list(CONFIGURATIONS), action="append", help="default: all")
    parser.add_argument("--rules-only", action="store_true", help="only the rules on/off comparison")
    args = parser.parse_args()
    kind = f"gthread x{args.threads}" if args.threads > 1 else "sync"
    print(f"gunicorn: {args.workers} {kind} workers on 127.0.0.1; keep-alive http.client; real dealt 8-deck shoes")
    for name in args.only or CONFIGURATIONS:
        backend, extra_env = CONFIGURATIONS[name]
        if backend == "postgres" and (reason := postgres_missing()):
            print(f"\n{name}: skipped: {reason}", file=sys.stderr)
            continue
        with fresh_deployment(backend) as deployment:
            rules = measure_rules(deployment, extra_env, args)
            results = {} if args.rules_only else measure(deployment, extra_env, args)
        report(name, backend, results)
        report_rules(rules)


if __name__ == "__main__":
    main()
