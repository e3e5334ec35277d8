"""Benchmark: 百人牛牛 against the baseline measured in the same run.

1. Hand evaluation (target 200,000 hands a second in one process): `evaluate` on random hands of
   the 54-card deck, warm, beside the spec read literally (every stand-in, every three: the
   property tests' brute force) and beside sorting the same hands' ranks (the floor of any
   evaluator that looks at the ranks).
2. Posting a round and opening it (open all: the settlement), each against posting a baccarat hand
   (target: each within 1.3x), through the app in process on one SQLite file. A round is two writes by
   the game's nature (its fourth cards are dealt face down and opened later, so the post commits what
   no reader sees until the open commits), a baccarat hand one: the round's two writes together are
   set against two hand posts (within 1.3x), and beside the floor of any two-commit flow, two bare
   writes (a POST route of the same app committing one UPDATE, no key, event or chain) against one
   hand post, which shows why the two writes cannot come within 1.3x of one post.
3. The trend road's 304 against the roads' 304 (target within 10%) and against a bare route added to the
   same app (Flask, its hooks and the test client alone), same app.

Every pair is interleaved (each run times both in turn), so a busy machine slows both alike.
Nothing here asserts a time.   .venv/bin/python bench/niuniu.py [--hands 200000] [--runs 300]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from itertools import combinations, product

from _timing import interleaved_medians

from sqlalchemy import update

from roadsvc.app import create_app
from roadsvc.domain.cards import standard_deck
from roadsvc.domain.niuniu.hands import HandType, evaluate, hand_type
from roadsvc.persistence.migrations import upgrade
from roadsvc.persistence.models import Table
from roadsvc.services.keys.lifecycle import create_key

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests"))
from niuniu_support import by_order  # noqa: E402


def literal_type(cards) -> HandType:
    """The spec read literally, as the property test's brute force does."""
    concrete = [card.rank for card in cards if not card.is_joker]
    best = HandType.NO_BULL
    for stand_ins in product(range(1, 14), repeat=len(cards) - len(concrete)):
        ranks = concrete + list(stand_ins)
        values = [min(rank, 10) for rank in ranks]
        if any(ranks.count(rank) >= 4 for rank in ranks):
            found = HandType.BOMB
        elif all(rank > 10 for rank in ranks):
            found = HandType.GOLD_BULL
        elif sorted(ranks)[0] == 10 and all(rank > 10 for rank in sorted(ranks)[1:]):
            found = HandType.SILVER_BULL
        else:
            found = HandType.NO_BULL
            for three in combinations(range(5), 3):
                if sum(values[i] for i in three) % 10 == 0:
                    rest = (sum(values) - sum(values[i] for i in three)) % 10
                    bull = HandType.BULL_BULL if rest == 0 else HandType[f"BULL_{rest}"]
                    found = max(found, bull, key=lambda t: t.strength)
        best = max(best, found, key=lambda t: t.strength)
    return best


def rate(action, hands) -> float:
    start = time.perf_counter()
    for hand in hands:
        action(hand)
    return len(hands) / (time.perf_counter() - start)


