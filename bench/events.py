"""Benchmark: live events. Delivery latency and memory per stream from 100 to 20,000
subscribers, with the API's own post and poll figures measured in the same run.

roadsvc serves as `roadsvc serve` does (gunicorn, gevent workers, 2 by default) on a
fresh database. A floor of 100 tables posts a hand every 2 s each (open loop, real dealt
shoes, one keep-alive connection per dealer: 50 posts a second). Displays hold streams
filtered to their table (`?table_id=`), spread evenly over the tables and over several
client processes (`--clients`, so the clients are not the limit); they are opened in
steps (0, 100, 1,000, 5,000, 10,000, 20,000) and each step measures, for `--phase` seconds:

  * delivery: from each post's 201 (as the dealer saw it) to that hand's event arriving
    at each display of its table: p50 / p99 (targets at 20,000: p99 <= 100 ms, 50 ms moonshot);
  * posts: each post's latency from the moment it was due: p50 / p99, and p99 against the
    step with no stream (target: within 1.5x);
  * polls: then, posting paused and the streams held, wrk on GET /tables/<id>/roads for
    3 s with 8 connections (requests/s, p50, p99);
  * memory: the workers' resident memory; per stream = (RSS now - RSS at 0) / streams
    (target: <= 15 kB);
  * CPU over the posting phase, in % of one core: the workers' (summed) and the display
    clients' (summed, and the busiest one), so a reader sees who was saturated.

The step with 0 streams is the baseline the others are read against. The limit printed is
the first step whose delivery p99 passes 250 ms.

    .venv/bin/python bench/events.py [--backend sqlite|postgres] [--phase 8] [--workers 2] [--tables 100]
                                     [--interval 2] [--clients 4] [--levels 0 100 1000 ...]
                                     [--worker roadsvc|gunicorn] [--clients-nice 10]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path
from statistics import quantiles

from _displays import DisplayClients
from _http import wrk
from _service import dealt_hands, fresh_deployment, hand_body, open_floor, roadsvc_server

LEVELS = (0, 100, 1000, 5000, 10000, 20000)
LIMIT_P99_MS = 250.0  # the limit: the first step past it
TARGET_P99_MS, TARGET_POST_RATIO, TARGET_KB = 100.0, 1.5, 15.0


def pct(values: list[float], q: int) -> float:
    if len(values) < 2:
        return values[0] if values else float("nan")
    return quantiles(values, n=100, method="inclusive")[q - 1]


def workers_of(master: int) -> list[int]:
    return [int(pid) for pid in Path(f"/proc/{master}/task/{master}/children").read_text().split()]


def worker_rss_kb(master: int) -> int:
    total = 0
    for pid in workers_of(master):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1])
    return total


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (/proc/<pid>/stat)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class CpuMeter:
    """CPU % of one core of some processes over a span (each process's own figure)."""

    def __init__(self, pids: list[int]):
        self.pids, self.started, self.at = pids, [cpu_seconds(pid) for pid in pids], time.monotonic()

    def percents(self) -> list[float]:
        span = time.monotonic() - self.at
        return [100 * (cpu_seconds(pid) - before) / span for pid, before in zip(self.pids, self.started)]


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


WORKERS = {"roadsvc": "gevent", "gunicorn": "gunicorn.workers.ggevent.GeventWorker"}


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
        server = roadsvc_server(deployment, workers=args.workers, worker_class=WORKERS[args.worker],
                                worker_connections=max(args.levels) + 1000)
        base = server.start()
        host, port = "127.0.0.1", server.port
        live = Floor(host, port, floor, hands, args.interval)
        displays = DisplayClients(args.clients, host, port, floor.display_key, floor.table_ids, args.clients_nice)
        roads_url = f"{base}/api/v1/tables/{floor.table_ids[0]}/roads"
        numbers = [1] * args.tables
        rows = []
        try:
            for level in args.levels:
                alive, refused = await asyncio.to_thread(displays.open, level)
                await asyncio.sleep(1.0)
                await asyncio.to_thread(displays.collect)
                live.post_ms, live.posted = [], {}
                workers, clients = CpuMeter(workers_of(server.process.pid)), CpuMeter(displays.pids)
                profiles = profile(args, workers.pids, level)
                until = time.monotonic() + args.phase
                numbers = await asyncio.gather(*(live.dealer(i, until, numbers[i]) for i in range(args.tables)))
                await asyncio.sleep(0.5)  # the last deliveries
                cpu = (sum(workers.percents()), clients.percents())
                for recorder in profiles:
                    recorder.wait()
                arrivals = await asyncio.to_thread(displays.collect)
                # The polls after the posting (wrk saturates the server: it would be the
                # delivery's load, not the floor's), with the streams still held.
                poll = await asyncio.to_thread(wrk, roads_url, {"Authorization": f"Bearer {floor.display_key}"}, 3, 8)
                delivery = [(at - live.posted[(t, n)]) * 1000 for t, n, at in arrivals if (t, n) in live.posted]
                expected = len(live.posted) * level // args.tables
                rows.append((level, delivery, list(live.post_ms), poll, worker_rss_kb(server.process.pid), cpu))
                print(f"  {level} streams ({alive} open, {refused} refused): {len(live.post_ms)} posts, "
                      f"{len(delivery)} of {expected} deliveries, load average {os.getloadavg()[0]:.1f}", flush=True)
        finally:
            displays.stop()
            server.stop()
    report(args, rows, live.errors)


def profile(args, pids: list[int], level: int) -> list[subprocess.Popen]:
    """py-spy recording each worker through the posting phase of the top step (--profile)."""
    if not args.profile or level != max(args.levels):
        return []
    return [subprocess.Popen([str(Path(sys.executable).parent / "py-spy"), "record", "--pid", str(pid), "--duration",
                              str(int(args.phase)), "--format", "raw", "--nonblocking",
                              "--output", f"{args.profile}-{index}.txt"], stdout=subprocess.DEVNULL)
            for index, pid in enumerate(pids)]


def report(args, rows, errors) -> None:
    print(f"\nlive events, {args.backend}, {args.workers} {args.worker} gevent workers, {args.tables} tables posting "
          f"every {args.interval:g} s, {args.clients} client processes (niceness {args.clients_nice}), "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"{'streams':>7} {'deliv p50':>9} {'deliv p99':>9} {'post p50':>8} {'post p99':>8} {'/base':>5} "
          f"{'poll rps':>8} {'poll p50':>8} {'poll p99':>8} {'RSS MB':>7} {'kB/strm':>7} "
          f"{'srv CPU%':>8} {'cli CPU%':>8} {'cli max%':>8}")
    base_rss, base_p99 = rows[0][4], pct(rows[0][2], 99)
    for level, delivery, posts, poll, rss, (server_cpu, client_cpu) in rows:
        per_stream = f"{(rss - base_rss) / level:.1f}" if level else "base"
        deliv = (f"{pct(delivery, 50):.1f}", f"{pct(delivery, 99):.1f}") if delivery else ("-", "-")
        print(f"{level:>7} {deliv[0]:>9} {deliv[1]:>9} {pct(posts, 50):>8.1f} {pct(posts, 99):>8.1f} "
              f"{pct(posts, 99) / base_p99:>5.2f} {poll['rps']:>8.0f} {poll['p50_ms']:>8.2f} {poll['p99_ms']:>8.2f} "
              f"{rss / 1024:>7.1f} {per_stream:>7} {server_cpu:>8.0f} {sum(client_cpu):>8.0f} {max(client_cpu):>8.0f}")
    past = [row[0] for row in rows if row[1] and pct(row[1], 99) > LIMIT_P99_MS]
    print(f"limit: delivery p99 passes {LIMIT_P99_MS:.0f} ms at "
          + (f"{past[0]} streams" if past else f"no step (up to {rows[-1][0]} streams)"))
    top = rows[-1]
    if top[0] and top[1]:
        checks = (("delivery p99", pct(top[1], 99) <= TARGET_P99_MS, f"<= {TARGET_P99_MS:.0f} ms"),
                  ("post p99", pct(top[2], 99) <= TARGET_POST_RATIO * base_p99, f"<= {TARGET_POST_RATIO}x baseline"),
                  ("memory", (top[4] - base_rss) / top[0] <= TARGET_KB, f"<= {TARGET_KB:.0f} kB a stream"))
        print(f"targets at {top[0]} streams: " + "; ".join(f"{name} {want}: {'PASS' if ok else 'MISS'}"
                                                          for name, ok, want in checks))
    if errors:
        print(f"{len(errors)} posts not answered 201, e.g. {errors[:3]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backend", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--phase", type=float, default=8.0, help="seconds of posting at each step")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--tables", type=int, default=100, help="tables posting (default 100)")
    parser.add_argument("--interval", type=float, default=2.0, help="seconds between a table's hands (default 2)")
    parser.add_argument("--levels", type=int, nargs="+", default=list(LEVELS), help="stream counts, 0 first")
    parser.add_argument("--clients", type=int, default=4, help="display client processes (default 4)")
    parser.add_argument("--clients-nice", type=int, default=0,
                        help="run the display clients at this niceness (e.g. 10): the server's CPU before theirs, "
                             "as when the displays are devices of their own; 0, the default, shares the cores evenly")
    parser.add_argument("--worker", choices=sorted(WORKERS), default="roadsvc",
                        help="roadsvc's worker (streams detached from their requests, as `roadsvc serve` runs) or "
                             "gunicorn's own gevent worker (each stream a greenlet held in its response), to compare")
    parser.add_argument("--profile", help="py-spy the workers during the top step: collapsed stacks to PROFILE-<n>.txt "
                                          "(pip install py-spy)")
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # the server's workers inherit it
    if hard < max(args.levels) // args.workers + 1000:
        print(f"warning: the open-files limit ({hard}) is below the streams a worker may hold")
    asyncio.run(run(args))


if __name__ == "__main__":
    main()
