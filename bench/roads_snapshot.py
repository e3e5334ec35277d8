"""Benchmark: build_snapshot on real dealt 8-deck shoes (burn, cut card, third-card rules).

Prints the median time per shoe and per hand, the time at 20, 80 and 160 hands with the
growth ratios (linear work gives 4x from 20 to 80 and 2x from 80 to 160), and baselines
measured in the same run: copying the hands list and json.dumps of the snapshot.
Nothing here asserts a time.

    .venv/bin/python bench/roads_snapshot.py [--shoes 300] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Callable

from roadsvc.domain.shoe import deal_shoe
from roadsvc.domain.snapshot import build_snapshot

REPEATS = 5


def best_of(action: Callable[[], object], repeats: int = REPEATS) -> float:
    """The fastest of a few runs, in seconds (the least disturbed by the machine)."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        action()
        best = min(best, time.perf_counter() - start)
    return best


def median_time(inputs: list, action: Callable[[object], object]) -> float:
    return statistics.median(best_of(lambda item=item: action(item)) for item in inputs)


def micro(seconds: float) -> str:
    return f"{seconds * 1e6:9.1f} µs"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shoes", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    shoes = [deal_shoe(random.Random(args.seed * 100_003 + i)).hands for i in range(args.shoes)]
    sizes = [len(hands) for hands in shoes]
    print(f"{len(shoes)} dealt shoes, hands per shoe: median {statistics.median(sizes)}, "
          f"min {min(sizes)}, max {max(sizes)}")  # fmt: skip

    for hands in shoes[:50]:  # warm up (allocator, caches) before anything is timed
        build_snapshot(hands)
    whole = median_time(shoes, build_snapshot)
    copy = median_time(shoes, list)
    dumps = median_time([build_snapshot(hands) for hands in shoes], json.dumps)
    per_hand = statistics.median(best_of(lambda h=hands: build_snapshot(h)) / len(hands) for hands in shoes)
    print(f"build_snapshot, whole shoe : {micro(whole)} median per shoe, {micro(per_hand)} per hand")
    print(f"baseline list(hands)       : {micro(copy)}   ({whole / copy:.0f}x faster than the snapshot)")
    print(f"baseline json.dumps(snap)  : {micro(dumps)}   (snapshot = {whole / dumps:.2f}x json.dumps)")

    # Two consecutive shoes joined give 160 hands; 20 and 80 are prefixes of the same runs.
    joined = [shoes[i] + shoes[(i + 1) % len(shoes)] for i in range(len(shoes))]
    timings = {}
    for size in (20, 80, 160):
        timings[size] = median_time([hands[:size] for hands in joined], build_snapshot)
        print(f"{size:4d} hands                 : {micro(timings[size])}  ({micro(timings[size] / size)} per hand)")
    print(f"growth 20 -> 80 : {timings[80] / timings[20]:.2f}x  (linear: 4.00x, quadratic: 16x)")
    print(f"growth 80 -> 160: {timings[160] / timings[80]:.2f}x  (linear: 2.00x, quadratic: 4x)")


if __name__ == "__main__":
    main()
