"""The floor of bench/stream_storms.py: its own Redis, `roadsvc publish` and `roadsvc jobs`, the dealers posting
on a schedule, the probe of the engine's redirect path, and what the bench reads after a storm."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess
import sys
import time
import urllib.request
from collections import Counter
from pathlib import Path

from _http import free_port
from _service import hand_body
from events import cpu_seconds, read_response
from roadsvc.stream.engine.ledger import Ledger

MONITOR_ONLY = {"ROADSVC_MONITOR_INTERVAL": "1", "ROADSVC_DEMO_DEAL_INTERVAL": "0", "ROADSVC_ODDS_WATCH_INTERVAL": "0",
                "ROADSVC_SHIFT_REPORT_INTERVAL": "0", "ROADSVC_DABANG_CLOCK_INTERVAL": "0", "ROADSVC_TABLE_MODES_INTERVAL": "0",
                "ROADSVC_DEALERS_MONITOR_INTERVAL": "0", "ROADSVC_EVENTS_PRUNE_INTERVAL": "0"}
# The engine node's connections to roadsvc leave from 8 loopback addresses: on one machine the kernel keeps a
# closed connection's TIME_WAIT for both ends, and a storm of 20,000 redirects from 127.0.0.1 to one port used up
# its 28,000 ephemeral ports ("connect() ... failed (99: Cannot assign requested address)" in nginx's log, each
# such display backing off up to 30 s). Machines of their own (as deployed) do not share that table.
UPSTREAM_SOURCES = """
    split_clients "${remote_addr}${remote_port}${msec}" $bench_upstream_source {
        12.5% 127.0.2.1; 12.5% 127.0.2.2; 12.5% 127.0.2.3; 12.5% 127.0.2.4;
        12.5% 127.0.2.5; 12.5% 127.0.2.6; 12.5% 127.0.2.7; * 127.0.2.8;
    }
    proxy_bind $bench_upstream_source;
