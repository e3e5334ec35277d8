"""Benchmark: live events. Delivery latency and memory per stream from 100 to 50,000
subscribers, through roadsvc's in-process streams and through the push engine (nginx + nchan)
side by side, with the API's own post and poll figures measured in the same run.

roadsvc serves as `roadsvc serve` does (gunicorn, gevent workers, 2 by default) on a
fresh database. A floor of 100 tables posts a hand every 2 s each (open loop, real dealt
shoes, one keep-alive connection per dealer: 50 posts a second). Displays hold streams
filtered to their table (`?table_id=`), spread evenly over the tables and over several
client processes (`--clients`: native ones by default, bench/_displays.c, so the clients are not
the limit); they are opened in steps (--levels: 0, 100, 2,000, 20,000, 50,000) and each step
measures, for `--phase` seconds:

  * delivery: from each post's 201 (as the dealer saw it) to that hand's event arriving
    at each display of its table: p50 / p99 (targets: p50 < 10 ms at 100; p99 <= 50 ms at
    20,000 and <= 100 ms at 50,000). After the phase the bench waits until every expected
    delivery (each hand posted, at each display of its table) has arrived or `--drain`
    seconds (10) have passed, and counts them apart: delivered (within 1 s), late (over 1 s),
    lost (not arrived within the limit), and duplicates (a display given one hand twice);
  * posts: each post's latency from the moment it was due: p50 / p99, and p99 against the
    step with no stream (target at 50,000: within 1.2x);
  * polls: then, posting paused and the streams held, wrk on GET /tables/<id>/roads for
    3 s with 8 connections (requests/s, p50, p99);
  * memory: the proportional set size (PSS: a page shared by n processes counts 1/n in each, so
    nchan's shared memory and the forked workers' shared pages count once) of roadsvc's workers and,
    on the engine's path, of the engine node's processes and the publisher; per stream = (PSS now -
    PSS at 0) / streams, roadsvc's and the engine's shown apart (target: <= 10 kB together);
  * CPU over the posting phase, in % of one core: roadsvc's workers (summed), on the engine's
    path the nginx processes (summed) and the publisher (`roadsvc publish`, one process: the
    events' one serial path), and the display clients (summed), so a reader sees who was saturated.

The step with 0 streams is the baseline the others are read against. The limit printed is
the first step whose delivery p99 passes 250 ms.

The engine alone (`--paths ... alone`, in the default): the same engine node, the same display clients
and streams (each opens its table's channel at a signed URL, as roadsvc's 307 would send it), with hands
published straight to nchan at the same rate and to the same four channels an event goes to (no roadsvc,
no publisher, no database in the path): the ceiling of this machine's engine and clients. With both the
engine path and the engine alone in a run, each step prints roadsvc's path as a ratio of that ceiling
(its on-time deliveries over the ceiling's; the ceiling's p99 over roadsvc's).

The display clients follow the client rules of docs/events.md (they reconnect with Last-Event-ID after a
back-off with jitter; `--silence`: seconds without a byte after which one reconnects).

    .venv/bin/python bench/events.py [--backend sqlite|postgres] [--phase 8] [--workers 2] [--tables 100]
                                     [--interval 2] [--clients 4] [--levels 0 100 1000 ...]
                                     [--worker roadsvc|gunicorn] [--clients-nice 10] [--drain 10]
                                     [--paths inprocess engine alone] [--split-cores]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
import uuid
from collections import Counter
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from statistics import quantiles

from _cores import ENGINE, ROADSVC, on
from _displays import DisplayClients, NativeDisplayClients
from _engine import SECRET, EngineMachine, engine_env
from _http import wrk
from _service import dealt_hands, fresh_deployment, hand_body, open_floor, roadsvc_server
from roadsvc.stream.engine.ledger import Ledger
from roadsvc.stream.engine.signing import EngineUrls

LEVELS = (0, 100, 2000, 20000, 50000)
LIMIT_P99_MS = 250.0  # the limit: the first step past it
TARGET_P99_MS = {20000: 50.0, 50000: 100.0}  # delivery p99 at these steps (issue 37)
TARGET_POST_RATIO, TARGET_KB = 1.2, 10.0  # at the top target step: post p99 against no streams; memory a stream
FIRST_EVENT_AT, TARGET_FIRST_MS = 100, 10.0  # a display's first event after a post: p50 at 100 streams
REDIS = os.environ.get("ROADSVC_BENCH_REDIS", "redis://127.0.0.1:6379/0")
PATHS = ("inprocess", "engine", "alone")
PATH_NAMES = {"inprocess": "roadsvc's in-process streams", "engine": "the push engine (nginx + nchan) in front of roadsvc",
              "alone": "the engine alone (hands published straight to nchan: the ceiling)"}
LATE_MS = 1000.0  # a delivery later than this is late, not delivered


@dataclass
class Tally:
    """A step's deliveries: on time (within LATE_MS), late, lost (not arrived within the drain), duplicated,
    and the delay of each first arrival (ms)."""

    expected: int
    delivered: int
    late: int
    lost: int
    duplicates: int
    delays: list[float]


def tally(arrivals: list[tuple[int, int, float, int]], posted: dict[tuple[int, int], float],
          tables_of: dict[int, int] | None, level: int, tables: int) -> Tally:
    """Each display's first arrival of each hand posted; `tables_of` (display -> table) says what each display
    should have had (None: displays not told apart, counted per table)."""
    counts = Counter((display, table, number) for table, number, _, display in arrivals if (table, number) in posted)
    first: dict[tuple[int, int, int], float] = {}
    for table, number, at, display in arrivals:
        key = (display, table, number)
        if key in counts and at < first.get(key, float("inf")):
            first[key] = at
    if tables_of is None:
        expected = len(posted) * level // tables
        received = sum(counts.values())
        duplicates = 0
    else:
        readers = Counter(tables_of.values())
        expected = sum(readers[table] for table, _ in posted)
        received = sum(1 for display, table, _ in first if tables_of.get(display) == table)
        duplicates = sum(count - 1 for count in counts.values())
    delays = [(at - posted[(table, number)]) * 1000 for (_, table, number), at in first.items()]
    late = sum(1 for delay in delays if delay > LATE_MS)
    return Tally(expected, len(delays) - late, late, max(0, expected - received), duplicates, delays)


async def drain(displays, posted: dict[tuple[int, int], float], level: int, tables: int, limit: float) -> list:
    """Collect arrivals until every expected delivery has arrived or `limit` seconds have passed."""
    arrivals: list = []
    deadline = time.monotonic() + limit
    while True:
        arrivals += await asyncio.to_thread(displays.collect)
        found = tally(arrivals, posted, displays.tables_of(), level, tables)
        if found.lost == 0 or time.monotonic() >= deadline:
            return arrivals
        await asyncio.sleep(0.25)


def pct(values: list[float], q: int) -> float:
    if len(values) < 2:
        return values[0] if values else float("nan")
    return quantiles(values, n=100, method="inclusive")[q - 1]


def workers_of(master: int) -> list[int]:
    return [int(pid) for pid in Path(f"/proc/{master}/task/{master}/children").read_text().split()]


def pss_kb(pid: int) -> int:
    """A process's proportional set size (kB): its own pages, and its share of the pages it shares."""
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
        if line.startswith("Pss:"):
            return int(line.split()[1])
    return 0


