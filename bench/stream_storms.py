"""Benchmark: the push engine's bad days. With N displays streaming through the engine (nginx + nchan in
front of roadsvc, `roadsvc publish`, a Redis of the bench's own), each storm in turn while the floor posts:

  reload           nginx -s reload (SIGHUP) of the engine node
  restart          the engine node stopped (SIGQUIT) and started again
  node_killed      the engine node SIGKILLed, started again a second later (its supervisor)
  redis_restart    the engine's Redis stopped and started again (its append-only file kept, as in production)
  roadsvc_restart  roadsvc (its gunicorn and its publisher) stopped and started again

For each: the time until every display streams again (its client says it is connected, and the time
until every display has had a hand posted after the storm), the deliveries counted as bench/events.py
counts them (on time, late over 1 s, lost, duplicates: targets 0 lost and 0 duplicates), roadsvc's CPU
(its workers, % of one core) and the 307 path's p99 (a probe asking /api/v1/events through the engine every
50 ms) during the storm's phase, the posts' p99 during it against the same floor with no stream (target:
at most 2x), and the alerts raised on the floor meanwhile. The displays are bench/_displays.c, following
the client rules of docs/events.md: reopen with Last-Event-ID after a back-off with jitter, and after
`--silence` seconds without a byte (twice the keep-alive interval by default: the publisher keeps every
channel alive, so a display on a channel that no longer delivers hears nothing and reconnects).

    .venv/bin/python bench/stream_storms.py [--streams 2000] [--phase 20] [--tables 20] [--keepalive 5]
                                            [--storms reload restart node_killed redis_restart roadsvc_restart]

The keep-alive interval is short here (5 s, ROADSVC_EVENTS_KEEPALIVE) so that a missed keep-alive shows
within a short phase; production's is 15 s (a display then reconnects after 30 s of silence).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from collections import Counter
from contextlib import ExitStack
from pathlib import Path

from _displays import NativeDisplayClients
from _engine import EngineNode, engine_env
from _http import free_port
from _service import dealt_hands, fresh_deployment, hand_body, open_floor, roadsvc_server
from events import LATE_MS, cpu_seconds, pct, read_response, tally
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
STORMS = ("reload", "restart", "node_killed", "redis_restart", "roadsvc_restart")


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


class Bench:
    def __init__(self, args, deployment, stack: ExitStack):
        self.args = args
        scratch = Path(tempfile.mkdtemp(prefix="roadsvc-storms-"))
        stack.callback(shutil.rmtree, scratch, True)
        self.redis = PrivateRedis(scratch / "redis")
        (scratch / "redis").mkdir()
        self.redis.start()
        stack.callback(self.redis.stop)
        self.floor = open_floor(deployment.url, args.tables)
        self.hands = [shoe[0] for shoe in (dealt_hands(seed=100 + i) for i in range(args.tables))]
        prefix = f"storm{uuid.uuid4().hex[:8]}."
        env = {"ROADSVC_REDIS_URL": self.redis.url, **engine_env(prefix), "ROADSVC_RATELIMIT_KEY_PREFIX": prefix,
               "ROADSVC_RATELIMIT_AUTH_FAILURES": "100000 per minute",
               "ROADSVC_EVENTS_KEEPALIVE": str(args.keepalive)}
        # roadsvc's own worker, as `roadsvc serve` runs (gunicorn's default, the sync worker, took one connection at a
        # time: 20,000 redirects queued on its listen backlog, and a stream roadsvc served itself held a worker)
        # --engine-listener: the engine's requests (the redirects) on a port of their own, the posts on the first
        self.engine_port = free_port() if args.engine_listener else None
        self.server = roadsvc_server(deployment, workers=args.workers, worker_class="gevent",
                                     worker_connections=args.streams + 1000, env=env,
                                     more_binds=[f"127.0.0.1:{self.engine_port}"] if self.engine_port else None)
        self.base = self.server.start()
        stack.callback(self.server.stop)
        self.node = EngineNode([f"127.0.0.1:{self.engine_port or self.server.port}"], self.redis.url, scratch / "engine",
                               workers=args.engine_workers, connections=2 * (args.streams // args.engine_workers) + 5000,
                               extra=UPSTREAM_SOURCES,
                               main="".join(f"{line.strip().rstrip(';')};\n" for line in args.engine_main))
        self.node.start()
        stack.callback(self.node.stop)
        self.publisher = Publisher({**deployment.env, **env, "ROADSVC_ENGINE_PUBLISH_URLS": self.node.publish_url})
        self.publisher.start()
        stack.callback(self.publisher.stop)
        self.jobs = Publisher({**deployment.env, **env, **MONITOR_ONLY, "ROADSVC_ENGINE_PUBLISH_URLS": self.node.publish_url,
                               "ROADSVC_ENGINE_ALERT_AFTER": str(args.alert_after)}, "jobs")
        self.jobs.start()  # the floor's monitor: push_engine_unreachable, publisher_behind (and stale tables)
        stack.callback(self.jobs.stop)
        ledger, deadline = Ledger(self.redis.url, prefix), time.monotonic() + 60
        while ledger.published() is None and time.monotonic() < deadline:
            time.sleep(0.1)
        self.dealers = Dealers(self.server.port, self.floor, self.hands, args.interval)
        self.displays: NativeDisplayClients | None = None

    def open_displays(self) -> tuple[int, int]:
        silence = self.args.silence or 2 * self.args.keepalive
        self.displays = NativeDisplayClients(self.args.clients, "127.0.0.1", self.node.port, self.floor.display_key,
                                             self.floor.table_ids, opening=False, silence=silence)
        return self.displays.open(self.args.streams)

    def engine_crashes(self) -> int:
        """Engine workers that died so far (nginx's error log: "exited on signal"; read as bytes, a crash can
        leave a torn line)."""
        log = self.node.scratch / "error.log"
        return log.read_bytes().count(b"exited on signal") if log.exists() else 0

    def storm(self, name: str) -> None:
        """The storm itself (blocking: run in a thread while the floor posts)."""
        if name == "reload":
            os.kill(self.node.process.pid, signal.SIGHUP)
        elif name == "restart":
            self.node.stop()
            self.node.start()
        elif name == "node_killed":
            self.node.kill()
            time.sleep(1.0)
            self.node.start()
        elif name == "redis_restart":
            self.redis.stop()
            self.redis.start()
        elif name == "roadsvc_restart":
            self.server.stop()
            self.publisher.stop()
            self.server.start()
            self.publisher.start()
        else:
            raise ValueError(name)

    async def run_storm(self, name: str) -> dict:
        args, displays, dealers = self.args, self.displays, self.dealers
        await asyncio.to_thread(displays.collect)
        status_before = await asyncio.to_thread(displays.status)
        dealers.posted, dealers.post_ms = {}, []
        pgid_before = self.server.process.pid
        cpu_before, started = group_cpu(pgid_before), time.monotonic()
        since = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime())
        crashes_before = self.engine_crashes()
        probes, probe_failures, statuses = [], [], []
        until = started + args.phase

        async def sample() -> None:
            while time.monotonic() < until + args.drain:
                statuses.append((time.monotonic(), await asyncio.to_thread(displays.status)))
                await asyncio.sleep(0.1)

        async def storm_later() -> float:
            await asyncio.sleep(args.before)
            at = time.monotonic()
            await asyncio.to_thread(self.storm, name)
            return at

        results = await asyncio.gather(dealers.run(args.phase), storm_later(), sample(),
                                       probe_307(self.node.port, self.floor.table_ids[0], self.floor.display_key, until,
                                                 probes, probe_failures))
        storm_at = results[1]
        after = group_cpu(self.server.process.pid)
        cpu_seconds_used = sum(after.values()) - sum(cpu_before.get(pid, 0.0) for pid in after)
        cpu = 100 * cpu_seconds_used / (time.monotonic() - started)
        arrivals = []
        deadline, tables_of = time.monotonic() + args.drain, displays.tables_of()
        readers = Counter(tables_of.values())
        expected = sum(readers[table] for table, _ in dealers.posted)
        while True:  # counted again only once enough have arrived (a count over 300,000 arrivals takes a while)
            arrivals += await asyncio.to_thread(displays.collect)
            if len(arrivals) >= expected or time.monotonic() >= deadline:
                counted = tally(arrivals, dealers.posted, tables_of, args.streams, args.tables)
                if counted.lost == 0 or time.monotonic() >= deadline:
                    break
            await asyncio.sleep(0.5)
        streaming_again = back_at(statuses, storm_at, args.streams)
        lowest = min((status[0] for at, status in statuses if at >= storm_at), default=None)
        first_after: dict[int, float] = {}
        for table, number, at, display in arrivals:
            if dealers.posted.get((table, number), 0.0) > storm_at + 0.001:
                first_after[display] = min(first_after.get(display, float("inf")), at)
        heard = [at - storm_at for display, at in first_after.items()]
        if os.environ.get("STORMS_DEBUG"):
            got = {(display, table, number) for table, number, _, display in arrivals}
            missing = sorted((round(posted - storm_at, 2), display, table, number)
                             for (table, number), posted in dealers.posted.items()
                             for display, its in tables_of.items() if its == table and (display, table, number) not in got)
            print("missing (posted after the storm s, display, table, number):", missing[:40], flush=True)
            seen: dict = {}
            for table, number, at, display in arrivals:
                seen.setdefault((display, table, number), []).append(round(at - storm_at, 3))
            print("duplicates (display, table, number: arrivals after the storm s):",
                  [(key, ats) for key, ats in seen.items() if len(ats) > 1][:20], flush=True)
            for _, display, table, _number in missing[:3]:
                print(f"  display {display} (table {table}) had:", sorted((number, round(at - storm_at, 2))
                      for t, number, at, d in arrivals if d == display), flush=True)
        return {"storm": name, "counted": counted, "again_s": streaming_again, "lowest": lowest,
                "events_again_s": max(heard) if len(first_after) == len(tables_of) else None,
                "silent": len(tables_of) - len(first_after), "cpu": cpu, "probe_p99": pct(probes, 99) if probes else None,
                "probe_failures": len(probe_failures), "post_p99": pct(dealers.post_ms, 99),
                "post_errors": dealers.errors, "status": statuses[-1][1] if statuses else None,
                "reconnects": statuses[-1][1][1] - status_before[1], "silent_reconnects": statuses[-1][1][2] - status_before[2],
                "gaps": statuses[-1][1][4] - status_before[4], "repeats": statuses[-1][1][5] - status_before[5],
                "alerts": alerts_since(self.base, self.floor.pitboss_key, since),
                "crashes": self.engine_crashes() - crashes_before, "load": os.getloadavg()[0]}


def report(args, baseline: float, rows: list[dict], load_before) -> None:
    print(f"\nstorms through the push engine: {args.streams} displays over {args.tables} tables posting every "
          f"{args.interval:g} s, {args.workers} roadsvc workers, {args.engine_workers} nginx workers, keep-alive "
          f"{args.keepalive:g} s, displays reconnect after {args.silence or 2 * args.keepalive:g} s of silence; "
          f"{os.cpu_count()} cores shared with other work (load average before: {load_before[0]:.1f})")
    print(f"posts' p99 with no stream (baseline): {baseline:.1f} ms")
    print(f"{'storm':>16} {'again s':>8} {'heard s':>8} {'lowest':>7} {'reconn':>6} {'silent':>6} {'gaps':>5} "
          f"{'on time':>8} {'late':>6} {'lost':>6} {'dup':>5} {'repeat':>6} "
          f"{'app CPU%':>8} {'307 p99':>8} {'307 fail':>8} {'post p99':>8} {'/base':>6} {'crash':>5} {'load':>5}  alerts")
    for row in rows:
        print(row_line(row, baseline))
    print(f"again s: from the storm until every display's client is streaming again; heard s: until every display has had "
          f"a hand posted after the storm; lowest: fewest displays streaming; reconn: reconnections (silent: after a missed "
          f"keep-alive; gaps: after a revision not expected); late: over {LATE_MS / 1000:g} s; dup: a hand applied twice by a display; repeat: an event "
          f"sent again to a display that had it (its id at or below the display's last: ignored by client rule 2); crash: engine workers that died "
          f"(nginx's error log)")
    for row in rows:
        misses = [what for what, bad in (("lost", row["counted"].lost), ("duplicates", row["counted"].duplicates),
                                          ("repeats", row["repeats"]),
                                          ("post p99 over 2x", row["post_p99"] > 2 * baseline)) if bad]
        print(f"targets, {row['storm']}: " + ("PASS" if not misses else "MISS (" + ", ".join(misses) + ")"))


def row_line(row: dict, baseline: float) -> str:
    counted = row["counted"]
    again = f"{row['again_s']:.1f}" if row["again_s"] is not None else "never"
    heard = f"{row['events_again_s']:.1f}" if row["events_again_s"] is not None else f"{row['silent']} not"
    probe = f"{row['probe_p99']:.1f}" if row["probe_p99"] is not None else "-"
    return (f"{row['storm']:>16} {again:>8} {heard:>8} {row['lowest']!s:>7} {row['reconnects']:>6} "
            f"{row['silent_reconnects']:>6} {row['gaps']:>5} {counted.delivered:>8} {counted.late:>6} "
            f"{counted.lost:>6} {counted.duplicates:>5} {row['repeats']:>6} {row['cpu']:>8.0f} {probe:>8} "
            f"{row['probe_failures']:>8} {row['post_p99']:>8.1f} {row['post_p99'] / baseline:>6.2f} {row['crashes']:>5} "
            f"{row['load']:>5.1f}  {', '.join(row['alerts']) or 'none'}")


def progress(what: str, since: float) -> None:
    load = os.getloadavg()[0]
    print(f"[{time.monotonic() - since:7.1f} s, load {load:.1f}] {what}", flush=True)


async def main_async(args) -> None:
    began = time.monotonic()
    with fresh_deployment("sqlite") as deployment, ExitStack() as stack:
        bench = Bench(args, deployment, stack)
        progress("deployment up (roadsvc, publisher, jobs, engine node, Redis)", began)
        load_before = os.getloadavg()
        await bench.dealers.warm_up()
        await bench.dealers.run(args.base_phase)
        baseline = pct(bench.dealers.post_ms, 99)
        progress(f"baseline: posts' p50 {pct(bench.dealers.post_ms, 50):.1f} ms, p99 {baseline:.1f} ms, max "
                 f"{max(bench.dealers.post_ms):.1f} ms with no stream ({len(bench.dealers.post_ms)} posts)", began)
        alive, refused = await asyncio.to_thread(bench.open_displays)
        stack.callback(bench.displays.stop)
        progress(f"{alive} displays streaming ({refused} refused at their first attempt)", began)
        rows = []
        for name in args.storms:
            await asyncio.sleep(args.settle)
            row = await bench.run_storm(name)
            progress(f"{name} measured", began)
            counted = row["counted"]
            print(f"  {name}: again in {row['again_s']} s, {counted.delivered} on time, {counted.late} late, "
                  f"{counted.lost} lost, {counted.duplicates} duplicates, {row['repeats']} repeats, status {row['status']}, "
                  f"engine workers "
                  f"crashed {row['crashes']}", flush=True)
            print("   " + row_line(row, baseline), flush=True)
            rows.append(row)
        report(args, baseline, rows, load_before)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--streams", type=int, default=2000)
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--interval", type=float, default=4.0,
                        help="seconds between a table's hands (4: a shoe of about 75 hands lasts the five storms)")
    parser.add_argument("--phase", type=float, default=20.0, help="seconds of posting around each storm")
    parser.add_argument("--before", type=float, default=3.0, help="seconds of the phase before the storm")
    parser.add_argument("--drain", type=float, default=15.0, help="seconds after the phase to wait for the deliveries")
    parser.add_argument("--settle", type=float, default=7.0,
                        help="seconds between two storms (more than the keep-alive interval: every display has heard "
                             "its position before the next storm)")
    parser.add_argument("--base-phase", type=float, default=8.0, help="seconds of posting with no stream (the baseline)")
    parser.add_argument("--keepalive", type=float, default=5.0, help="ROADSVC_EVENTS_KEEPALIVE for the run")
    parser.add_argument("--silence", type=float, default=0.0, help="seconds of silence before a display reconnects "
                                                                   "(default: twice the keep-alive)")
    parser.add_argument("--alert-after", type=float, default=5.0,
                        help="ROADSVC_ENGINE_ALERT_AFTER of the floor's monitor (roadsvc jobs, every second)")
    parser.add_argument("--engine-main", nargs="*", default=[],
                        help="lines for the engine node's nginx main context, e.g. 'worker_shutdown_timeout 10s'")
    parser.add_argument("--engine-listener", action="store_true",
                        help="roadsvc listens on a second port for the engine's requests (the redirects), so that a "
                             "storm of them does not fill the accept queue the dealers' posts use")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--engine-workers", type=int, default=2)
    parser.add_argument("--clients", type=int, default=2)
    parser.add_argument("--storms", nargs="+", choices=STORMS, default=list(STORMS))
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    asyncio.run(main_async(args))


if __name__ == "__main__":
    main()
