"""Benchmark: recall of a table's last 10 games (GET /api/v1/tables/{id}/recall?last=10), p50 and p99 per game,
beside the table's plain read (GET /api/v1/tables/{id}) in the same run.

For SQLite (a fresh migrated file) and PostgreSQL (a throw-away schema), a table of each game is filled through
the API in process (create_app's test client): baccarat, 12 hands dealt from a real shoe, each with a slip of
two bets, one hand corrected and one voided by the pit boss; 百人牛牛, 12 rounds with two slips each, opened
and settled; 打棒, whole matches of random legal moves until the table has played 10 deals. Then roadsvc is
served by gunicorn (2 workers, as `roadsvc serve`) and a keep-alive client asks, in turn, each table's recall
with a pit boss's key (money and links included: the heaviest answer) and its plain read, --requests times
each; both series come from the same moments. The first requests of each worker (the 打棒 replays, the
catalogues) are warmed up and not counted.

A recall of 打棒 deals replays each deal from its draw and moves; a deal over is kept (its view and links, per
process), so the served figure is of kept deals and the one under way. The cold figure is timed apart, in
process: the same recall with the kept deals dropped before each call, beside the plain read through the same
services.

Target (printed PASS or MISS; nothing exits non-zero): recall of 10 games p99 at most 50 ms, every game, on
each database. The machine's load (os.getloadavg, before and after) is printed beside the figures.

    .venv/bin/python bench/recall.py [--requests 300] [--only sqlite|postgres]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

from _service import BACKENDS, Client, can_run, dealt_hands, fresh_deployment, hand_body, roadsvc_server
from _timing import client_collector_paused

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from dabang_match_play import ROUTES, apply_move, next_move  # noqa: E402
from niuniu_support import by_order, slip_body  # noqa: E402

from roadsvc.app import create_app  # noqa: E402
from roadsvc.domain.dabang.match import Match  # noqa: E402
from roadsvc.services import recall as recalls  # noqa: E402
from roadsvc.services.dabang import recall as dabang_recall  # noqa: E402
from roadsvc.services.keys.lifecycle import create_key
from roadsvc.services.tables import get_table  # noqa: E402

TARGET_P99_MS = 50.0
LAST = 10
PLAYERS = {"1": "Li", "2": "Wang", "3": "Zhao", "4": "Chen"}
START = datetime(2026, 12, 7, 2, 0, tzinfo=timezone.utc)


class Filler:
    """The API through the app's test client, a key per role."""

    def __init__(self, app):
        self.client = app.test_client()
        db = app.extensions["roadsvc.db"]
        self.keys = {role: create_key(db, role, f"bench {role}")[1]
                     for role in ("display", "dealer", "pitboss", "game_server")}

    def post(self, url, body=None, role="dealer"):
        response = self.client.post("/api/v1" + url, json=body, headers={"Authorization": f"Bearer {self.keys[role]}"})
        assert response.status_code in (200, 201), (url, response.json)
        return response.json


def baccarat_table(api: Filler) -> int:
    table = api.post("/tables", {"name": "Recall baccarat"}, role="pitboss")["id"]
    shoe = api.post(f"/tables/{table}/shoes", {"decks": 8})["id"]
    for number, hand in enumerate(dealt_hands(7)[0][:12], start=1):
        api.post(f"/tables/{table}/slips", {
            "client_slip_id": f"b-{number}", "account_id": f"acct-{number % 3}",
            "account_range": {"min": "1.00", "max": "100000.00"},
            "bets": [{"bet": "banker", "stake": "100.00"}, {"bet": "player_pair", "stake": "10.00"}]},
            role="game_server")
        api.post(f"/tables/{table}/hands", hand_body(hand, number, shoe))
    api.post(f"/shoes/{shoe}/hands/11/void", {"reason": "misdeal"}, role="pitboss")
    api.post(f"/shoes/{shoe}/hands/12/correct", {"hand": {"result": "tie"}, "reason": "misread"}, role="pitboss")
    return table


def niuniu_table(api: Filler) -> int:
    table = api.post("/tables", {"name": "Recall niuniu", "game": "niuniu"}, role="pitboss")["id"]
    for number in range(1, 13):
        for account in ("acct-a", "acct-b"):
            api.post(f"/tables/{table}/slips", slip_body(number, account, "100000.00",
                                                         {"player_1": "10.00", "player_3": "20.00"}),
                     role="game_server")
        api.post(f"/tables/{table}/rounds", by_order(number))
        api.post(f"/tables/{table}/rounds/{number}/open", {"position": "player_1"})
        api.post(f"/tables/{table}/rounds/{number}/open", {})
    return table