def worker_pss_kb(master: int) -> int:
    return sum(pss_kb(pid) for pid in workers_of(master))


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (/proc/<pid>/stat)."""
    return sum(cpu_split(pid))


def cpu_split(pid: int) -> tuple[float, float]:
    """(user, system) CPU seconds of a process so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    tick = os.sysconf("SC_CLK_TCK")
    return int(fields[11]) / tick, int(fields[12]) / tick


class SystemShare:
    """The share of some processes' CPU spent in the kernel (system time: the sockets, epoll, copies) over a span."""

    def __init__(self, pids: list[int]):
        self.pids, self.started = pids, [cpu_split(pid) for pid in pids]

    def share(self) -> float:
        user = system = 0.0
        for pid, (user_before, system_before) in zip(self.pids, self.started):
            now_user, now_system = cpu_split(pid)
            user, system = user + now_user - user_before, system + now_system - system_before
        return system / (user + system) if user + system else float("nan")


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
    results = {}
    for path in args.paths:
        print(f"== {path}: {PATH_NAMES[path]}", flush=True)
        results[path] = await run_path(args, path)
    for path, (rows, errors) in results.items():
        report(args, path, rows, errors)
    if "engine" in results and "alone" in results:
        against_ceiling(results["engine"][0], results["alone"][0])


