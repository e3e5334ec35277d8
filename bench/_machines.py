"""Two roadsvc machines as one floor, for bench/two_machines.py, tests/reliability/test_two_machines.py
and tests/reliability/test_engine_nodes.py.

Each machine is a `roadsvc serve`-like gunicorn (gevent workers, its own process group, its
own instance folder) on a loopback address of its own, 127.0.0.2 and 127.0.0.3, as two hosts
on one network would be, and, when the floor's streams go through the push engine, its
`roadsvc publish`. They share what docs/deployment.md says must be shared: one PostgreSQL (a
throw-away schema), one Redis (under a prefix of this run), one secret key, and they trust one
proxy hop: Debian's nginx in front, running docs/nginx-read-links.conf with both as its upstream
(or the engine's nodes, bench/_engine.py). The dealers and displays of the tests are here too.
"""

from __future__ import annotations

import http.client
import os
import secrets
import shutil
import signal
import subprocess
import sys
import time
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

from _http import BIN, Gunicorn
from _nginx import Nginx
from _service import Client, Deployment, Floor, dealt_hands, fresh_deployment, hand_body, open_floor, postgres_missing, roadsvc_server
from _sse import Event, SseConnection

ADDRESSES = ("127.0.0.2", "127.0.0.3")
REDIS_URL = "redis://127.0.0.1:6379/0"


def machines_missing() -> str | None:
    """Why two machines cannot run here (None: they can): PostgreSQL, Redis or nginx missing."""
    reason = postgres_missing()
    if reason:
        return reason
    try:
        import redis

        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=2).ping()
    except Exception as error:  # noqa: BLE001 - any failure means no Redis to share
        return f"no Redis at {REDIS_URL}: {error}"
    if not (shutil.which("nginx") or Path("/usr/sbin/nginx").exists()):
        return "nginx is not installed (`./dev test` installs Debian's nginx-light)"
    return None


@dataclass
class Machines:
    deployment: Deployment
    floor: Floor
    servers: list[Gunicorn]
    proxy: Nginx | None
    redis_prefix: str
    publishers: list[subprocess.Popen] = field(default_factory=list)  # each machine's `roadsvc publish`

    @property
    def bases(self) -> list[str]:
        return [server.base for server in self.servers]

    def kill(self, index: int) -> None:
        """SIGKILL machine `index`: its gunicorn and its publisher, no cleanup run, as a machine dies."""
        self.servers[index].kill()
        if self.publishers:
            kill_group(self.publishers[index])


@contextmanager
def two_machines(scratch: Path, tables: int = 4, env: dict[str, str] | None = None, worker_connections: int = 5000,
                 workers: int = 2, proxy: bool = True, publish: bool = False,
                 redis_url: str = REDIS_URL) -> Iterator[Machines]:
    """Both machines (started at once) and nginx in front (`proxy`) started, each machine's `roadsvc publish`
    beside it (`publish`: env names the engine's nodes); everything stopped and the schema dropped after."""
    prefix = f"roadsvc-two-{secrets.token_hex(4)}"
    shared = {"ROADSVC_REDIS_URL": redis_url, "ROADSVC_RATELIMIT_KEY_PREFIX": prefix,
              "ROADSVC_SECRET_KEY": secrets.token_hex(32), "ROADSVC_PROXY_HOPS": "1", **(env or {})}
    with ExitStack() as stack:
        deployment = stack.enter_context(fresh_deployment("postgres", scratch))
        floor = open_floor(deployment.url, tables)
        servers, publishers = [], []
        for index, address in enumerate(ADDRESSES):
            own = {**shared, "ROADSVC_INSTANCE_PATH": str(scratch / f"machine-{index + 1}")}
            server = roadsvc_server(deployment, workers=workers, worker_class="gevent", env=own,
                                    worker_connections=worker_connections, bind=address)
            stack.callback(server.stop)
            server.launch()
            servers.append(server)
            if publish:  # its log beside the machine's folder
                with open(scratch / f"publish-{index + 1}.log", "ab") as log:
                    publishers.append(subprocess.Popen([str(BIN / "roadsvc"), "publish"], start_new_session=True,
                                                       env={**os.environ, **deployment.env, **own},
                                                       stdout=log, stderr=subprocess.STDOUT))
                stack.callback(kill_group, publishers[-1])
        for server in servers:
            server.wait_up()
        front = None
        if proxy:
            (scratch / "nginx").mkdir()
            front = Nginx([f"{server.bind}:{server.port}" for server in servers], scratch / "nginx")
            stack.callback(front.stop)
            front.start()
        stack.callback(forget_counters, prefix, redis_url)
        yield Machines(deployment, floor, servers, front, prefix, publishers)