def evaluation(count: int) -> None:
    deck, rng = standard_deck(jokers=True), random.Random(1)
    hands = [rng.sample(deck, 5) for _ in range(count)]
    for hand in hands:
        evaluate(hand)  # warm the per-multiset memo, as a running service is
    sample = hands[: max(1, count // 100)]
    figures = {"hand_type (warm)": rate(hand_type, hands), "evaluate -> Hand (warm)": rate(evaluate, hands),
               "baseline: sort the ranks": rate(lambda h: tuple(sorted(c.rank for c in h)), hands),
               "baseline: the spec literally": rate(literal_type, sample)}
    print(f"hand evaluation, {count} random hands of 54 cards:")
    for name, per_second in figures.items():
        print(f"  {name:32} {per_second:12,.0f} hands/s")


class Client:
    def __init__(self, app):
        self.client = app.test_client()
        db = app.extensions["roadsvc.db"]
        self.keys = {role: create_key(db, role, role)[1] for role in ("pitboss", "dealer", "display")}

    def call(self, method: str, url: str, role: str, json=None, headers=None):
        auth = {"Authorization": f"Bearer {self.keys[role]}", **(headers or {})}
        response = self.client.open(url, method=method, json=json, headers=auth)
        assert response.status_code in (200, 201, 304), (url, response.status_code, response.get_data()[:200])
        return response


def http(runs: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        upgrade(f"sqlite:///{folder}/bench.db")
        app = create_app({"DATABASE_URL": f"sqlite:///{folder}/bench.db", "LOG_LEVEL": "WARNING",
                          "RATELIMIT_ENABLED": False})
        app.add_url_rule("/bare", "bare", lambda: {"ok": True})  # the bare route: Flask and the test client alone
        app.add_url_rule("/bare-write", "bare_write", bare_write(app), methods=["POST"])
        api = Client(app)
        baccarat = api.call("POST", "/api/v1/tables", "pitboss", {"name": "B", "rule_set": "classic"}).json["id"]
        niuniu = api.call("POST", "/api/v1/tables", "pitboss", {"name": "N", "rule_set": "classic",
                                                                **GAME}).json["id"]
        counter = {"round": 0, "shoe_hands": 0}

        def post_hand():
            if counter["shoe_hands"] % 60 == 0:
                api.call("POST", f"/api/v1/tables/{baccarat}/shoes", "dealer", {"decks": 8})
            counter["shoe_hands"] += 1
            api.call("POST", f"/api/v1/tables/{baccarat}/hands", "dealer", {"result": "banker"})

        def post_round():
            counter["round"] += 1
            api.call("POST", f"/api/v1/tables/{niuniu}/rounds", "dealer", by_order(counter["round"]))

        def open_round():
            api.call("POST", f"/api/v1/tables/{niuniu}/rounds/{counter['round']}/open", "dealer", {})

        writes = interleaved_medians({"baccarat hand post": post_hand, "niuniu round post": post_round,
                                      "niuniu open all (settles)": open_round,
                                      "bare write (one commit)": lambda: api.client.post("/bare-write", json={})},
                                     runs)
        writes["niuniu round post + open"] = writes["niuniu round post"] + writes["niuniu open all (settles)"]
        roads_tag = api.call("GET", f"/api/v1/tables/{baccarat}/roads", "display").headers["ETag"]
        trend_tag = api.call("GET", f"/api/v1/tables/{niuniu}/trend", "display").headers["ETag"]
        reads = interleaved_medians({
            "bare route": lambda: api.client.get("/bare"),
            "roads 304": lambda: api.call("GET", f"/api/v1/tables/{baccarat}/roads", "display",
                                          headers={"If-None-Match": roads_tag}),
            "trend 304": lambda: api.call("GET", f"/api/v1/tables/{niuniu}/trend", "display",
                                          headers={"If-None-Match": trend_tag})}, runs * 5)
        app.extensions["roadsvc.db"].dispose()
    report("writes, median ms per request", writes, "baccarat hand post", "niuniu round post")
    hand = writes["baccarat hand post"]
    for name in ("niuniu round post", "niuniu open all (settles)"):
        print(f"  {name} / baccarat hand post: {writes[name] / hand:.2f}x (target <= {TARGET:g}x): "
              f"{verdict(writes[name] <= TARGET * hand)}")
    both = writes["niuniu round post + open"]
    print(f"  post + open (two commits) / two baccarat hand posts: {both / (2 * hand):.2f}x "
          f"(target <= {TARGET:g}x): {verdict(both <= 2 * TARGET * hand)}")
    print(f"  post + open / one baccarat hand post: {both / hand:.2f}x, no target: two bare writes alone "
          f"(the floor of two commits) are {2 * writes['bare write (one commit)'] / hand:.2f}x")
    report("reads, median ms per 304", reads, "roads 304", "trend 304")


def bare_write(app):
    """A POST view committing one UPDATE (a table's name set to itself) through the app's database:
    what any committed write through this app costs at least (the request, BEGIN, COMMIT)."""
    db = app.extensions["roadsvc.db"]

    def view():
        with db.write() as session:
            session.execute(update(Table).where(Table.id == 1).values(name=Table.name))
        return {"ok": True}

    return view


def verdict(ok: bool) -> str:
    return "PASS" if ok else "MISS"


def report(title: str, medians: dict[str, float], baseline: str, measured: str) -> None:
    print(f"{title}:")
    for name, ms in medians.items():
        print(f"  {name:28} {ms:8.3f} ms")
    print(f"  ratio {measured} / {baseline}: {medians[measured] / medians[baseline]:.2f}x")


GAME = {"game": "niuniu"}
TARGET = 1.3


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--runs", type=int, default=200)
    args = parser.parse_args()
    print(f"load average: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")
    evaluation(args.hands)
    http(args.runs)


if __name__ == "__main__":
    main()