def against_ceiling(engine_rows, alone_rows) -> None:
    """roadsvc's path through the engine as a ratio of the engine alone, step by step."""
    ceiling = {row[0]: row[1] for row in alone_rows}
    print("\nroadsvc through the engine against the engine alone (the ceiling), same machine, same run:")
    print(f"{'streams':>7} {'on time':>9} {'ceiling':>9} {'ratio':>6} {'p99':>9} {'ceil p99':>9} {'ceil/p99':>8} "
          f"{'lost':>6} {'ceil lost':>9}")
    for level, counted, *_ in engine_rows:
        alone = ceiling.get(level)
        if not level or alone is None or not counted.expected or not alone.expected:
            continue
        mine, best = counted.delivered / counted.expected, alone.delivered / alone.expected
        p99, best_p99 = pct(counted.delays, 99), pct(alone.delays, 99)
        print(f"{level:>7} {100 * mine:>8.1f}% {100 * best:>8.1f}% {mine / best if best else float('nan'):>6.3f} "
              f"{p99:>9.1f} {best_p99:>9.1f} {best_p99 / p99 if p99 else float('nan'):>8.2f} {counted.lost:>6} {alone.lost:>9}")


def levels_of(args, path: str) -> list[int]:
    """The steps of a path: --inprocess-max caps roadsvc's own (each of its workers needs a file a stream)."""
    if path == "inprocess" and args.inprocess_max is not None:
        return [level for level in args.levels if level <= args.inprocess_max]
    return args.levels


def print_step(level: int, alive: int, refused: int, posts: int, counted: Tally, load) -> None:
    print(f"  {level} streams ({alive} open, {refused} refused): {posts} posts, {counted.expected} deliveries "
          f"expected: {counted.delivered} on time, {counted.late} late (> {LATE_MS / 1000:g} s), {counted.lost} lost, "
          f"{counted.duplicates} duplicates; load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}", flush=True)


async def run_path(args, path: str) -> tuple[list, list[str]]:
    """One path's steps on a fresh floor: roadsvc holding the streams itself, or the engine in front of it
    (or the engine alone, with no roadsvc: run_alone)."""
    if path == "alone":
        return await run_alone(args)
    with fresh_deployment(args.backend) as deployment, ExitStack() as stack:
        floor = open_floor(deployment.url, args.tables)
        hands = [shoe[0] for shoe in (dealt_hands(seed=100 + i) for i in range(args.tables))]
        prefix = f"bench{uuid.uuid4().hex[:8]}."  # this run's channels and Redis keys (the rate limits' too)
        # The harness's start-up probes (keyless, repeated while a loaded machine starts) would spend the
        # failed-authentication budget of 127.0.0.1, which Redis shares between the workers.
        env = {"ROADSVC_REDIS_URL": REDIS, **engine_env(prefix), "ROADSVC_RATELIMIT_KEY_PREFIX": prefix,
               "ROADSVC_RATELIMIT_AUTH_FAILURES": "100000 per minute"} if path == "engine" else {}
        server = roadsvc_server(deployment, workers=args.workers, worker_class=WORKERS[args.worker],
                                worker_connections=max(levels_of(args, path)) + 1000, env=env)
        with on(ROADSVC, args.split_cores):
            base = server.start()
        stack.callback(server.stop)
        host, port, engine = "127.0.0.1", server.port, None
        if path == "engine":
            engine = stack.enter_context(engine_in_front(args, deployment, server, env))
            port = engine.port
        live = Floor(host, server.port, floor, hands, args.interval)
        clients = NativeDisplayClients if args.clients_kind == "native" else DisplayClients
        with on(ENGINE, args.split_cores):
            displays = clients(args.clients, host, port, floor.display_key, floor.table_ids, args.clients_nice,
                               opening=path != "engine",
                               **({"silence": args.silence} if args.clients_kind == "native" else {}))
        stack.callback(displays.stop)
        stack.enter_context(on(ROADSVC, args.split_cores))  # the dealers (this thread) beside roadsvc
        roads_url = f"{base}/api/v1/tables/{floor.table_ids[0]}/roads"
        numbers = [1] * args.tables
        rows = []
        for level in levels_of(args, path):
            alive, refused = await asyncio.to_thread(displays.open, level)
            await asyncio.sleep(1.0)
            await asyncio.to_thread(displays.collect)
            live.post_ms, live.posted = [], {}
            engine_pids = engine.pids() if engine else []
            workers, clients = CpuMeter(workers_of(server.process.pid)), CpuMeter(displays.pids)
            engine_cpu = CpuMeter(engine_pids)
            profiles = profile(args, workers.pids, level) + perf_record(args, level)
            shares = [SystemShare(workers.pids), SystemShare(engine_pids[:-1]), SystemShare(displays.pids)]
            until = time.monotonic() + args.phase
            numbers = await asyncio.gather(*(live.dealer(i, until, numbers[i]) for i in range(args.tables)))
            engine_percents = engine_cpu.percents()  # the nginx processes', then the publisher's
            cpu = (sum(workers.percents()), sum(engine_percents[:-1]), sum(engine_percents[-1:]), clients.percents())
            print(f"  system time, share of each one's CPU: roadsvc's workers {100 * shares[0].share():.0f} %, "
                  + (f"nginx {100 * shares[1].share():.0f} %, " if engine_pids else "")
                  + f"display clients {100 * shares[2].share():.0f} %", flush=True)
            for recorder in profiles:
                recorder.wait()
            arrivals = await drain(displays, live.posted, level, args.tables, args.drain)  # the last deliveries
            # The polls after the posting (wrk saturates the server: it would be the
            # delivery's load, not the floor's), with the streams still held.
            poll = await asyncio.to_thread(wrk, roads_url, {"Authorization": f"Bearer {floor.display_key}"}, 3, 8)
            counted = tally(arrivals, live.posted, displays.tables_of(), level, args.tables)
            memory = (worker_pss_kb(server.process.pid), engine.pss_kb() if engine else 0)
            load = os.getloadavg()
            rows.append((level, counted, list(live.post_ms), poll, memory, cpu, load))
            print_step(level, alive, refused, len(live.post_ms), counted, load)
    return rows, live.errors


