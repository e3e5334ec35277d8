"""Benchmark: the lobby (GET /api/v1/tables) with 200 tables of 40 hands, against the roads poll.

In process, through Flask's test client (the same WSGI stack gunicorn calls; no socket),
on an SQLite file or a throw-away PostgreSQL schema, with real dealt hands posted through
the service (so every shoe's summary is stored as in production). Figures, each the median
of interleaved runs so machine noise hits all alike:

  * roads 200: GET /tables/{id}/roads of one table, warm (cached bytes): the baseline;
  * lobby 200 warm: GET /tables, every row cached (target: <= 3x roads 200);
  * roads 304 and lobby 304 (If-None-Match): target lobby 304 within 10% of roads 304; the
    lobby's ETag is the event log's newest id (one indexed integer read);
  * first lobby in a fresh worker: a new app (empty caches), its first lobby after one
    roads 304 (so the key and connections are warm): target <= 50 ms;
  * for scale: what the old lobby paid first, every shoe's full snapshot built.

    .venv/bin/python bench/lobby.py [--tables 200] [--hands 40] [--runs 200] [--backend sqlite|postgres]
"""

from __future__ import annotations

import argparse
import random
import statistics

from _service import BACKENDS, can_run, fresh_deployment, open_floor
from _timing import interleaved_medians, timed

from roadsvc.app import create_app
from roadsvc.domain.baccarat.dealing.shoe import deal_shoe
from roadsvc.persistence.engine import Database
from roadsvc.services.baccarat import hands as hand_service
from roadsvc.api.baccarat.schemas.roads import roads_json
from roadsvc.services.baccarat.snapshots import SnapshotCache


def deal(url: str, table_ids: list[int], hands: int, seed: int = 16) -> None:
    """`hands` real dealt hands at every table (SQLite without fsync: setup only)."""
    rng = random.Random(seed)
    db = Database(url, synchronous="OFF")
    try:
        for table_id in table_ids:
            shoe = deal_shoe(rng).hands
            while len(shoe) < hands:
                shoe = deal_shoe(rng).hands
            for hand in shoe[:hands]:
                hand_service.post_hand(db, table_id, hand)
    finally:
        db.dispose()


def app_for(url: str):
    return create_app({"DATABASE_URL": url, "LOG_LEVEL": "WARNING"})


def measure(url: str, floor, args) -> dict[str, float]:
    headers = {"Authorization": f"Bearer {floor.display_key}"}
    app = app_for(url)
    client = app.test_client()
    roads = f"/api/v1/tables/{floor.table_ids[0]}/roads"
    get = lambda path, extra=None: client.get(path, headers={**headers, **(extra or {})})  # noqa: E731
    for path in (roads, "/api/v1/tables"):
        assert get(path).status_code == 200
    roads_tag, lobby_tag = get(roads).headers["ETag"], get("/api/v1/tables").headers["ETag"]
    figures = interleaved_medians({
        "roads 200": lambda: get(roads),
        "lobby 200 warm": lambda: get("/api/v1/tables"),
        "roads 304": lambda: get(roads, {"If-None-Match": roads_tag}),
        "lobby 304": lambda: get("/api/v1/tables", {"If-None-Match": lobby_tag}),
    }, args.runs)
    figures["first lobby, fresh worker"] = statistics.median(first_lobby(url, roads, headers) for _ in range(5))
    figures["old first lobby: every snapshot"] = every_snapshot(url, floor.shoe_ids)
    app.extensions["roadsvc.db"].dispose()
    return figures


def first_lobby(url: str, roads: str, headers: dict) -> float:
    app = app_for(url)
    client = app.test_client()
    assert client.get(roads, headers=headers).status_code == 200  # key verified, connections open
    response = None

    def lobby():
        nonlocal response
        response = client.get("/api/v1/tables", headers=headers)

    took = timed(lobby) * 1000
    assert response.status_code == 200 and len(response.json) > 0
    app.extensions["roadsvc.db"].dispose()
    return took


def every_snapshot(url: str, shoe_ids: list[int]) -> float:
    db = Database(url)
    try:
        SnapshotCache(db, roads_json).document(shoe_ids[0])  # connections and statement caches warm, as in a served worker
        cache = SnapshotCache(db, roads_json)
        return timed(lambda: [cache.document(shoe_id) for shoe_id in shoe_ids]) * 1000
    finally:
        db.dispose()


def report(backend: str, args, figures: dict[str, float]) -> None:
    base = figures["roads 200"]
    print(f"\n{backend}: {args.tables} tables x {args.hands} hands, medians of {args.runs} interleaved runs")
    for name, ms in figures.items():
        print(f"  {name:32s} {ms:8.3f} ms" + verdict(name, ms, base, figures))


def verdict(name: str, ms: float, base: float, figures: dict[str, float]) -> str:
    if name == "lobby 200 warm":
        return f"  = {ms / base:.2f}x roads 200 (target <= 3x) {'PASS' if ms <= 3 * base else 'MISS'}"
    if name == "lobby 304":
        ratio = ms / figures["roads 304"]
        return f"  = {ratio:.2f}x roads 304 (target within 10%) {'PASS' if ratio <= 1.10 else 'MISS'}"
    if name == "first lobby, fresh worker":
        return f"  (target <= 50 ms) {'PASS' if ms <= 50 else 'MISS'}"
    return ""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--backend", choices=BACKENDS, action="append", help="default: sqlite")
    args = parser.parse_args()
    for backend in args.backend or ["sqlite"]:
        if not can_run(backend):
            continue
        with fresh_deployment(backend) as deployment:
            floor = open_floor(deployment.url, args.tables)
            deal(deployment.url, floor.table_ids, args.hands)
            report(backend, args, measure(deployment.url, floor, args))


if __name__ == "__main__":
    main()
