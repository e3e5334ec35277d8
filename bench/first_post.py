"""Benchmark: a worker's FIRST posts, cold and after warm_write_path() (roadsvc.services.warm).

Each figure comes from its own fresh Python process, built as a gunicorn worker builds
wsgi:app (create_app on a migrated database that already holds a table with an open shoe
and a dealer key), with or without `warm_write_path(db)` run at start, as wsgi.py runs it.
The process then posts the shoe's first hands through the app (Flask's test client: no
HTTP, so nothing but roadsvc is timed) and reports the first post, the second, and the
baseline: the median of hands 11-20 in the same process (a warm post). On SQLite the first
post's transaction holds the one write lock, so its time is every other table's wait too.
Medians over --runs processes of each kind, interleaved; SQLite and PostgreSQL.

    .venv/bin/python bench/first_post.py [--runs 5]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from statistics import median

from _service import can_run, fresh_deployment, open_floor

CHILD = r"""
import json, random, statistics, sys, time
url, table, shoe, key, mode = sys.argv[1:6]
from roadsvc.app import create_app
from roadsvc.domain.baccarat.dealing.shoe import deal_shoe
app = create_app({"DATABASE_URL": url, "LOG_LEVEL": "WARNING", "RATELIMIT_ENABLED": False})
warm_ms = 0.0
if mode == "warm":
    from roadsvc.services.warm import warm_write_path
    start = time.perf_counter(); warm_write_path(app.extensions["roadsvc.db"])
    warm_ms = (time.perf_counter() - start) * 1000
client, times = app.test_client(), []
for number, hand in enumerate(deal_shoe(random.Random(int(table))).hands[:20], start=1):
    start = time.perf_counter()
    answer = client.post(f"/api/v1/tables/{table}/hands", json={"number": number, "shoe_id": int(shoe),
                         "cards": hand.to_dict()["cards"]}, headers={"Authorization": f"Bearer {key}"})
    times.append((time.perf_counter() - start) * 1000)
    assert answer.status_code == 201, answer.get_json()
print(json.dumps({"first": times[0], "second": times[1], "warm": statistics.median(times[10:]), "warm_up": warm_ms}))
"""


def one(url: str, table: int, shoe: int, key: str, mode: str) -> dict:
    argv = [sys.executable, "-c", CHILD, url, str(table), str(shoe), key, mode]
    return json.loads(subprocess.run(argv, capture_output=True, text=True, check=True).stdout)


def measure(backend: str, runs: int) -> None:
    with tempfile.TemporaryDirectory(prefix="roadsvc-first-post-") as folder, \
            fresh_deployment(backend, Path(folder)) as deployment:
        floor = open_floor(deployment.url, tables_count=2 * runs, prefix="First post")
        tables = iter(zip(floor.table_ids, floor.shoe_ids))
        results: dict[str, list[dict]] = {"cold": [], "warm": []}
        for _ in range(runs):
            for mode in results:
                table, shoe = next(tables)
                results[mode].append(one(deployment.url, table, shoe, floor.dealer_key, mode))
    baseline = median(run["warm"] for run in results["cold"] + results["warm"])
    print(f"\n{backend}: medians of {runs} fresh processes each")
    print(f"  baseline: a warm post (hands 11-20 of the same process)  {baseline:7.1f} ms")
    for mode, label in (("cold", "no warm-up"), ("warm", "after warm_write_path()")):
        first, second = (median(run[key] for run in results[mode]) for key in ("first", "second"))
        worst = max(run["first"] for run in results[mode])
        print(f"  {label:24s} first post {first:7.1f} ms = {first / baseline:4.1f}x (worst {worst:.1f} ms), "
              f"second {second:5.1f} ms")
    print(f"  warm_write_path() at start, once per worker: {median(run['warm_up'] for run in results['warm']):.0f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    for backend in ("sqlite", "postgres"):
        if not can_run(backend):
            continue
        measure(backend, args.runs)


if __name__ == "__main__":
    main()
