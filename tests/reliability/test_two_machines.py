"""Two roadsvc machines as one floor (docs/deployment.md): 127.0.0.2 and 127.0.0.3 over one
PostgreSQL and one Redis, Debian's nginx in front as the load balancer (bench/_machines.py).

Posts to one machine reach streams on the other, every event in order; the write budget of a
key is one budget across both; a machine SIGKILLed under its streams loses none of their
events (they resume on the other through nginx) and no retried post lands twice; a pit boss's
page session outlives either machine. (Delivery latency is bench/two_machines.py's figure:
tests assert no wall-clock time.)
"""

from __future__ import annotations

import os
import threading
import time

import pytest
import requests

from _machines import RETRY, Display, machines_missing, post_hands, two_machines
from _service import Client, dealt_hands, hand_body
from _sse import SseConnection
from roadsvc.persistence.engine import Database
from roadsvc.services import events as event_log
from roadsvc.services.keys.lifecycle import create_key

pytestmark = pytest.mark.slow

HANDS = 24
DEAL = range(1, HANDS + 1)
WRITE_BUDGET = 40
FAST = {"ROADSVC_EVENTS_KEEPALIVE": "0.5", "ROADSVC_RATELIMIT_WRITES": f"{WRITE_BUDGET} per hour"}
# The dealers, displays and page loads wait through a machine's death for as long as they progress
# (a machine loaded by other work starts a worker in tens of seconds); they give up after this long
# without progress.
STALLED = 180


@pytest.fixture(scope="module")
def floor(tmp_path_factory):
    reason = machines_missing()
    if reason:
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        pytest.skip(reason)
    with two_machines(tmp_path_factory.mktemp("two-machines"), tables=6, env=FAST) as machines:
        yield machines


def new_key(floor, role: str = "dealer") -> str:
    db = Database(floor.deployment.url)
    try:
        return create_key(db, role, f"two machines {role}")[1]
    finally:
        db.dispose()


def test_posts_to_one_machine_reach_streams_on_the_other_every_event_in_order(floor):
    one, other = floor.bases
    tables = list(zip(floor.floor.table_ids, floor.floor.shoe_ids))[:3]
    db = Database(floor.deployment.url)
    before = event_log.newest_event_id(db)
    everything = SseConnection(other, floor.floor.pitboss_key)
    assert everything.status == 200 and everything.next().comments == ["roadsvc events"]
    displays = [Display(other, floor.floor.display_key, table).open() for table, _ in tables]
    dealers = [threading.Thread(target=post_hands, args=([one], new_key(floor), table, shoe, 40 + index, DEAL, STALLED))
               for index, (table, shoe) in enumerate(tables)]
    for dealer in dealers:
        dealer.start()
    for dealer in dealers:
        dealer.join()
    for display in displays:
        display.read_until(HANDS, STALLED)
        display.close()
        assert display.hands == list(range(1, HANDS + 1)) and display.reconnects == 0
    logged = [record.id for record in event_log.events_after(db, before, 10_000)]
    seen: list[int] = []
    while len(seen) < len(logged):
        event = everything.next()
        if event.id is not None:
            seen.append(event.id)
    everything.close()
    db.dispose()
    assert seen == logged  # every event of the log, in order, once, on the machine that wrote none


def test_a_keys_write_budget_is_one_budget_across_both_machines(floor):
    key, (table, shoe) = new_key(floor), (floor.floor.table_ids[3], floor.floor.shoe_ids[3])
    hands = dealt_hands(seed=3)[0]
    statuses = []
    for number in range(1, WRITE_BUDGET + 3):  # alternately to each machine, directly
        with Client(floor.bases[number % 2], key) as client:
            status, _, _ = client.post(f"/tables/{table}/hands", hand_body(hands[number - 1], number, shoe))
        statuses.append(status)
    assert statuses[:WRITE_BUDGET] == [201] * WRITE_BUDGET
    assert statuses[WRITE_BUDGET:] == [429, 429]  # spent on both: each machine counted the other's writes


def test_a_killed_machines_streams_resume_on_the_other_and_retried_posts_land_once(floor):
    (table, shoe), proxy = (floor.floor.table_ids[4], floor.floor.shoe_ids[4]), floor.proxy.base
    displays = [Display(proxy, floor.floor.display_key, table).open() for _ in range(6)]  # nginx: three on each
    landed: list[int] = []
    dealer = threading.Thread(target=lambda: post_hands([proxy], new_key(floor), table, shoe, 77, DEAL, STALLED, landed))
    dealer.start()
    displays[0].read_until(6, STALLED)
    floor.servers[0].kill()  # SIGKILL of the machine's process group, mid-floor
    for display in displays:
        display.read_until(HANDS, STALLED)
    dealer.join()
    floor.servers[0].start()
    for display in displays:
        display.close()
        assert display.hands == list(range(1, HANDS + 1))  # no gap, no duplicate
        assert display.ids == sorted(set(display.ids))
    assert sum(display.reconnects for display in displays) >= 1
    with Client(floor.bases[1], floor.floor.display_key) as client:
        status, _, stored = client.get(f"/shoes/{shoe}/hands")
    assert status == 200 and [hand["number"] for hand in stored] == list(range(1, HANDS + 1))  # each once


def pages_served(browser, url: str, count: int) -> bool:
    """`count` answers 200 (the page, not a redirect to /login). nginx answers 502 while it still
    counts the machine just restarted as failed (fail_timeout) and the other is dead: asked again."""
    served, deadline = 0, time.monotonic() + STALLED
    while served < count and time.monotonic() < deadline:
        answer = browser.get(url, allow_redirects=False, timeout=10)
        assert answer.status_code in (200, *RETRY), answer.status_code  # never sent back to /login
        served += answer.status_code == 200
        if answer.status_code != 200:
            time.sleep(0.2)
    return served == count


def test_a_pit_boss_page_session_survives_the_death_of_either_machine(floor):
    browser, proxy = requests.Session(), floor.proxy.base
    assert browser.get(f"{proxy}/login?lang=en", timeout=10).status_code == 200
    signed = browser.post(f"{proxy}/login", data={"key": floor.floor.pitboss_key},  # the sign-in form holds no token
                          allow_redirects=False, timeout=10)
    assert signed.status_code == 302 and signed.headers["Location"].endswith("/floor")
    for dying in (0, 1):  # whichever signed it in dies at some point
        floor.servers[dying].kill()
        assert pages_served(browser, f"{proxy}/floor", 3)
        floor.servers[dying].start()
    assert browser.get(f"{proxy}/floor", allow_redirects=False, timeout=10).status_code == 200
