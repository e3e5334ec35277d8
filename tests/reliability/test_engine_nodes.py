"""Many machines (docs/deployment.md, *The push engine on several machines*): two roadsvc machines
(127.0.0.2, 127.0.0.3, each with its `roadsvc publish`) and two engine nodes (nginx + nchan running
docs/nginx-engine.conf's lines, on 127.0.0.4 and 127.0.0.5, in front of both machines), over one
PostgreSQL schema and one Redis, where the nodes share their channels.

Displays on both nodes (each table's, and the floor's) get every event of their view in order, once;
an engine node SIGKILLed while hands are posted: its displays reconnect to the other node with
Last-Event-ID and miss nothing; the machine whose publisher holds the lease SIGKILLed while hands are
posted to it: every acknowledged hand still reaches every display (the other machine's publisher takes
over from the cursor; the dealers retry on the other machine, a hand landing once).

Every wait goes on while something progresses and gives up after STALLED seconds without progress;
no wall-clock time is asserted.
"""

from __future__ import annotations

import os
import threading
import time
import uuid
from typing import Callable

import pytest

from _engine import EngineNode, engine_available, engine_env
from _http import free_port
from _machines import Display, machines_missing, post_hands, two_machines
from _service import Client
from roadsvc.persistence.engine import Database
from roadsvc.services import events as event_log
from roadsvc.services.events import ALL
from roadsvc.stream.engine.ledger import Ledger

pytestmark = pytest.mark.slow

REDIS = "redis://127.0.0.1:6379/12"  # this test's own database: its channels, ledger and counters
NODES = ("127.0.0.4", "127.0.0.5")
PHASE = 6  # hands a table posts in each phase: before, across a node's death, across a machine's
STALLED = 20.0


class Watch:
    """A display read continuously in a thread of its own: it reconnects by itself when its node dies."""

    def __init__(self, display: Display):
        self.display, self.blocks = display, 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self) -> None:
        while not self._stop.is_set():
            self.blocks += self.display.read() is not None

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=10)  # a keep-alive a second wakes it
        self.display.close()


def wait_for(done: Callable[[], bool], progress: Callable[[], object], what: str, stalled: float = STALLED) -> None:
    """Until done(); fails when progress() has not changed for `stalled` seconds."""
    last, moved = progress(), time.monotonic()
    while not done():
        if time.monotonic() - moved > stalled:
            pytest.fail(f"{what}: no progress for {stalled:.0f} s")
        time.sleep(0.05)
        if (now := progress()) != last:
            last, moved = now, time.monotonic()


def deal(machines, numbers: range, bases: list[str]) -> tuple[list[threading.Thread], list[list[int]]]:
    """Each table's dealer posting hands `numbers` in a thread, first to bases[0]; (threads, statuses landed)."""
    floor, landed = machines.floor, [[] for _ in machines.floor.table_ids]
    dealers = [threading.Thread(target=post_hands, args=(bases, floor.dealer_key, table, shoe, 50 + index, numbers,
                                                         STALLED, landed[index]))
               for index, (table, shoe) in enumerate(zip(floor.table_ids, floor.shoe_ids))]
    for dealer in dealers:
        dealer.start()
    return dealers, landed


def finish(dealers: list[threading.Thread], landed: list[list[int]], numbers: range) -> None:
    for dealer in dealers:
        dealer.join()
    assert [len(statuses) for statuses in landed] == [len(numbers)] * len(landed), "a dealer gave up"


def publishing_machine(machines, ledger: Ledger) -> int | None:
    """The machine whose publisher holds the lease now (None: the lease is between two holders)."""
    holder = ledger.holder()
    pids = [str(process.pid) for process in machines.publishers]
    return pids.index(holder.split(":")[1]) if holder and holder.split(":")[1] in pids else None


def expected_ids(db: Database, before: int, table: int | None) -> list[int]:
    """What a display of `table` (None: the floor) may see, from the log: every event for everyone."""
    return [record.id for record in event_log.events_after(db, before, 10_000)
            if record.audience == ALL and (table is None or record.table_id == table)]


