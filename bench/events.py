"""Benchmark: live events. Delivery latency and memory per stream at 100 / 1,000 / 2,000
subscribers, with the API's own post and poll figures measured in the same run.

roadsvc serves as `roadsvc serve` does (gunicorn, gevent workers, 2 by default) on a
fresh database. A floor of 100 tables posts a hand every 2 s each (open loop, real dealt
shoes, one keep-alive connection per dealer: 50 posts a second). Displays hold streams
filtered to their table (`?table_id=`), spread evenly over the tables; they are opened in
steps (0, 100, 1,000, 2,000) and each step measures, for `--phase` seconds:

  * delivery: from each post's 201 (as the dealer saw it) to that hand's event arriving
    at each display of its table: p50 / p99 (target: p99 <= 250 ms at 2,000);
  * posts: each post's latency from the moment it was due;
  * polls: then, posting paused and the streams held, wrk on GET /tables/<id>/roads for
    3 s with 8 connections (requests/s, p50, p99);
  * memory: the workers' resident memory; per stream = (RSS now - RSS at 0) / streams.

The step with 0 streams is the baseline the others are read against.

    .venv/bin/python bench/events.py [--backend sqlite|postgres] [--phase 10] [--workers 2] [--tables 100]
                                     [--interval 2]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import resource
import time
from pathlib import Path
from statistics import quantiles

from _http import wrk
from _service import dealt_hands, fresh_deployment, hand_body, open_floor, roadsvc_server
from _sse import open_async

LEVELS = (0, 100, 1000, 2000)
TARGET_P99_MS = 250.0


def pct(values: list[float], q: int) -> float:
    if len(values) < 2:
        return values[0] if values else float("nan")
    return quantiles(values, n=100, method="inclusive")[q - 1]


def worker_rss_kb(master: int) -> int:
    total = 0
    for pid in Path(f"/proc/{master}/task/{master}/children").read_text().split():
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1])
    return total


class Floor:
    """The dealers, posting on a fixed schedule (the displays run in another process, so
    their reading does not delay the dealers' clock)."""

    def __init__(self, host: str, port: int, floor, hands, interval: float):
        self.host, self.port, self.floor, self.hands, self.interval = host, port, floor, hands, interval
        self.tables = len(floor.table_ids)
        self.posted: dict[tuple[int, int], float] = {}  # (table, number) -> when its 201 arrived
        self.post_ms: list[float] = []
        self.errors: list[str] = []

    async def dealer(self, index: int, until: float, start_number: int) -> int:
        table, shoe = self.floor.table_ids[index], self.floor.shoe_ids[index]
        reader, writer = await asyncio.open_connection(self.host, self.port)
        due, number = time.monotonic() + self.interval * index / self.tables, start_number
        try:
            while due < until:
                await asyncio.sleep(max(0.0, due - time.monotonic()))
                body = json.dumps(hand_body(self.hands[index][number - 1], number, shoe)).encode()
                writer.write(f"POST /api/v1/tables/{table}/hands HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer "
                             f"{self.floor.dealer_key}\r\nContent-Type: application/json\r\nContent-Length: "
                             f"{len(body)}\r\n\r\n".encode() + body)
                status = await read_response(reader)
                now = time.monotonic()
                if status != 201:
                    self.errors.append(f"table {table} hand {number}: {status}")
                self.posted[(table, number)] = now
                self.post_ms.append((now - due) * 1000)
                number, due = number + 1, due + self.interval
        finally:
            writer.close()
        return number


class Displays:
    """In a child process: the displays' streams, each filtered to one table; records when
    each hand event arrives (CLOCK_MONOTONIC is one clock for every process)."""

    def __init__(self, host: str, port: int, key: str, table_ids: list[int]):
        self.host, self.port, self.key, self.table_ids = host, port, key, table_ids
        self.arrivals: list[tuple[int, int, float]] = []
        self.streams: list[asyncio.Task] = []
        self.established = 0

    async def display(self, table: int) -> None:
        reader, writer = await open_async(self.host, self.port, self.key, f"?table_id={table}")
        self.established += 1
        try:
            kind = None
            while True:
                line = await reader.readline()
                if not line:
                    return
                if line.startswith(b"event: "):
                    kind = line[7:].strip()
                elif line.startswith(b"data: ") and kind == b"hand":
                    data = json.loads(line[6:])
                    self.arrivals.append((data["table_id"], data["number"], time.monotonic()))
        finally:
            writer.close()

    async def open(self, count: int) -> int:
        while len(self.streams) < count:
            table = self.table_ids[len(self.streams) % len(self.table_ids)]
            self.streams.append(asyncio.create_task(self.display(table)))
            if len(self.streams) % 50 == 0:
                await asyncio.sleep(0.05)  # let the connections complete in batches
        deadline = time.monotonic() + 120
        while self.established < count and time.monotonic() < deadline:  # every stream answered
            await asyncio.sleep(0.1)
        await asyncio.sleep(1.0)
        return self.established

    async def serve(self, conn) -> None:
        loop = asyncio.get_running_loop()
        while True:
            command, argument = await loop.run_in_executor(None, conn.recv)
            if command == "open":
                conn.send(await self.open(argument))
            elif command == "collect":
                conn.send(self.arrivals)
                self.arrivals = []
            else:
                for task in self.streams:
                    task.cancel()
                return


def displays_process(conn, host: str, port: int, key: str, table_ids: list[int]) -> None:
    asyncio.run(Displays(host, port, key, table_ids).serve(conn))


async def read_response(reader: asyncio.StreamReader) -> int:
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode().split("\r\n")
    length = next(int(line.split(":")[1]) for line in lines if line.lower().startswith("content-length:"))
    await reader.readexactly(length)
    return int(lines[0].split()[1])


async def run(args) -> None:
    with fresh_deployment(args.backend) as deployment:
        floor = open_floor(deployment.url, args.tables)
        hands = [shoe[0] for shoe in (dealt_hands(seed=100 + i) for i in range(args.tables))]
        server = roadsvc_server(deployment, workers=args.workers, worker_class="gevent")
        base = server.start()
        host, port = "127.0.0.1", server.port
        live = Floor(host, port, floor, hands, args.interval)
        conn, child_conn = multiprocessing.Pipe()
        child = multiprocessing.Process(target=displays_process, daemon=True,
                                        args=(child_conn, host, port, floor.display_key, floor.table_ids))
        child.start()
        roads_url = f"{base}/api/v1/tables/{floor.table_ids[0]}/roads"
        numbers = [1] * args.tables
        rows = []
        try:
            for level in args.levels:
                conn.send(("open", level))
                alive = await asyncio.to_thread(conn.recv)
                conn.send(("collect", None))
                await asyncio.to_thread(conn.recv)
                live.post_ms, live.posted = [], {}
                until = time.monotonic() + args.phase
                numbers = await asyncio.gather(*(live.dealer(i, until, numbers[i]) for i in range(args.tables)))
                await asyncio.sleep(0.5)  # the last deliveries
                conn.send(("collect", None))
                arrivals = await asyncio.to_thread(conn.recv)
                # The polls after the posting (wrk saturates the server: it would be the
                # delivery's load, not the floor's), with the streams still held.
                poll = await asyncio.to_thread(wrk, roads_url, {"Authorization": f"Bearer {floor.display_key}"}, 3, 8)
                delivery = [(at - live.posted[(t, n)]) * 1000 for t, n, at in arrivals if (t, n) in live.posted]
                rows.append((level, delivery, list(live.post_ms), poll, worker_rss_kb(server.process.pid)))
                print(f"  {level} streams ({alive} open): {len(live.post_ms)} posts, {len(delivery)} deliveries",
                      flush=True)
        finally:
            conn.send(("stop", None))
            child.join(timeout=10)
            server.stop()
    report(args, rows, live.errors)


def report(args, rows, errors) -> None:
    print(f"\nlive events, {args.backend}, {args.workers} gevent workers, {args.tables} tables posting every "
          f"{args.interval:g} s, load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"{'streams':>8} {'deliv p50':>10} {'deliv p99':>10} {'post p50':>9} {'post p99':>9} "
          f"{'poll rps':>9} {'poll p50':>9} {'poll p99':>9} {'RSS MB':>7} {'kB/stream':>10}")
    base_rss = rows[0][4]
    for level, delivery, posts, poll, rss in rows:
        per_stream = f"{(rss - base_rss) / level:.1f}" if level else "(baseline)"
        deliv = (f"{pct(delivery, 50):.1f}", f"{pct(delivery, 99):.1f}") if delivery else ("-", "-")
        print(f"{level:>8} {deliv[0]:>10} {deliv[1]:>10} {pct(posts, 50):>9.1f} {pct(posts, 99):>9.1f} "
              f"{poll['rps']:>9.0f} {poll['p50_ms']:>9.2f} {poll['p99_ms']:>9.2f} {rss / 1024:>7.1f} {per_stream:>10}")
    top = rows[-1]
    verdict = "PASS" if top[1] and pct(top[1], 99) <= TARGET_P99_MS else "MISS"
    print(f"target: delivery p99 <= {TARGET_P99_MS:.0f} ms at {top[0]} streams: {verdict}")
    if errors:
        print(f"{len(errors)} posts not answered 201, e.g. {errors[:3]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backend", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--phase", type=float, default=10.0, help="seconds of posting at each step")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--tables", type=int, default=100, help="tables posting (default 100)")
    parser.add_argument("--interval", type=float, default=2.0, help="seconds between a table's hands (default 2)")
    parser.add_argument("--levels", type=int, nargs="+", default=list(LEVELS), help="stream counts, 0 first")
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 8192)), hard))
    asyncio.run(run(args))


if __name__ == "__main__":
    main()