def dabang_table(api: Filler, deals: int = LAST) -> int:
    table = api.post("/tables", {"name": "Recall dabang", "game": "dabang"}, role="pitboss")["id"]
    played, seed = 0, 1
    while played < deals:
        match_id = api.post(f"/tables/{table}/matches", {"players": PLAYERS}, role="pitboss")["id"]
        rng, mirror = random.Random(seed), Match.start(START)
        while not mirror.over and played < deals + 1:
            kind, data = next_move(mirror, rng, seed)
            api.post(f"/matches/{match_id}/" + ROUTES[kind].format(n=mirror.next_number), data)
            mirror = apply_move(mirror, kind, data, START)
            played += kind == "deal"
        if not mirror.over:
            api.post(f"/matches/{match_id}/end", {"reason": "bench: enough deals"}, role="pitboss")
        seed += 1
    return table


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def figures(values: list[float]) -> str:
    return f"p50 {statistics.median(values):6.2f} ms  p99 {percentile(values, 0.99):6.2f} ms  max {max(values):6.2f} ms"


def served(base: str, key: str, tables: dict[str, int], requests: int) -> dict[str, tuple[list[float], list[float]]]:
    """Per game: (recall ms, plain read ms), asked in turn."""
    found = {game: ([], []) for game in tables}
    with Client(base, key) as client, client_collector_paused():
        for _ in range(4):  # each worker's first answers (replays, catalogues), not counted
            for table_id in tables.values():
                client.get(f"/tables/{table_id}/recall?last={LAST}")
        for _ in range(requests):
            for game, table_id in tables.items():
                for index, path in enumerate((f"/tables/{table_id}/recall?last={LAST}", f"/tables/{table_id}")):
                    start = time.perf_counter()
                    status, _, body = client.get(path)
                    found[game][index].append((time.perf_counter() - start) * 1000)
                    assert status == 200, body
    return found


def cold_dabang(app, table_id: int, runs: int) -> tuple[list[float], list[float]]:
    """The 打棒 recall with no deal kept (dropped before each call), beside the plain read."""
    db, reader = app.extensions["roadsvc.db"], recalls.Reader(money=True)
    cold, plain = [], []
    for _ in range(runs):
        dabang_recall._views.clear()  # the bench's own process: what a fresh worker has
        start = time.perf_counter()
        answer = recalls.recall(db, table_id, recalls.Ask(last=LAST), reader)
        cold.append((time.perf_counter() - start) * 1000)
        assert len(answer["deals"]) == LAST
        start = time.perf_counter()
        get_table(db, table_id)
        plain.append((time.perf_counter() - start) * 1000)
    return cold, plain


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


def run(backend: str, requests: int) -> None:
    with fresh_deployment(backend) as deployment:
        app = create_app({"DATABASE_URL": deployment.url, "LOG_LEVEL": "WARNING",
                          "INSTANCE_PATH": str(deployment.instance), "RATELIMIT_WRITES": "100000 per second"})
        api = Filler(app)
        began = time.perf_counter()
        tables = {"baccarat": baccarat_table(api), "niuniu": niuniu_table(api), "dabang": dabang_table(api)}
        print(f"\n{backend}: tables filled in {time.perf_counter() - began:.1f} s; {load()}")
        cold, plain = cold_dabang(app, tables["dabang"], 30)
        print(f"  dabang, cold replays in process  recall  {figures(cold)}")
        print(f"  {'':32s} baseline {figures(plain)} (the table's read, services)")
        app.extensions["roadsvc.db"].dispose()
        server = roadsvc_server(deployment)
        base = server.start()
        try:
            results = served(base, api.keys["pitboss"], tables, requests)
        finally:
            server.stop()
        for game, (recall_ms, plain_ms) in results.items():
            verdict = "PASS" if percentile(recall_ms, 0.99) <= TARGET_P99_MS else "MISS"
            print(f"  {game:9s} recall of {LAST} over HTTP  {figures(recall_ms)}  {verdict} (p99 <= {TARGET_P99_MS:.0f} ms)")
            print(f"  {'':32s} baseline {figures(plain_ms)} (GET /tables/{{id}})")
        print(f"  after: {load()}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=300, help="recalls (and plain reads) per game")
    parser.add_argument("--only", choices=BACKENDS)
    args = parser.parse_args()
    for backend in [args.only] if args.only else BACKENDS:
        if can_run(backend):
            run(backend, args.requests)


if __name__ == "__main__":
    main()
