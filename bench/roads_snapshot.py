"""Benchmark: build_snapshot on real dealt 8-deck shoes (burn, cut card, third-card rules).

Prints the median time per shoe and per hand, the time at 20, 80 and 160 hands with the
growth ratios (linear work gives 4x from 20 to 80 and 2x from 80 to 160), and baselines
measured in the same run: copying the hands list and json.dumps of the snapshot's JSON
document. Also what the API's edge adds (roadsvc.api.baccarat.schemas.roads): the compiled dump of
the typed snapshot, marshmallow's own dump of the same schema for comparison, and the
whole first body of a revision (build_snapshot, then snapshot_json: dump and encode).
Every figure for one shoe is taken back to back (interleaved), so a busy machine
slows all of them alike and the ratios stay meaningful. Nothing here asserts a time.

    .venv/bin/python bench/roads_snapshot.py [--shoes 300] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics

from _timing import best_of

from roadsvc.domain.baccarat.dealing.shoe import deal_shoe
from roadsvc.api.baccarat.schemas.roads import SnapshotSchema, dump_snapshot, snapshot_json
from roadsvc.domain.baccarat.roads.snapshot import build_snapshot

REPEATS = 5
SCHEMA = SnapshotSchema()
SIZES = (20, 80, 160)


def measure(hands: list, joined: list) -> dict[str, float]:
    """Every figure for one shoe; `joined` is this shoe followed by the next one."""
    snapshot = build_snapshot(hands)
    document = dump_snapshot(snapshot)
    figures = {
        "shoe": best_of(lambda: build_snapshot(hands), REPEATS),
        "copy": best_of(lambda: list(hands)),
        "dumps": best_of(lambda: json.dumps(document, ensure_ascii=False)),
        "dump": best_of(lambda: dump_snapshot(snapshot)),
        "schema": best_of(lambda: SCHEMA.dump(snapshot)),
        "body": best_of(lambda: snapshot_json(build_snapshot(hands)), REPEATS),
    }
    figures["per_hand"] = figures["shoe"] / len(hands)
    for size in SIZES:
        prefix = joined[:size]
        figures[size] = best_of(lambda: build_snapshot(prefix), REPEATS)
    return figures


def micro(seconds: float) -> str:
    return f"{seconds * 1e6:8.1f} µs"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shoes", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    shoes = [deal_shoe(random.Random(args.seed * 100_003 + i)).hands for i in range(args.shoes)]
    sizes = [len(hands) for hands in shoes]
    print(f"{len(shoes)} dealt 8-deck shoes; hands per shoe: median {statistics.median(sizes)}, "
          f"min {min(sizes)}, max {max(sizes)}")  # fmt: skip
    for hands in shoes[:50]:  # warm up before anything is timed
        build_snapshot(hands)

    # 160 hands: two consecutive shoes joined; 20 and 80 are prefixes of the same run.
    runs = [measure(hands, hands + shoes[(i + 1) % len(shoes)]) for i, hands in enumerate(shoes)]
    median = {key: statistics.median(run[key] for run in runs) for key in runs[0]}

    print(f"build_snapshot, whole shoe : {micro(median['shoe'])} median ({micro(median['per_hand'])} per hand)")
    print(f"baseline list(hands)       : {micro(median['copy'])}")
    print(f"baseline json.dumps(snap)  : {micro(median['dumps'])}  "
          f"(build_snapshot takes {median['shoe'] / median['dumps']:.2f}x json.dumps of its own output)")  # fmt: skip
    print(f"compiled dump (the edge)   : {micro(median['dump'])}  ({median['dump'] / median['dumps']:.2f}x json.dumps)")
    print(f"marshmallow's own dump     : {micro(median['schema'])}  ({median['schema'] / median['dumps']:.2f}x json.dumps)")
    print(f"first body of a revision   : {micro(median['body'])}  (build_snapshot + snapshot_json; "
          f"{median['body'] / median['dumps']:.2f}x json.dumps)")  # fmt: skip
    for size in SIZES:
        print(f"{size:4d} hands                 : {micro(median[size])} ({micro(median[size] / size)} per hand)")
    print(f"growth 20 -> 80 : {median[80] / median[20]:.2f}x  (linear 4x, quadratic 16x)")
    print(f"growth 80 -> 160: {median[160] / median[80]:.2f}x  (linear 2x, quadratic 4x)")


if __name__ == "__main__":
    main()