def kill_group(process: subprocess.Popen) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGKILL)
    process.wait(timeout=20)


def forget_counters(prefix: str, redis_url: str = REDIS_URL) -> None:
    """Remove this run's keys (rate-limit counters, the engine's ledger and channels) from the shared Redis."""
    import redis

    client = redis.Redis.from_url(redis_url)
    keys = list(client.scan_iter(f"*{prefix}*"))
    if keys:
        client.delete(*keys)


def require_machines() -> None:
    """Exit a benchmark with the reason two machines cannot run here."""
    reason = machines_missing()
    if reason:
        sys.exit(f"two machines: {reason}")


RETRY = (502, 503, 504)  # nginx's answers while a machine dies under a request


def post_hands(bases: list[str], key: str, table: int, shoe: int, seed: int, numbers: range, stalled: float,
               landed: list[int] | None = None) -> list[int]:
    """Post hands `numbers` by number (a retry lands a hand once), through any outage on the next of
    `bases`, giving up after `stalled` seconds without one landing; the statuses that landed them
    (appended to `landed` as they land: another thread watches the progress)."""
    hands, landed, progressed = dealt_hands(seed=seed)[0], [] if landed is None else landed, time.monotonic()
    numbers_left = list(numbers)
    while numbers_left and time.monotonic() - progressed < stalled:
        number = numbers_left[0]
        try:
            with Client(bases[0], key, timeout=5) as client:
                status, _, body = client.post(f"/tables/{table}/hands", hand_body(hands[number - 1], number, shoe))
        except (OSError, http.client.HTTPException):  # refused, reset, or the answer cut off by a machine's death
            status = None
        if status in (200, 201):
            landed.append(status)
            numbers_left.pop(0)
            progressed = time.monotonic()
        else:
            assert status in (None, *RETRY), (status, body)
            bases = bases[1:] + bases[:1]
            time.sleep(0.05)
    return landed


class Display:
    """One stream (a table's, or the floor's with `table` None) through `bases` (the first first); after a
    lost connection it reconnects to the next with its last event id, as a browser behind a load
    balancer would. `ids`: the events it got; `hands`: the hands' numbers; `openings`: how many of its
    connections roadsvc served itself (its opening comment; the engine's have none); `redirects`: how many
    were redirected (to the engine's signed URL, followed as EventSource follows it)."""

    def __init__(self, bases: str | list[str], key: str, table: int | None = None):
        self.bases = [bases] if isinstance(bases, str) else list(bases)
        self.key, self.table = key, table
        self.query = "" if table is None else f"?table_id={table}"
        self.ids: list[int] = []
        self.hands: list[int] = []
        self.reconnects = self.openings = self.redirects = 0
        self.stream: SseConnection | None = None

    def open(self) -> "Display":
        self.stream = SseConnection(self.bases[0], self.key, self.query,
                                    last_event_id=self.ids[-1] if self.ids else None, timeout=5)
        if (status := self.stream.status) != 200:
            self.close()
            raise ConnectionError(f"the stream answered {status}")
        self.redirects += self.stream.redirected_to is not None
        return self

    def read(self) -> Event | None:
        """The next block, or None when the connection was lost (the next read reconnects to the next node)."""
        try:
            event = (self.stream or self.open().stream).next()
        except (OSError, ConnectionError):
            self.close()
            self.bases = self.bases[1:] + self.bases[:1]
            self.reconnects += 1
            time.sleep(0.05)
            return None
        self.openings += event.comments == ["roadsvc events"]
        if event.id is not None and event.type is not None:
            self.ids.append(event.id)
        if event.type == "hand":
            self.hands.append(event.data["number"])
        return event

    def read_until(self, count: int, stalled: float) -> None:
        """Until `count` hands have come, giving up only after `stalled` seconds without a new one."""
        seen, progressed = len(self.hands), time.monotonic()
        while len(self.hands) < count and time.monotonic() - progressed < stalled:
            if len(self.hands) > seen:
                seen, progressed = len(self.hands), time.monotonic()
            self.read()

    def close(self) -> None:
        if self.stream is not None:
            self.stream.close()
        self.stream = None