class AloneFloor:
    """The floor's hands published straight to the engine's channels (no roadsvc in the path): each table's
    hand every `interval`, to the four channels an event of it goes to (t<id>, t<id>.ops, floor, floor.ops),
    timed from the moment its first post is sent."""

    def __init__(self, host: str, port: int, prefix: str, table_ids: list[int], interval: float):
        self.host, self.port, self.prefix, self.table_ids, self.interval = host, port, prefix, table_ids, interval
        self.posted: dict[tuple[int, int], float] = {}
        self.post_ms: list[float] = []
        self.errors: list[str] = []
        self.event_id = 0

    def body(self, table: int, number: int) -> bytes:
        self.event_id += 1
        data = {"table_id": table, "shoe_id": table, "revision": number, "number": number, "result": "banker",
                "banker_pair": False, "player_pair": False, "bead": {"result": "banker", "banker_pair": False,
                "player_pair": False, "natural": False, "points": 7}, "big_road": {"entry": {"result": "banker",
                "ties": 0, "banker_pair": False, "player_pair": False}, "column": number, "index": 0,
                "cell": {"col": number, "row": 0}, "tie": False}}
        return f"id: {self.event_id}\nevent: hand\ndata: {json.dumps(data, separators=(',', ':'))}\n".encode()

    async def dealer(self, index: int, until: float, start_number: int) -> int:
        table = self.table_ids[index]
        channels = [f"{self.prefix}{scope}{suffix}" for scope in (f"t{table}", "floor") for suffix in ("", ".ops")]
        reader, writer = await asyncio.open_connection(self.host, self.port)
        due, number = time.monotonic() + self.interval * index / len(self.table_ids), start_number
        try:
            while due < until:
                await asyncio.sleep(max(0.0, due - time.monotonic()))
                body, sent = self.body(table, number), time.monotonic()
                for channel in channels:
                    writer.write(f"POST /_engine/pub/{channel} HTTP/1.1\r\nHost: x\r\nAccept: text/json\r\n"
                                 f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
                    status = await read_response(reader)
                    if status not in (201, 202):
                        self.errors.append(f"{channel} hand {number}: {status}")
                self.posted[(table, number)] = sent
                self.post_ms.append((time.monotonic() - due) * 1000)
                number, due = number + 1, due + self.interval
        finally:
            writer.close()
        return number


async def run_alone(args) -> tuple[list, list[str]]:
    """The engine alone: an engine node (no roadsvc behind it), the same display clients opening their tables'
    channels at signed URLs, and the hands published straight to nchan."""
    with ExitStack() as stack:
        prefix = f"bench{uuid.uuid4().hex[:8]}."
        table_ids = list(range(1, args.tables + 1))
        node = engine_machine(args, ["127.0.0.1:9"])
        with on(ENGINE, args.split_cores):
            node.start()
        stack.callback(node.stop)
        stack.callback(forget_channels, prefix)
        urls = EngineUrls(SECRET, 24 * 3600, "/_engine/sub")  # valid for the run (the displays reconnect to them)
        paths = [urls.url(f"{prefix}t{table}", f"{prefix}k0", None) for table in table_ids]
        with on(ENGINE, args.split_cores):
            displays = NativeDisplayClients(args.clients, "127.0.0.1", node.port, "none", table_ids, args.clients_nice,
                                            opening=False, silence=args.silence, paths=paths)
        stack.callback(displays.stop)
        stack.enter_context(on(ROADSVC, args.split_cores))  # the publishing dealers (this thread), as roadsvc's
        live = AloneFloor("127.0.0.1", node.port, prefix, table_ids, args.interval)
        numbers, rows = [1] * args.tables, []
        for level in levels_of(args, "engine"):
            alive, refused = await asyncio.to_thread(displays.open, level)
            await asyncio.sleep(1.0)
            await asyncio.to_thread(displays.collect)
            live.post_ms, live.posted = [], {}
            nginx = engine_pids(node)
            engine_cpu, clients = CpuMeter(nginx), CpuMeter(displays.pids)
            shares = [SystemShare(nginx), SystemShare(displays.pids)]
            until = time.monotonic() + args.phase
            numbers = await asyncio.gather(*(live.dealer(i, until, numbers[i]) for i in range(args.tables)))
            cpu = (0.0, sum(engine_cpu.percents()), 0.0, clients.percents())
            print(f"  system time, share of each one's CPU: nginx {100 * shares[0].share():.0f} %, display clients "
                  f"{100 * shares[1].share():.0f} %", flush=True)
            arrivals = await drain(displays, live.posted, level, args.tables, args.drain)
            counted = tally(arrivals, live.posted, displays.tables_of(), level, args.tables)
            load = os.getloadavg()
            memory = (0, sum(pss_kb(pid) for pid in engine_pids(node)))
            rows.append((level, counted, list(live.post_ms), {"rps": float("nan"), "p99_ms": float("nan")}, memory, cpu,
                         load))
            print_step(level, alive, refused, len(live.post_ms), counted, load)
    return rows, live.errors


def engine_machine(args, machines: list[str]) -> EngineMachine:
    """The engine machine of the run: --engine-nodes nodes of --engine-workers workers in front of `machines`."""
    processes = args.engine_nodes * args.engine_workers
    return EngineMachine(machines, REDIS, Path(tempfile.mkdtemp(prefix="roadsvc-engine-")), args.engine_nodes,
                         workers=args.engine_workers, connections=max(args.levels) // processes + 5000)


def engine_pids(machine: EngineMachine) -> list[int]:
    """Every nginx process of the machine's nodes: masters and workers."""
    return [pid for master in machine.masters() for pid in (master, *workers_of(master))]


def forget_channels(prefix: str) -> None:
    keys = Ledger(REDIS, prefix).redis
    found = keys.keys(prefix + "*")
    if found:
        keys.delete(*found)


class EngineInFront:
    """The engine's nodes (nginx + nchan, docs/nginx-engine.conf) in front of the server, and `roadsvc publish`."""

    def __init__(self, node: EngineMachine, publisher: subprocess.Popen):
        self.node, self.publisher, self.port = node, publisher, node.port

    def pids(self) -> list[int]:
        return [*engine_pids(self.node), self.publisher.pid]

    def pss_kb(self) -> int:
        return sum(pss_kb(pid) for pid in self.pids())


@contextmanager
def engine_in_front(args, deployment, server, env: dict[str, str]):
    node = engine_machine(args, [f"127.0.0.1:{server.port}"])
    with on(ENGINE, args.split_cores):
        node.start()
    with on(ROADSVC, args.split_cores):
        publisher = subprocess.Popen([str(Path(sys.executable).parent / "roadsvc"), "publish"], start_new_session=True,
                                     env={**os.environ, **deployment.env, **env,
                                          "ROADSVC_ENGINE_PUBLISH_URLS": node.publish_urls})
    try:
        ledger = Ledger(REDIS, env["ROADSVC_ENGINE_PREFIX"])
        deadline = time.monotonic() + 30
        while ledger.published() is None and time.monotonic() < deadline:  # elected and started: posts may begin
            time.sleep(0.1)
        yield EngineInFront(node, publisher)
    finally:
        publisher.terminate()
        try:
            publisher.wait(timeout=10)
        except subprocess.TimeoutExpired:
            publisher.kill()
        node.stop()
        keys = Ledger(REDIS, env["ROADSVC_ENGINE_PREFIX"]).redis
        found = keys.keys(env["ROADSVC_ENGINE_PREFIX"] + "*")
        if found:
            keys.delete(*found)


def profile(args, pids: list[int], level: int) -> list[subprocess.Popen]:
    """py-spy recording each worker through the posting phase of the top step (--profile)."""
    if not args.profile or level != max(args.levels):
        return []
    return [subprocess.Popen([str(Path(sys.executable).parent / "py-spy"), "record", "--pid", str(pid), "--duration",
                              str(int(args.phase)), "--format", "raw", "--nonblocking",
                              "--output", f"{args.profile}-{index}.txt"], stdout=subprocess.DEVNULL)
            for index, pid in enumerate(pids)]


def perf_record(args, level: int) -> list[subprocess.Popen]:
    """perf recording the whole machine (every process, call graphs, 99 Hz) through the top step's posting
    phase (--perf FILE): `perf report -i FILE --no-children --sort comm,dso -g none --stdio` says where the CPU
    went (nginx, the clients, roadsvc, the kernel)."""
    if not args.perf or level != max(args.levels):
        return []
    return [subprocess.Popen(["perf", "record", "-F", "99", "-a", "-g", "-o", args.perf, "--", "sleep", str(args.phase)],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)]


def report(args, path: str, rows, errors) -> None:
    print(f"\n{PATH_NAMES[path]}: live events, {args.backend}, {args.workers} {args.worker} gevent workers, "
          f"{args.tables} tables posting every {args.interval:g} s, {args.clients} client processes "
          f"(niceness {args.clients_nice}), {os.cpu_count()} cores shared with other work (load average beside each row)"
          f"{'; roadsvc and the dealers on core 0, the engine and the displays on the others' if args.split_cores else ''}")
    print(f"{'streams':>7} {'on time':>8} {'late':>6} {'lost':>6} {'dup':>4} "
          f"{'deliv p50':>9} {'deliv p99':>9} {'post p50':>8} {'post p99':>8} {'/base':>5} "
          f"{'poll rps':>8} {'poll p99':>8} {'PSS MB':>7} {'kB/strm':>7} {'app/eng kB':>10} "
          f"{'app CPU%':>8} {'eng CPU%':>8} {'pub CPU%':>8} {'cli CPU%':>8} {'load 1/5/15':>14}")
    (base_app, base_engine), base_p99 = rows[0][4], pct(rows[0][2], 99)
    base_rss = base_app + base_engine
    for level, counted, posts, poll, (app, engine), (server_cpu, engine_cpu, publisher_cpu, client_cpu), load in rows:
        delivery = counted.delays
        rss = app + engine
        per_stream = f"{(rss - base_rss) / level:.1f}" if level else "base"
        split = f"{(app - base_app) / level:.1f}/{(engine - base_engine) / level:.1f}" if level else "-"
        deliv = (f"{pct(delivery, 50):.1f}", f"{pct(delivery, 99):.1f}") if delivery else ("-", "-")
        print(f"{level:>7} {counted.delivered:>8} {counted.late:>6} {counted.lost:>6} {counted.duplicates:>4} "
              f"{deliv[0]:>9} {deliv[1]:>9} {pct(posts, 50):>8.1f} {pct(posts, 99):>8.1f} "
              f"{pct(posts, 99) / base_p99:>5.2f} {poll['rps']:>8.0f} {poll['p99_ms']:>8.2f} "
              f"{rss / 1024:>7.1f} {per_stream:>7} {split:>10} {server_cpu:>8.0f} {engine_cpu:>8.0f} {publisher_cpu:>8.0f} {sum(client_cpu):>8.0f} "
              f"{load[0]:>4.1f}/{load[1]:.1f}/{load[2]:.1f}")
    past = [row[0] for row in rows if row[1].delays and pct(row[1].delays, 99) > LIMIT_P99_MS]
    print(f"limit: delivery p99 passes {LIMIT_P99_MS:.0f} ms at "
          + (f"{past[0]} streams" if past else f"no step (up to {rows[-1][0]} streams)"))
    for level, counted, posts, _poll, memory, _cpu, _load in rows:
        rss, delivery = sum(memory), counted.delays
        checks = [(f"delivery p99 <= {want:.0f} ms", delivery and pct(delivery, 99) <= want)
                  for at, want in TARGET_P99_MS.items() if at == level]
        if level:
            checks.append(("every event delivered (none lost)", counted.lost == 0 and counted.duplicates == 0))
        if level == max(TARGET_P99_MS):
            checks += [(f"post p99 <= {TARGET_POST_RATIO}x no streams", pct(posts, 99) <= TARGET_POST_RATIO * base_p99),
                       (f"<= {TARGET_KB:.0f} kB a stream", (rss - base_rss) / level <= TARGET_KB)]
        if level == FIRST_EVENT_AT:
            checks.append((f"delivery p50 < {TARGET_FIRST_MS:.0f} ms", delivery and pct(delivery, 50) < TARGET_FIRST_MS))
        if checks:
            print(f"targets at {level} streams: " + "; ".join(f"{name}: {'PASS' if ok else 'MISS'}" for name, ok in checks))
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
    parser.add_argument("--paths", nargs="+", choices=PATHS, default=list(PATHS),
                        help="roadsvc's in-process streams, the push engine in front of it, or both (the default), one after the other")
    parser.add_argument("--engine-nodes", type=int, default=4,
                        help="engine nodes (nginx processes) on the machine, on one port (default 4, "
                             "docs/deployment.md: each holds a share of the streams, within the open-files limit)")
    parser.add_argument("--engine-workers", type=int, default=1, help="each engine node's nginx workers (default 1)")
    parser.add_argument("--inprocess-max", type=int,
                        help="the in-process path's top step (its 2 workers hold at most 2 x the open-files limit)")
    parser.add_argument("--clients", type=int, default=4, help="display client processes (default 4)")
    parser.add_argument("--clients-kind", choices=("native", "asyncio"), default="native",
                        help="the display clients: native (bench/_displays.c, an epoll loop a process; the default) or "
                             "asyncio (Python, bench/_displays.py: most of a core at 50,000 streams)")
    parser.add_argument("--clients-nice", type=int, default=0,
                        help="run the display clients at this niceness (e.g. 10): the server's CPU before theirs, "
                             "as when the displays are devices of their own; 0, the default, shares the cores evenly")
    parser.add_argument("--split-cores", action="store_true",
                        help="roadsvc (its workers and publisher) and the dealers on the first core, the engine's nodes "
                             "and the displays' clients on the others (bench/_cores.py): each path, the engine alone's "
                             "too, with the same cores")
    parser.add_argument("--worker", choices=sorted(WORKERS), default="roadsvc",
                        help="roadsvc's worker (streams detached from their requests, as `roadsvc serve` runs) or "
                             "gunicorn's own gevent worker (each stream a greenlet held in its response), to compare")
    parser.add_argument("--drain", type=float, default=10.0,
                        help="seconds after a phase to wait for the deliveries still expected (then they are lost)")
    parser.add_argument("--silence", type=float, default=0.0,
                        help="seconds without a byte after which a native display reconnects (0: never; the documented "
                             "client rule is twice the keep-alive interval, 30 s)")
    parser.add_argument("--perf", help="perf record the whole machine during the top step's posting into PERF "
                                       "(then: perf report -i PERF --no-children --sort comm,dso -g none --stdio)")
    parser.add_argument("--profile", help="py-spy the workers during the top step: collapsed stacks to PROFILE-<n>.txt "
                                          "(pip install py-spy)")
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # the server's workers and the clients inherit it
    if hard < max(args.levels) // args.workers + 1000:
        print(f"warning: the open-files limit ({hard}) is below the streams a worker may hold")
    asyncio.run(run(args))


if __name__ == "__main__":
    main()
