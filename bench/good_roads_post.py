"""Benchmark: what the good_roads notice costs a post (the good roads before and after, compared).

In process, on an SQLite file (default) or a throw-away PostgreSQL schema: real dealt 8-deck
shoes posted hand by hand through the service at two tables, one posting as roadsvc does (the
notice computed in the post's transaction) and one with the notice turned off (the baseline),
interleaved hand by hand so machine noise hits both alike. Target: at most +1 ms of p50 (the
dealer's path budget, issue 10/13).

    .venv/bin/python bench/good_roads_post.py [--shoes 3] [--backend sqlite|postgres]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from _service import BACKENDS, can_run, dealt_hands, fresh_deployment

from roadsvc.persistence.engine import Database
from roadsvc.services import tables
from roadsvc.services.baccarat import good_road_events, hands, shoes

REAL = hands.good_roads_event


def off(*_args, **_kwargs) -> None:
    return None


def post_ms(db: Database, table_id: int, hand, notice: bool) -> float:
    hands.good_roads_event = REAL if notice else off
    start = time.perf_counter()
    hands.post_hand(db, table_id, hand)
    elapsed = (time.perf_counter() - start) * 1000
    hands.good_roads_event = REAL
    return elapsed


def run(backend: str, shoes_count: int) -> None:
    with fresh_deployment(backend) as deployment:
        db = Database(deployment.url)
        on_table, off_table = (tables.create_table(db, name).id for name in ("With notices", "Without"))
        on, base, sent = [], [], 0
        try:
            for dealt in dealt_hands(16, shoes_count):
                for table_id in (on_table, off_table):
                    shoes.open_shoe(db, table_id, decks=8)
                for index, hand in enumerate(dealt):
                    order = [(on_table, True), (off_table, False)]
                    for table_id, notice in order if index % 2 else order[::-1]:  # each goes first half the time
                        (on if notice else base).append(post_ms(db, table_id, hand, notice))
                    sent += 1
        finally:
            db.dispose()
    print(f"\n{backend}: {sent} hands at each table")
    print(f"  post p50 without the notice (baseline) {statistics.median(base):7.3f} ms")
    extra = statistics.median(on) - statistics.median(base)
    print(f"  post p50 with the notice               {statistics.median(on):7.3f} ms  ({extra:+.3f} ms; "
          f"target <= +1 ms) {'PASS' if extra <= 1 else 'MISS'}")
    assert good_road_events.good_roads_event is REAL


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shoes", type=int, default=3)
    parser.add_argument("--backend", choices=BACKENDS, action="append", help="default: sqlite")
    args = parser.parse_args()
    for backend in args.backend or ["sqlite"]:
        if not can_run(backend):
            continue
        run(backend, args.shoes)
    return 0


if __name__ == "__main__":
    sys.exit(main())
