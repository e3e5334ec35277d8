"""Two roadsvc machines and two engine nodes as one floor (docs/deployment.md, *The push engine*):
roadsvc on 127.0.0.2 and 127.0.0.3 (each with its `roadsvc publish`), nginx + nchan on 127.0.0.4 and
127.0.0.5 in front of both, over one PostgreSQL schema and one Redis, each node running
docs/nginx-engine.conf's lines.

Displays on both nodes get every hand of their table in order, once; when an engine node is SIGKILLed
its displays reconnect to the other node with Last-Event-ID and miss nothing; when a roadsvc machine
and its publisher are SIGKILLed, no acknowledged hand is lost (the other machine's publisher takes the
lease and goes on from the cursor). Bounded by deadlines; no timing is asserted.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
import uuid
from contextlib import ExitStack
from pathlib import Path

import pytest

from _engine import EngineNode, engine_available
from _service import Client, dealt_hands, fresh_deployment, hand_body, open_floor, postgres_missing, roadsvc_server
from _sse import SseConnection
from roadsvc.stream.engine.ledger import Ledger

pytestmark = pytest.mark.slow

REDIS = "redis://127.0.0.1:6379/0"
ROUND = 6  # hands a table posts between two failures
RETRY = (502, 503, 504)


class Display:
    """One table's stream through the engine nodes `bases` (the first first); after a lost connection it
    reconnects to the next node with its last id, as a browser behind a load balancer would."""

    def __init__(self, bases: list[str], key: str, table: int):
        self.bases, self.key, self.table = bases, key, table
        self.started_on = bases[0]
        self.ids: list[int] = []
        self.hands: list[int] = []
        self.reconnects = 0
        self.stream: SseConnection | None = None

    def read_until(self, count: int, seconds: float = 90) -> None:
        deadline = time.monotonic() + seconds
        while len(self.hands) < count and time.monotonic() < deadline:
            try:
                if self.stream is None:
                    self.stream = SseConnection(self.bases[0], self.key, f"?table_id={self.table}",
                                                last_event_id=self.ids[-1] if self.ids else None, timeout=5)
                    if self.stream.status != 200:
                        raise ConnectionError(f"answered {self.stream.status}")
                event = self.stream.next()
            except (OSError, ConnectionError):
                self.close()
                self.bases = self.bases[1:] + self.bases[:1]
                self.reconnects += 1
                time.sleep(0.05)
                continue
            if event.id is not None and event.type is not None:
                self.ids.append(event.id)
            if event.type == "hand":
                self.hands.append(event.data["number"])

    def close(self) -> None:
        if self.stream is not None:
            self.stream.close()
        self.stream = None


def post_hands(bases: list[str], key: str, table: int, shoe: int, seed: int, numbers: range) -> list[int]:
    """Post the hands by number, retrying through any outage on the next machine; the statuses that landed them."""
    hands, landed = dealt_hands(seed=seed)[0], []
    deadline = time.monotonic() + 90
    for number in numbers:
        while time.monotonic() < deadline:
            try:
                with Client(bases[0], key, timeout=5) as client:
                    status, _, body = client.post(f"/tables/{table}/hands", hand_body(hands[number - 1], number, shoe))
            except OSError:
                status = None
            if status in (200, 201):
                landed.append(status)
                break
            assert status in (None, *RETRY), (status, body)
            bases = bases[1:] + bases[:1]
            time.sleep(0.05)
    return landed


def publisher(deployment, env: dict[str, str]) -> subprocess.Popen:
    return subprocess.Popen([str(Path(sys.executable).parent / "roadsvc"), "publish"], start_new_session=True,
                            env={**os.environ, **deployment.env, **env}, stdout=subprocess.DEVNULL)


def test_every_event_reaches_both_nodes_in_order_through_a_node_and_a_machine_dying(tmp_path):
    reason = engine_available() or postgres_missing()
    if reason:
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        pytest.skip(reason)
    prefix = f"two{uuid.uuid4().hex[:8]}."
    env = {"ROADSVC_REDIS_URL": REDIS, "ROADSVC_ENGINE_PREFIX": prefix, "ROADSVC_RATELIMIT_KEY_PREFIX": prefix,
           "ROADSVC_RATELIMIT_AUTH_FAILURES": "100000 per minute",  # the start-up probes are keyless
           "ROADSVC_ENGINE_LEASE": "1", "ROADSVC_EVENTS_KEEPALIVE": "1"}
    with ExitStack() as stack:
        deployment = stack.enter_context(fresh_deployment("postgres", tmp_path))
        floor = open_floor(deployment.url, tables_count=2)
        machines = [roadsvc_server(deployment, workers=1, worker_class="gevent", env=env, bind=address)
                    for address in ("127.0.0.2", "127.0.0.3")]
        for machine in machines:
            machine.start()
            stack.callback(machine.stop)
        upstreams = [f"{machine.bind}:{machine.port}" for machine in machines]
        nodes = [EngineNode(upstreams, REDIS, tmp_path / f"node{index}", address=address)
                 for index, address in enumerate(("127.0.0.4", "127.0.0.5"))]
        for node in nodes:
            node.start()
            stack.callback(node.stop)
        publish_env = {**env, "ROADSVC_ENGINE_PUBLISH_URLS": ",".join(node.publish_url for node in nodes)}
        publishers = [publisher(deployment, publish_env) for _ in machines]
        for process in publishers:
            stack.callback(lambda p=process: (p.poll() is None and os.killpg(p.pid, signal.SIGKILL), p.wait()))
        ledger = Ledger(REDIS, prefix)
        stack.callback(lambda: ledger.redis.delete(*(ledger.redis.keys(prefix + "*") or [prefix + "none"])))
        deadline = time.monotonic() + 60
        while ledger.published() is None and time.monotonic() < deadline:
            time.sleep(0.1)
        assert ledger.published() is not None, "no publisher was elected"

        bases = [node.base for node in nodes]
        displays = [Display(order, floor.display_key, table) for table in floor.table_ids
                    for order in (bases, bases[::-1])]
        writers = [machine.base for machine in machines]

        def deal(numbers: range, order: list[str]) -> None:
            dealers = [threading.Thread(target=post_hands, args=(order, floor.dealer_key, table, shoe, 30 + index, numbers))
                       for index, (table, shoe) in enumerate(zip(floor.table_ids, floor.shoe_ids))]
            for dealer in dealers:
                dealer.start()
            for dealer in dealers:
                dealer.join()

        deal(range(1, ROUND + 1), writers)
        for display in displays:
            display.read_until(ROUND)
        nodes[0].kill()  # its displays reconnect to the other node
        deal(range(ROUND + 1, 2 * ROUND + 1), writers)
        for display in displays:
            display.read_until(2 * ROUND)
        machines[0].kill()  # a roadsvc machine and its publisher die
        os.killpg(publishers[0].pid, signal.SIGKILL)
        deal(range(2 * ROUND + 1, 3 * ROUND + 1), writers)
        for display in displays:
            display.read_until(3 * ROUND)
            display.close()

    for display in displays:
        assert display.hands == list(range(1, 3 * ROUND + 1)), (display.table, display.hands)
        assert display.ids == sorted(set(display.ids))  # in order, none twice
    assert all(display.reconnects >= 1 for display in displays if display.started_on == bases[0])