"""


class PrivateRedis:
    """A redis-server of the bench's own (the machine's is shared: restarting it would reach other work)."""

    def __init__(self, scratch: Path):
        self.scratch, self.port = scratch, free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [shutil.which("redis-server") or "/usr/bin/redis-server", "--port", str(self.port), "--bind", "127.0.0.1",
             "--dir", str(self.scratch), "--appendonly", "yes", "--save", "", "--daemonize", "no"],
            stdout=subprocess.DEVNULL, start_new_session=True)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                Ledger(self.url, "probe.").redis.ping()
                return
            except Exception:  # noqa: BLE001 - not up yet
                time.sleep(0.05)
        raise RuntimeError("the bench's redis-server did not start")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=20)


class Publisher:
    """`roadsvc publish` on the deployment (`command`: "jobs" for its jobs process, the floor's monitor)."""

    def __init__(self, env: dict[str, str], command: str = "publish"):
        self.env, self.command, self.process = env, command, None

    def start(self) -> None:
        self.process = subprocess.Popen([str(Path(sys.executable).parent / "roadsvc"), self.command],
                                        start_new_session=True, env={**os.environ, **self.env})

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


class Dealers:
    """The floor's dealers, posting on a fixed schedule; a post refused or cut (roadsvc restarting) is sent
    again on a new connection until it is answered 201, or 200 (a retry of a post that was stored before its
    answer was cut: the hand is in once)."""

    def __init__(self, port: int, floor, hands, interval: float):
        self.port, self.floor, self.hands, self.interval = port, floor, hands, interval
        self.numbers = [1] * len(floor.table_ids)
        self.posted: dict[tuple[int, int], float] = {}
        self.post_ms: list[float] = []
        self.errors = 0

    async def dealer(self, index: int, until: float) -> None:
        """A post on a connection of its own (`Connection: close`, as a dealer's device posting every half minute:
        a kept-alive connection the server had closed in between cost a retry, which the posts' p99 counted)."""
        table, shoe = self.floor.table_ids[index], self.floor.shoe_ids[index]
        due = time.monotonic() + self.interval * index / len(self.floor.table_ids)
        while due < until and self.numbers[index] <= len(self.hands[index]):  # (a shoe's last hand: the table stops)
            await asyncio.sleep(max(0.0, due - time.monotonic()))
            number = self.numbers[index]
            body = json.dumps(hand_body(self.hands[index][number - 1], number, shoe)).encode()
            request = (f"POST /api/v1/tables/{table}/hands HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer "
                       f"{self.floor.dealer_key}\r\nContent-Type: application/json\r\nContent-Length: "
                       f"{len(body)}\r\nConnection: close\r\n\r\n").encode() + body
            while True:
                connection, status = None, None
                try:
                    connection = await asyncio.open_connection("127.0.0.1", self.port)
                    connection[1].write(request)
                    status = await asyncio.wait_for(read_response(connection[0]), 30)
                except (OSError, asyncio.IncompleteReadError, asyncio.TimeoutError, ValueError):
                    pass
                finally:
                    if connection is not None:
                        connection[1].close()
                if status in (200, 201):
                    break
                self.errors += 1
                await asyncio.sleep(0.2)  # refused or cut: roadsvc restarting
            now = time.monotonic()
            self.posted[(table, number)] = now
            self.post_ms.append((now - due) * 1000)
            self.numbers[index], due = number + 1, due + self.interval

    async def run(self, seconds: float) -> None:
        until = time.monotonic() + seconds
        await asyncio.gather(*(self.dealer(index, until) for index in range(len(self.floor.table_ids))))

    async def warm_up(self) -> None:
        """One hand at every table, not counted: a table's first post reads its settings and shoe cold (a cold
        post took over a second on this machine: the baseline's p99 at 100 tables was those first posts')."""
        await self.run(2 * self.interval)  # two rounds: each of roadsvc's workers has had one
        self.posted, self.post_ms = {}, []


async def probe_307(port: int, table: int, key: str, until: float, found: list[float], failures: list[int]) -> None:
    """Ask for a stream through the engine every 50 ms; the time to its 307 (ms)."""
    request = (f"GET /api/v1/events?table_id={table} HTTP/1.0\r\nHost: x\r\nAuthorization: Bearer {key}\r\n"
               "Accept: text/event-stream\r\n\r\n").encode()
    while time.monotonic() < until:
        started = time.monotonic()
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(request)
            status = await asyncio.wait_for(reader.readline(), 10)
            writer.close()
            if b" 307 " in status:
                found.append((time.monotonic() - started) * 1000)
            else:
                failures.append(1)
        except (OSError, asyncio.TimeoutError):
            failures.append(1)
        await asyncio.sleep(max(0.0, 0.05 - (time.monotonic() - started)))


def back_at(statuses: list[tuple[float, tuple]], storm_at: float, streams: int) -> float | None:
    """Seconds from the storm until every display streams again: the first sample from which on all are
    streaming and no display reconnects any more (0: none had to); None: not within the samples."""
    if not statuses:
        return None
    final = statuses[-1][1][1]
    before = [status for at, status in statuses if at < storm_at]
    if before and before[-1][1] == final:
        return 0.0
    for at, (streaming, reconnects, *_rest) in statuses:
        if at >= storm_at and streaming >= streams and reconnects == final:
            return at - storm_at
    return None


def group_cpu(pgid: int) -> dict[int, float]:
    """CPU seconds so far of every process in a process group."""
    found = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if os.getpgid(int(entry.name)) == pgid:
                    found[int(entry.name)] = cpu_seconds(int(entry.name))
            except (ProcessLookupError, FileNotFoundError, PermissionError):
                continue
    return found


def alerts_since(base: str, key: str, since: str) -> list[str]:
    """The alerts raised on the floor since `since`: each code with the number of tables it was raised at."""
    request = urllib.request.Request(f"{base}/api/v1/alerts?page_size=200", headers={"Authorization": f"Bearer {key}"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        found = json.load(answer)["alerts"]
    raised = Counter(alert["code"] for alert in found if alert["raised_at"] >= since)
    return [f"{code} at {count} tables" for code, count in sorted(raised.items())]
