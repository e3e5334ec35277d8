"""Benchmark: GET /api/v1/floor beside GET /api/v1/tables (the lobby) for the same tables.

For SQLite (the default file) and PostgreSQL (a throw-away schema), a floor of N tables
(200 by default), each with an open 8-deck shoe of real dealt hands (30 to 70 of them),
some with the cut card out, some closed, some with open alerts. Both answers are asked
in-process (Flask's test client: the app's own work, no HTTP server in front), in
interleaved rounds once every cache is warm, and printed with their ratio.
Target: the floor's 200 answer in at most 2x the lobby's time (PASS or MISS). The floor's
304 (If-None-Match) is printed too. Then the floor's 200 after k tables changed between polls
(a hand posted at each of k open tables, untimed, before each timed poll: k = 1, 10) beside the
same 200 with the process's floor dropped (every table read again, as the first poll after a
start does): the 200 should grow with k, not with the floor.

    .venv/bin/python bench/floor.py [--tables 200] [--rounds 15] [--only sqlite|postgres]
"""

from __future__ import annotations

import argparse
import random

from _service import BACKENDS, can_run, fresh_deployment, open_floor
from _timing import interleaved_medians

from roadsvc.app import create_app
from roadsvc.domain.errors import DomainError
from roadsvc.domain.baccarat.dealing.shoe import deal_shoe
from roadsvc.persistence.engine import Database
from roadsvc.services import tables
from roadsvc.services.caches import LRU
from roadsvc.services.baccarat import hands, shoes

TARGET = 2.0


def deal_floor(url: str, count: int) -> tuple[str, str, dict[int, list]]:
    """The tables and their shoes; (display key, pit-boss key, the hands left in each open shoe)."""
    floor = open_floor(url, tables_count=count)
    db = Database(url, synchronous="OFF")  # setting up only: nothing timed depends on it
    rng = random.Random(7)
    left = {}
    try:
        for index, (table_id, shoe_id) in enumerate(zip(floor.table_ids, floor.shoe_ids)):
            # No table turns stale while the run lasts (the floor's tag would move on).
            tables.update_table(db, table_id, {"settings": {"monitoring": {"stale_after_seconds": 3600}}})
            shoe = deal_shoe(rng).hands
            dealt = shoe[: rng.randint(30, 70)]
            for hand in dealt:
                hands.post_hand(db, table_id, hand, rules=False)
            if index % 10 == 3:
                shoes.mark_cut_card(db, table_id, shoe_id)
            elif index % 10 == 7:
                shoes.close_shoe(db, table_id, shoe_id)
            elif index % 10 == 5:  # a refused hand: an open refused_hands alert
                try:
                    hands.ingest(db, table_id, {"cards": ["4S", "3H", "5D", "2C", "6H"]})
                except DomainError:
                    pass
            else:
                left[table_id] = shoe[len(dealt):]
    finally:
        db.dispose()
    return floor.display_key, floor.pitboss_key, left


CHANGED = (1, 10)


def measure(url: str, tables: int, rounds: int) -> dict[str, float]:
    display, pitboss, left = deal_floor(url, tables)
    app = create_app({"DATABASE_URL": url, "LOG_LEVEL": "WARNING"})
    client = app.test_client()
    as_display = {"Authorization": f"Bearer {display}"}
    as_pitboss = {"Authorization": f"Bearer {pitboss}"}

    def get(path: str, headers: dict, status: int) -> None:
        response = client.get(path, headers=headers)
        assert response.status_code == status, (path, response.status_code, response.get_data()[:200])

    lobby = lambda: get("/api/v1/tables", as_display, 200)  # noqa: E731
    floor = lambda: get("/api/v1/floor", as_pitboss, 200)  # noqa: E731
    tag = client.get("/api/v1/floor", headers=as_pitboss).headers["ETag"]
    poll = lambda: get("/api/v1/floor", {**as_pitboss, "If-None-Match": tag}, 304)  # noqa: E731
    for warm in (lobby, floor, lobby, floor):
        warm()
    try:
        ms = interleaved_medians({"lobby": lobby, "floor": floor, "floor 304": poll}, rounds)
        return {**ms, **changed_floor(url, app, floor, left, rounds)}
    finally:
        app.extensions["roadsvc.db"].dispose()


def changed_floor(url: str, app, floor, left: dict[int, list], rounds: int) -> dict[str, float]:
    """The floor's 200 after k tables changed (each table's next dealt hand, untimed), and with the floor
    dropped."""
    db = Database(url, synchronous="OFF")
    turns = iter(table_id for _ in range(10**6) for table_id in left if left[table_id])

    def change(count: int):
        def before() -> None:
            for _ in range(count):
                table_id = next(turns)
                hands.post_hand(db, table_id, left[table_id].pop(0), rules=False)
        return before

    def drop() -> None:  # the tiles, money, tags and bodies (the shoes' figures stay cached)
        cache = app.extensions["roadsvc.floor"]
        cache.state, cache.shift_money, cache.tags, cache.bodies = None, None, LRU(64), LRU(4)

    actions = {f"floor, {k} changed": floor for k in CHANGED} | {"floor, every table read": floor}
    before = {f"floor, {k} changed": change(k) for k in CHANGED} | {"floor, every table read": drop}
    try:
        return interleaved_medians(actions, rounds, before)
    finally:
        db.dispose()



def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--only", choices=BACKENDS, action="append")
    args = parser.parse_args()
    print(f"{args.tables} tables, in-process (Flask test client), median of {args.rounds} interleaved rounds, "
          f"caches warm")
    for backend in args.only or BACKENDS:
        if not can_run(backend):
            continue
        with fresh_deployment(backend) as deployment:
            ms = measure(deployment.url, args.tables, args.rounds)
        ratio = ms["floor"] / ms["lobby"]
        verdict = "PASS" if ratio <= TARGET else "MISS"
        print(f"{backend:8s}: lobby {ms['lobby']:7.2f} ms   floor {ms['floor']:7.2f} ms   "
              f"floor/lobby {ratio:4.2f}x (target <= {TARGET:g}x) {verdict}   floor 304 {ms['floor 304']:6.2f} ms")
        changed = "   ".join(f"{k} changed {ms[f'floor, {k} changed']:7.2f} ms" for k in CHANGED)
        print(f"{'':8s}  floor 200 after k tables changed: {changed}   every table read "
              f"{ms['floor, every table read']:7.2f} ms")


if __name__ == "__main__":
    main()
