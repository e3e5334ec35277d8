"""Several gunicorn workers on one database: no worker answers a stale revision, posters racing for
the same hand number store exactly one hand, and a deploy (`roadsvc reload`) replaces every worker
one at a time while every request is answered."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from collections import Counter
from functools import partial
from pathlib import Path
from typing import Any, Callable

import pytest

from _service import Client, dealt_hands, fresh_deployment, hand_body, open_floor, roadsvc_server
from roadsvc.serving import Reload

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
        # At least HANDS hands, and on until the polls have reached two workers (on a fast machine one idle
        # worker may take every poll of a round): what is checked is a poll through any worker.
        for number, hand in enumerate(dealt_hands(seed=5)[0], start=1):
            if number > HANDS and len(serving_pids(access_log, "/api/v1" + roads)) >= 2:
                break
            if held_etag is None:  # warm every worker's caches with the state before the post
                with Client(base, floor.display_key) as display:
                    _, headers, _ = display.get(roads)
                held_etag = headers["ETag"]
            status, _, posted = dealer.post(f"/tables/{table}/hands", hand_body(hand, number, floor.shoe_ids[0]))
            assert status == 201, posted
            # Polls at the same moment on new connections: busy sync workers make others answer.
            poll = partial(get, base, floor.display_key, roads, {"If-None-Match": held_etag})
            for status, headers, body in at_once([poll] * POLLS_PER_HAND):
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


def at_once(calls: list[Callable[[], Any]]) -> list[Any]:
    """Every call started at the same moment, each in its own thread; their results in order."""
    barrier = threading.Barrier(len(calls))
    results: list[Any] = [None] * len(calls)

    def run(index: int) -> None:
        barrier.wait()
        results[index] = calls[index]()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert all(result is not None for result in results), "a request got no answer"
    return results


def get(base: str, key: str, path: str, headers: dict[str, str]):
    with Client(base, key) as client:  # a new connection: any worker may answer
        return client.get(path, headers=headers)


def post(base: str, key: str, path: str, body: dict):
    with Client(base, key) as client:
        status, _, answer = client.post(path, body)
        return status, answer


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
            answers = at_once([partial(post, base, floor.dealer_key, f"/tables/{table}/hands", body) for body in bodies])
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


def roadsvc_reload(master: int, env: dict[str, str], **popen) -> subprocess.Popen:
    return subprocess.Popen([str(Path(sys.executable).parent / "roadsvc"), "reload", "--master", str(master)],
                            env={**os.environ, **env}, text=True, **popen)


def test_a_reload_replaces_every_worker_one_at_a_time_and_every_request_meanwhile_is_answered(tmp_path):
    with fresh_deployment("sqlite", tmp_path) as deployment:
        floor = open_floor(deployment.url, 4)
        server = roadsvc_server(deployment, workers=2, worker_class="gevent")  # as `roadsvc serve` runs
        base = server.start()
        workers = Reload(server.process.pid, deployment.instance / "serving")
        reloaded, statuses = threading.Event(), []

        def deal_and_read() -> None:  # a new connection each request: whichever worker accepts answers
            shoes = [enumerate(dealt_hands(seed=11 + i)[0], start=1) for i in range(len(floor.table_ids))]
            while not reloaded.is_set():
                for table, shoe_id, shoe in zip(floor.table_ids, floor.shoe_ids, shoes):
                    if (dealt := next(shoe, None)) is not None:
                        with Client(base, floor.dealer_key) as dealer:
                            number, hand = dealt
                            statuses.append(dealer.post(f"/tables/{table}/hands", hand_body(hand, number, shoe_id))[0])
                    with Client(base, floor.display_key) as display:
                        statuses.append(display.get(f"/tables/{table}/roads")[0])

        try:
            old = workers.wait_for(lambda: workers.ready() if len(workers.ready()) == 2 else set(), "both workers")
            broken = roadsvc_reload(server.process.pid, {**deployment.env, "ROADSVC_DATABASE_URL": "nowhere://"},
                                    stderr=subprocess.PIPE)
            with broken:
                refusal = broken.communicate(timeout=600)[1]
            unchanged = workers.ready()
            dealer = threading.Thread(target=deal_and_read)
            dealer.start()
            steps = [([], len(statuses))]  # each step's words, and how many requests had been answered by then
            with roadsvc_reload(server.process.pid, deployment.env, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE) as reload:
                for line in reload.stdout:
                    steps.append((line.split(), len(statuses)))
                errors = reload.stderr.read()
            reloaded.set()
            dealer.join(timeout=120)
            after = workers.ready()
        finally:
            server.stop()
    assert broken.returncode == 2 and "does not build the app; nothing was reloaded" in refusal, refusal
    assert unchanged == old
    assert reload.returncode == 0, errors
    words = [step for step, _ in steps[1:-1]]
    assert [step[2] for step in words] == ["ready", "retired", "ready", "retired"]  # never fewer ready
    assert {int(step[1]) for step in words if step[2] == "retired"} == old
    assert {int(step[1]) for step in words if step[2] == "ready"} == after and not after & old
    # requests answered while each new worker started (from the start to its ready, from the retirement before):
    # where gunicorn's SIGHUP left none ready
    start, ready, retired, ready_again = (count for _, count in steps[:4])
    assert start < ready and retired < ready_again, [count for _, count in steps]
    assert set(statuses) == {200, 201}, Counter(statuses)
