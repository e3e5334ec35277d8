"""Benchmark: a scoreboard's FIRST render in a fresh process, cold and after warm_up().

Each figure comes from its own fresh Python process (nothing cached): the first render
of an 80-hand shoe's scoreboard PNG (cell 24, light, zh-Hans) with and without
roadsvc.render.baccarat.warm.warm_up() having run at start (as RoadImages does), beside a warm
render (the same render repeated in the warmed process: the baseline). Also prints
what warm_up() itself costs at start. Medians over --runs processes, interleaved.

    .venv/bin/python bench/render_first.py [--runs 5]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from statistics import median

CHILD = r"""
import json, random, sys, time
from roadsvc.domain.baccarat.dealing.shoe import deal_shoe
from roadsvc.domain.baccarat.roads.snapshot import build_snapshot
from roadsvc.render import render
from roadsvc.render.baccarat.warm import warm_up
snapshot = build_snapshot(deal_shoe(random.Random(1)).hands[:80])
warm_ms = 0.0
if sys.argv[1] == "warm":
    start = time.perf_counter(); warm_up(); warm_ms = (time.perf_counter() - start) * 1000
start = time.perf_counter(); render(snapshot, "scoreboard", "png", {"cell": 24})
first = (time.perf_counter() - start) * 1000
start = time.perf_counter(); render(snapshot, "scoreboard", "png", {"cell": 24})
again = (time.perf_counter() - start) * 1000
print(json.dumps({"first": first, "again": again, "warm_up": warm_ms}))
"""


def one(mode: str) -> dict:
    out = subprocess.run([sys.executable, "-c", CHILD, mode], capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    runs: dict[str, list[dict]] = {"cold": [], "warm": []}
    for _ in range(args.runs):
        for mode in runs:
            runs[mode].append(one(mode))
    baseline = median(run["again"] for run in runs["cold"] + runs["warm"])
    print(f"scoreboard PNG, 80 hands, cell 24; medians of {args.runs} fresh processes each")
    print(f"  baseline: a warm render (second in its process)  {baseline:7.1f} ms")
    for mode, label in (("cold", "first render, no warm-up"), ("warm", "first render after warm_up()")):
        first = median(run["first"] for run in runs[mode])
        print(f"  {label:33s} {first:7.1f} ms = {first / baseline:4.1f}x the warm render")
    print(f"  warm_up() at start (once per process)     {median(run['warm_up'] for run in runs['warm']):7.1f} ms")


if __name__ == "__main__":
    main()
