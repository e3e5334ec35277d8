"""Several gunicorn workers on one database: no worker answers a stale revision, and
posters racing for the same hand number store exactly one hand."""

from __future__ import annotations

import threading
from collections import Counter
from pathlib import Path

import pytest

from _service import Client, dealt_hands, hand_body, open_floor, roadsvc_server

pytestmark = pytest.mark.slow

WORKERS = 3
HANDS = 12
POLLS_PER_HAND = 8


def serving_pids(access_log: Path, path: str) -> set[str]:
    """The worker pids that answered requests to `path` (gunicorn's access log: pid first)."""
    lines = access_log.read_text().splitlines() if access_log.exists() else []
    return {line.split()[0] for line in lines if len(line.split()) >= 3 and line.split()[2] == path}


def test_a_poll_through_any_worker_right_after_a_post_sees_the_new_revision(deployment, tmp_path):
    floor = open_floor(deployment.url)
    table = floor.table_ids[0]
    roads = f"/tables/{table}/roads"
    access_log = tmp_path / "access.log"
    server = roadsvc_server(deployment, workers=WORKERS, access_log=access_log)
    base = server.start()
    dealer = Client(base, floor.dealer_key)
    try:
        held_etag = None
        for number, hand in enumerate(dealt_hands(seed=5)[0][:HANDS], start=1):
            if held_etag is None:  # warm every worker's caches with the state before the post
                with Client(base, floor.display_key) as display:
                    _, headers, _ = display.get(roads)
                held_etag = headers["ETag"]
            status, _, posted = dealer.post(f"/tables/{table}/hands", hand_body(hand, number, floor.shoe_ids[0]))
            assert status == 201, posted
            for _ in range(POLLS_PER_HAND):
                with Client(base, floor.display_key) as display:  # a new connection: any worker may answer
                    status, headers, body = display.get(roads, headers={"If-None-Match": held_etag})
                assert status == 200, "a display holding the pre-post ETag got 304: stale revision"
                assert body["revision"] >= posted["revision"]
                assert body["roads"]["hands"] == number
                assert [bead["hand"] for bead in body["roads"]["bead_plate"]][-1] == number
            held_etag = headers["ETag"]
    finally:
        dealer.close()
        server.stop()
    assert len(serving_pids(access_log, "/api/v1" + roads)) >= 2, "the polls did not reach two workers"


RACERS = 8
ROUNDS = 6


def race(base: str, key: str, table: int, bodies: list[dict]) -> list[tuple[int, dict]]:
    """Every body posted at the same moment, each from its own thread and connection."""
    barrier = threading.Barrier(len(bodies))
    answers: list[tuple[int, dict] | None] = [None] * len(bodies)

    def post(index: int) -> None:
        with Client(base, key) as client:
            barrier.wait()
            status, _, body = client.post(f"/tables/{table}/hands", bodies[index])
        answers[index] = (status, body)

    threads = [threading.Thread(target=post, args=(i,)) for i in range(len(bodies))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert all(answer is not None for answer in answers), "a poster got no answer"
    return answers  # type: ignore[return-value]


def test_racing_posts_of_one_hand_number_store_exactly_one_hand(deployment):
    floor = open_floor(deployment.url)
    table, shoe_id = floor.table_ids[0], floor.shoe_ids[0]
    one, other = dealt_hands(seed=8, shoes_count=2)
    server = roadsvc_server(deployment, workers=WORKERS, threads=2)
    base = server.start()
    stored = {}
    try:
        for number in range(1, ROUNDS + 1):
            candidates = [one[number - 1], other[number - 1]]
            assert candidates[0] != candidates[1]
            bodies = [hand_body(candidates[i % 2], number, shoe_id) for i in range(RACERS)]
            answers = race(base, floor.dealer_key, table, bodies)
            statuses = Counter(status for status, _ in answers)
            assert statuses[201] == 1, statuses
            winner = next(i for i, (status, _) in enumerate(answers) if status == 201)
            for index, (status, body) in enumerate(answers):
                same = index % 2 == winner % 2
                assert status == (201 if index == winner else 200 if same else 409), (index, status, body)
                if status == 200:
                    assert body["number"] == number and body["hand"] == answers[winner][1]["hand"]
                if status == 409:
                    assert body["code"] == "hand_conflict"
            stored[number] = answers[winner][1]["hand"]
        with Client(base, floor.display_key) as display:
            status, _, history = display.get(f"/shoes/{shoe_id}/hands")
    finally:
        server.stop()
    assert status == 200
    assert [hand["number"] for hand in history] == list(range(1, ROUNDS + 1))  # no gaps, no duplicates
    assert {hand["number"]: hand["hand"] for hand in history} == stored