def test_every_event_reaches_displays_on_both_nodes_in_order_through_a_node_and_a_machine_dying(tmp_path):
    reason = engine_available() or machines_missing()
    if reason:
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        pytest.skip(reason)
    prefix = f"nodes{uuid.uuid4().hex[:8]}."
    ports = [free_port() for _ in NODES]  # chosen first: the publishers start with the machines
    env = {**engine_env(prefix), "ROADSVC_ENGINE_LEASE": "2", "ROADSVC_EVENTS_KEEPALIVE": "1",
           "ROADSVC_ENGINE_PUBLISH_URLS": ",".join(f"http://{a}:{p}/_engine/pub/" for a, p in zip(NODES, ports)),
           "ROADSVC_RATELIMIT_AUTH_FAILURES": "100000 per minute"}  # the start-up probes are keyless
    ledger = Ledger(REDIS, prefix)
    with two_machines(tmp_path, tables=2, env=env, workers=1, proxy=False, publish=True, redis_url=REDIS) as machines:
        nodes = [EngineNode([f"{s.bind}:{s.port}" for s in machines.servers], REDIS, tmp_path / f"node{index}",
                            address=address, port=port) for index, (address, port) in enumerate(zip(NODES, ports))]
        watches: list[Watch] = []
        db = Database(machines.deployment.url)
        try:
            for node in nodes:
                node.start()
            wait_for(lambda: ledger.holder() is not None and ledger.published() is not None, ledger.holder,
                     "a publisher elected", stalled=60)  # its process imports roadsvc: seconds of CPU
            run_the_floor(machines, nodes, ledger, db, watches)
        finally:
            for watch in watches:
                watch.stop()
            for node in nodes:
                node.stop()
            db.dispose()
            keys = list(ledger.redis.scan_iter(f"*{prefix}*"))  # the ledger's and nchan's own keys
            if keys:
                ledger.redis.delete(*keys)


def run_the_floor(machines, nodes: list[EngineNode], ledger: Ledger, db: Database, watches: list[Watch]) -> None:
    floor, bases = machines.floor, [node.base for node in nodes]
    views = [*floor.table_ids, None]
    watches += [Watch(Display(order, floor.display_key, table)) for order in (bases, bases[::-1]) for table in views]
    wait_for(lambda: all(w.blocks for w in watches), lambda: sum(w.blocks for w in watches),
             "every display subscribed (its first keep-alive)")
    assert [w.display.openings for w in watches] == [0] * len(watches)  # every stream is the engine's,
    assert [w.display.redirects for w in watches] == [1] * len(watches)  # through roadsvc's signed redirect
    before = event_log.newest_event_id(db)

    def delivered(what: str) -> None:
        """Until every display has every event of its view the log has now."""
        wanted = [expected_ids(db, before, w.display.table) for w in watches]
        wait_for(lambda: all(len(w.display.ids) >= len(ids) for w, ids in zip(watches, wanted)),
                 lambda: sum(len(w.display.ids) for w in watches), what)

    writers = machines.bases
    numbers = range(1, PHASE + 1)
    finish(*deal(machines, numbers, writers), numbers)
    delivered("the first hands on both nodes")

    numbers = range(PHASE + 1, 2 * PHASE + 1)  # an engine node dies while hands are posted
    dealers, landed = deal(machines, numbers, writers)
    wait_for(lambda: all(landed), lambda: [len(statuses) for statuses in landed], "the dealers started")
    nodes[0].kill()
    finish(dealers, landed, numbers)
    delivered("every hand after an engine node died")

    wait_for(lambda: publishing_machine(machines, ledger) is not None, ledger.holder, "a publisher holding the lease")
    dying = publishing_machine(machines, ledger)  # it dies under its dealers' posts
    numbers = range(2 * PHASE + 1, 3 * PHASE + 1)
    dealers, landed = deal(machines, numbers, [writers[dying], writers[1 - dying]])
    wait_for(lambda: all(landed), lambda: [len(statuses) for statuses in landed], "the dealers started")
    machines.kill(dying)
    finish(dealers, landed, numbers)
    delivered("every acknowledged hand after a machine died")
    wait_for(lambda: publishing_machine(machines, ledger) == 1 - dying, ledger.holder, "the other machine's publisher")

    every_hand = list(range(1, 3 * PHASE + 1))
    for watch in watches:
        display = watch.display
        assert display.ids == expected_ids(db, before, display.table), (display.table, display.bases)  # in order, once
        if display.table is not None:
            assert display.hands == every_hand
    started_on_the_dead_node, on_the_other = watches[:len(views)], watches[len(views):]
    assert all(w.display.reconnects >= 1 for w in started_on_the_dead_node)
    assert [w.display.reconnects for w in on_the_other] == [0] * len(views)  # neither death touched them
    assert all(w.display.redirects >= 2 for w in started_on_the_dead_node)  # a reconnect is redirected anew
    with Client(writers[1 - dying], floor.display_key) as client:
        for shoe in floor.shoe_ids:
            status, _, stored = client.get(f"/shoes/{shoe}/hands")
            assert status == 200 and [hand["number"] for hand in stored] == every_hand  # each landed once
