"""Benchmark: the push engine's bad days. With N displays streaming through the engine (nginx + nchan in
front of roadsvc, `roadsvc publish`, two Redis of the bench's own (the engine's, for nchan's channels, and roadsvc's,
for its limits, ledger and lease); the engine's machine as docs/deployment.md runs it,
--engine-nodes nginx processes of --engine-workers workers on one port), each storm in turn while the floor posts:

  none             nothing: the displays stream while the floor posts (what the streams alone cost the posts)
  reload           nginx -s reload (SIGHUP) of the engine's nodes (not in the default: such nodes are never reloaded)
  restart          the engine's nodes stopped (SIGQUIT) and started again, all at once
  restart_in_turn  the engine's nodes stopped and started again one after the other, the displays' back-off
                   (--spread) and 2 s apart (--engine-nodes above 1)
  node_killed      the engine's nodes SIGKILLed, started again a second later (their supervisor)
  redis_restart    the engine's Redis stopped and started again (its append-only file kept, as in production)
  roadsvc_redis_restart  roadsvc's Redis (ROADSVC_REDIS_URL: the rate limits, the publisher's ledger and lease)
                   stopped and started again (with --one-redis, the same as redis_restart)
  roadsvc_restart  roadsvc restarted as a deploy does (docs/operations.md, *Deploying*): `roadsvc reload` (its
                   workers replaced one at a time, each old one finishing what it holds once its successor is
                   ready), its publisher stopped and started; `--deploy-by-hup` sends gunicorn's SIGHUP instead
  roadsvc_stopped  roadsvc (its gunicorn and its publisher) stopped and started again: on one machine the posts
                   wait for it (its posts' p99 is not held to the target; two machines behind a load balancer
                   serve them meanwhile: bench/two_machines.py)

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
                                            [--engine-nodes 4] [--engine-workers 1] [--redirect-workers 2]
                                            [--redirect-nice 10]
                                            [--clients-nice 10] [--split-cores] [--one-redis]
                                            [--storms restart restart_in_turn node_killed redis_restart ...]

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
from datetime import datetime
from pathlib import Path

from _cores import ENGINE, ROADSVC, SIDES, on
from _displays import NativeDisplayClients
from _engine import EngineMachine, engine_env
from _http import free_port
from _service import dealt_hands, fresh_deployment, open_floor, roadsvc_server
from _storm_floor import (MONITOR_ONLY, UPSTREAM_SOURCES, Dealers, PrivateRedis, Publisher, alerts_since, back_at,
                          group_cpu, probe_307)
from events import LATE_MS, pct, tally
from roadsvc.stream.engine.ledger import Ledger

STORMS = ("none", "reload", "restart", "restart_in_turn", "node_killed", "redis_restart", "roadsvc_redis_restart",
          "roadsvc_restart", "roadsvc_stopped")
UNSERVED = ("roadsvc_stopped",)  # storms during which nothing answers the posts (one machine)


class Bench:
    def __init__(self, args, deployment, stack: ExitStack):
        self.args = args
        scratch = Path(tempfile.mkdtemp(prefix="roadsvc-storms-"))
        stack.callback(shutil.rmtree, scratch, True)
        # the engine's Redis (nchan's channels) and roadsvc's (ROADSVC_REDIS_URL), each on its side's cores;
        # --one-redis: roadsvc's is the engine's (the layout before docs/deployment.md gave roadsvc its own)
        self.engine_redis = self.private_redis(scratch / "engine-redis", ENGINE, stack)
        self.redis = self.engine_redis if args.one_redis else self.private_redis(scratch / "redis", ROADSVC, stack)
        self.floor = open_floor(deployment.url, args.tables)
        self.hands = [shoe[0] for shoe in (dealt_hands(seed=100 + i) for i in range(args.tables))]
        prefix = self.prefix = f"storm{uuid.uuid4().hex[:8]}."
        env = {"ROADSVC_REDIS_URL": self.redis.url, **engine_env(prefix), "ROADSVC_RATELIMIT_KEY_PREFIX": prefix,
               "ROADSVC_RATELIMIT_AUTH_FAILURES": "100000 per minute",
               "ROADSVC_EVENTS_KEEPALIVE": str(args.keepalive), "ROADSVC_ENGINE_SILENT_AFTER": str(args.keepalive),
               **({"ROADSVC_LOG_LEVEL": "INFO"} if args.request_log else {})}
        # --request-log: the posts' server's request lines (production's INFO), for the posts' time inside roadsvc
        self.request_log = scratch / "roadsvc-requests.log" if args.request_log else None
        # roadsvc's own worker, as `roadsvc serve` runs (gunicorn's default, the sync worker, took one connection at a
        # time: 20,000 redirects queued on its listen backlog, and a stream roadsvc served itself held a worker)
        # the engine's requests (the redirects) on a port of their own, served as docs/deployment.md does by a roadsvc of
        # --redirect-workers workers at a lower CPU priority (--redirect-nice); --redirect-workers 0: by the posts'
        # workers, listening on both ports (ROADSVC_SERVE_ENGINE_PORT); --shared-listener: one port for both
        self.engine_port = None if args.shared_listener else free_port()
        shared = self.engine_port and not args.redirect_workers
        self.server = roadsvc_server(deployment, workers=args.workers, worker_class="gevent", error_log=self.request_log,
                                     worker_connections=args.streams + 1000, env=env,
                                     more_binds=[f"127.0.0.1:{self.engine_port}"] if shared else None)
        self.servers = [self.server]
        if self.engine_port and args.redirect_workers:
            self.servers.append(roadsvc_server(deployment, workers=args.redirect_workers, worker_class="gevent",
                                               worker_connections=args.streams + 1000, port=self.engine_port,
                                               env={**env, "ROADSVC_WARM_WRITE_PATH": "false"},  # it takes no posts
                                               nice=args.redirect_nice))
        for server in self.servers:
            with self.on(ROADSVC):
                server.start()
            stack.callback(server.stop)
        self.base = self.server.base
        processes = args.engine_nodes * args.engine_workers
        self.engine = EngineMachine([f"127.0.0.1:{self.engine_port or self.server.port}"], self.engine_redis.url,
                                    scratch / "engine", args.engine_nodes, workers=args.engine_workers,
                                    connections=2 * (args.streams // processes) + 5000, extra=UPSTREAM_SOURCES,
                                    main="".join(f"{line.strip().rstrip(';')};\n" for line in args.engine_main))
        with self.on(ENGINE):
            self.engine.start()
        stack.callback(self.engine.stop)
        self.publisher = Publisher({**deployment.env, **env, "ROADSVC_ENGINE_PUBLISH_URLS": self.engine.publish_urls})
        with self.on(ROADSVC):
            self.publisher.start()
        stack.callback(self.publisher.stop)
        self.jobs = Publisher({**deployment.env, **env, **MONITOR_ONLY, "ROADSVC_ENGINE_PUBLISH_URLS": self.engine.publish_urls,
                               "ROADSVC_ENGINE_ALERT_AFTER": str(args.alert_after)}, "jobs")
        with self.on(ROADSVC):
            self.jobs.start()  # the floor's monitor: push_engine_unreachable, publisher_behind (and stale tables)
        stack.callback(self.jobs.stop)
        ledger, deadline = Ledger(self.redis.url, prefix), time.monotonic() + 60
        while ledger.published() is None and time.monotonic() < deadline:
            time.sleep(0.1)
        self.ledger = ledger
        self.dealers = Dealers(self.server.port, self.floor, self.hands, args.interval)
        self.displays: NativeDisplayClients | None = None
        if args.split_cores:
            os.sched_setaffinity(0, SIDES[ROADSVC])  # the dealers (the bench's main thread) beside roadsvc

    def private_redis(self, folder: Path, side: str, stack: ExitStack) -> PrivateRedis:
        folder.mkdir()
        server = PrivateRedis(folder)
        with self.on(side):
            server.start()
        stack.callback(server.stop)
        return server

    def on(self, side: str):
        """Processes started inside run on `side`'s cores with --split-cores (bench/_cores.py)."""
        return on(side, self.args.split_cores)

    def open_displays(self) -> tuple[int, int]:
        silence = self.args.silence or 2 * self.args.keepalive
        with self.on(ENGINE):
            self.displays = NativeDisplayClients(self.args.clients, "127.0.0.1", self.engine.port, self.floor.display_key,
                                                 self.floor.table_ids, self.args.clients_nice, opening=False,
                                                 silence=silence, spread=self.args.spread)
        return self.displays.open(self.args.streams)

    def engine_crashes(self) -> int:
        """Engine workers that died so far (nginx's error log: "exited on signal"; read as bytes, a crash can
        leave a torn line)."""
        deaths = [(log.parent.name, line) for log in self.engine.error_logs() if log.exists()
                  for line in log.read_bytes().splitlines() if b"exited on signal" in line]
        if os.environ.get("STORMS_DEBUG"):
            for node, line in deaths:
                print("  crash:", node, line.decode(errors="replace"), flush=True)
        return len(deaths)

    def posts_inside(self, since: float, until: float) -> str:
        """The posts' p50 and p99 inside roadsvc (their request lines' latency) between two Unix times."""
        if self.request_log is None:
            return ""
        latencies = []
        with self.request_log.open() as lines:
            for line in lines:
                if '"POST"' in line and line.startswith("{"):
                    entry = json.loads(line)
                    at = datetime.fromisoformat(entry["timestamp"]).timestamp()
                    if since <= at <= until and entry.get("event") == "request":
                        latencies.append(entry["latency_ms"])
        return f"; inside roadsvc p50 {pct(latencies, 50):.1f} ms, p99 {pct(latencies, 99):.1f} ms" if latencies else ""

    def servers_cpu(self) -> dict[int, float]:
        """CPU seconds so far of each roadsvc process (masters and workers)."""
        return {pid: seconds for server in self.servers for pid, seconds in group_cpu(server.process.pid).items()}

    def storm(self, name: str) -> None:
        """The storm itself (blocking: run in a thread while the floor posts)."""
        with self.on(ROADSVC if name.startswith("roadsvc") else ENGINE):
            self.storm_on_its_side(name)

    def storm_on_its_side(self, name: str) -> None:
        if name == "none":
            return
        if name == "reload":
            self.engine.reload()
        elif name == "restart":
            self.engine.stop()
            self.engine.start()
        elif name == "restart_in_turn":
            self.engine.restart_in_turn(between=self.args.spread + 2)
        elif name == "node_killed":
            self.engine.kill()
            time.sleep(1.0)
            self.engine.start()
        elif name in ("redis_restart", "roadsvc_redis_restart"):
            server = self.engine_redis if name == "redis_restart" else self.redis
            server.stop()
            with self.on(ENGINE if server is self.engine_redis else ROADSVC):
                server.start()
        elif name == "roadsvc_restart":
            for server in self.servers:
                if self.args.deploy_by_hup:
                    os.kill(server.process.pid, signal.SIGHUP)
                else:
                    subprocess.run([str(Path(sys.executable).parent / "roadsvc"), "reload", "--master",
                                    str(server.process.pid)], env={**os.environ, **server.env}, check=True)
            self.publisher.stop()
            self.publisher.start()
        elif name == "roadsvc_stopped":  # then started as a machine starts its units: all at once
            for server in self.servers:
                server.stop()
            self.publisher.stop()
            for server in self.servers:
                server.launch()
            self.publisher.start()
            for server in self.servers:
                server.wait_up()
        else:
            raise ValueError(name)

    async def run_storm(self, name: str) -> dict:
        args, displays, dealers = self.args, self.displays, self.dealers
        await asyncio.to_thread(displays.collect)
        status_before = await asyncio.to_thread(displays.status)
        dealers.posted, dealers.post_ms = {}, []
        cpu_before, started, wall = self.servers_cpu(), time.monotonic(), time.time()
        since = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime())
        crashes_before, moved_before = self.engine_crashes(), len(self.ledger.names())
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
                                       probe_307(self.engine.port, self.floor.table_ids[0], self.floor.display_key, until,
                                                 probes, probe_failures))
        storm_at = results[1]
        inside = self.posts_inside(wall, time.time())
        after = self.servers_cpu()
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
            silent_tables = sorted({table for display, table in tables_of.items() if display not in first_after})
            ledger, names = self.ledger, self.ledger.names()
            for channel in (f"{self.prefix}t{table}{suffix}" for table in silent_tables[:5] for suffix in ("", ".ops")):
                name = names.get(channel, channel)  # its name in the engine (a moved channel's is new)
                asked = urllib.request.Request(self.engine.nodes[0].publish_url + name, headers={"Accept": "text/json"})
                try:  # the channel's messages and subscribers, as nchan counts them (NchanClient.info keeps no count)
                    with urllib.request.urlopen(asked, timeout=5) as answer:
                        info = answer.read().decode().strip()
                except OSError as error:  # a debugging print
                    info = repr(error)
                print(f"  silent table's {name}: engine {info}; ledger newest event {ledger.newest(channel)}, "
                      f"last {ledger.last(channel)}, published {ledger.published()}", flush=True)
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
                "strangers": statuses[-1][1][6] - status_before[6],
                "alerts": alerts_since(self.base, self.floor.pitboss_key, since),
                "crashes": self.engine_crashes() - crashes_before, "moved": len(self.ledger.names()) - moved_before,
                "load": os.getloadavg()[0], "inside": inside}


def redirects(args) -> str:
    if args.shared_listener:
        return " (the engine's redirects on the posts' port)"
    if not args.redirect_workers:
        return " (the engine's redirects on a port of their own)"
    return f" and {args.redirect_workers} of their own for the engine's redirects (niceness {args.redirect_nice})"


def cores(args) -> str:
    if not args.split_cores:
        return ""
    redis = ("the one Redis on the engine's side" if args.one_redis
             else "roadsvc's Redis on roadsvc's side, the engine's on the engine's")
    return f"roadsvc and the dealers on core 0, the engine and the displays on the others, {redis}; "


def report(args, baseline: float, rows: list[dict], load_before) -> None:
    print(f"\nstorms through the push engine: {args.streams} displays over {args.tables} tables posting every "
          f"{args.interval:g} s, {args.workers} roadsvc workers{redirects(args)}, {args.engine_nodes} engine nodes of {args.engine_workers} nginx workers, keep-alive "
          f"{args.keepalive:g} s, displays reconnect after {args.silence or 2 * args.keepalive:g} s of silence "
          f"(their clients at niceness {args.clients_nice}); "
          f"{cores(args)}"
          f"{os.cpu_count()} cores shared with other work (load average before: {load_before[0]:.1f})")
    print(f"posts' p99 with no stream (baseline): {baseline:.1f} ms")
    print(f"{'storm':>16} {'again s':>8} {'heard s':>8} {'lowest':>7} {'reconn':>6} {'silent':>6} {'gaps':>5} "
          f"{'on time':>8} {'late':>6} {'lost':>6} {'dup':>5} {'repeat':>6} "
          f"{'app CPU%':>8} {'307 p99':>8} {'307 fail':>8} {'post p99':>8} {'/base':>6} {'crash':>5} {'moved':>5} {'load':>5}  alerts")
    for row in rows:
        print(row_line(row, baseline))
    print(f"again s: from the storm until every display's client is streaming again; heard s: until every display has had "
          f"a hand posted after the storm; lowest: fewest displays streaming; reconn: reconnections (silent: after a missed "
          f"keep-alive; gaps: after a revision not expected); late: over {LATE_MS / 1000:g} s; dup: a hand applied twice by a display; repeat: an event "
          f"sent again to a display that had it (its id at or below the display's last: ignored by client rule 2); crash: engine workers that died "
          f"(nginx's error log); moved: channels the publisher found delivering nothing and moved")
    for row in rows:
        misses = [what for what, bad in (("lost", row["counted"].lost), ("duplicates", row["counted"].duplicates),
                                          ("repeats", row["repeats"]),
                                          ("another table's hands", row["strangers"]),
                                          ("post p99 over 2x", row["post_p99"] > 2 * baseline
                                           and row["storm"] not in UNSERVED)) if bad]
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
            f"{row['moved']:>5} {row['load']:>5.1f}  {', '.join(row['alerts']) or 'none'}")


def progress(what: str, since: float) -> None:
    load = os.getloadavg()[0]
    print(f"[{time.monotonic() - since:7.1f} s, load {load:.1f}] {what}", flush=True)


async def main_async(args) -> None:
    began = time.monotonic()
    with fresh_deployment("sqlite") as deployment, ExitStack() as stack:
        bench = Bench(args, deployment, stack)
        progress("deployment up (roadsvc, publisher, jobs, engine nodes, Redis)", began)
        load_before = os.getloadavg()
        await bench.dealers.warm_up()
        wall = time.time()
        await bench.dealers.run(args.base_phase or args.phase)
        baseline = pct(bench.dealers.post_ms, 99)
        progress(f"baseline: posts' p50 {pct(bench.dealers.post_ms, 50):.1f} ms, p99 {baseline:.1f} ms, max "
                 f"{max(bench.dealers.post_ms):.1f} ms with no stream ({len(bench.dealers.post_ms)} posts)"
                 f"{bench.posts_inside(wall, time.time())}", began)
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
                  f"{counted.lost} lost, {counted.duplicates} duplicates, {row['repeats']} repeats, "
                  f"{row['strangers']} of another table, status {row['status']}, "
                  f"engine workers "
                  f"crashed {row['crashes']}{row['inside']}", flush=True)
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
    parser.add_argument("--base-phase", type=float, default=0.0,
                        help="seconds of posting with no stream, the baseline (default: --phase, so that its p99 is "
                             "of as many posts as a storm's: 8 s gave 10.1 and 20.2 ms in two runs of one hour)")
    parser.add_argument("--keepalive", type=float, default=5.0, help="ROADSVC_EVENTS_KEEPALIVE for the run")
    parser.add_argument("--silence", type=float, default=0.0, help="seconds of silence before a display reconnects "
                                                                   "(default: twice the keep-alive)")
    parser.add_argument("--spread", type=float, default=10.0,
                        help="seconds over which a display whose open stream ended comes back (client rule 1: 10)")
    parser.add_argument("--alert-after", type=float, default=5.0,
                        help="ROADSVC_ENGINE_ALERT_AFTER of the floor's monitor (roadsvc jobs, every second)")
    parser.add_argument("--engine-main", nargs="*", default=[],
                        help="lines for the engine node's nginx main context, e.g. 'worker_shutdown_timeout 10s'")
    parser.add_argument("--shared-listener", action="store_true",
                        help="the engine's requests (the redirects) on the dealers' port, as without "
                             "ROADSVC_SERVE_ENGINE_PORT (default: a port of their own, as docs/nginx-engine.conf says)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--deploy-by-hup", action="store_true",
                        help="roadsvc_restart by gunicorn's SIGHUP rather than `roadsvc reload` (to compare)")
    parser.add_argument("--redirect-workers", type=int, default=2,
                        help="serve the engine's port (the redirects) by a roadsvc of this many workers of its own, as "
                             "docs/deployment.md does (0: the posts' workers listen on both ports)")
    parser.add_argument("--redirect-nice", type=int, default=10,
                        help="that roadsvc's CPU priority below the others' (its session's niceness: what its unit's "
                             "CPUWeight=10 does in docs/deployment.md; 0: the same priority)")
    parser.add_argument("--one-redis", action="store_true",
                        help="roadsvc's limits, ledger and lease in the engine's Redis (default: a Redis of roadsvc's "
                             "own, as docs/deployment.md runs it)")
    parser.add_argument("--request-log", action="store_true",
                        help="roadsvc at production's log level (INFO): each phase also prints the posts' p50 and p99 "
                             "inside roadsvc, from their request lines (apart from the machine's share, which the "
                             "dealers' own figure includes)")
    parser.add_argument("--engine-nodes", type=int, default=4,
                        help="engine nodes (nginx processes) on the machine, on one port "
                             "(default 4: docs/deployment.md)")
    parser.add_argument("--engine-workers", type=int, default=1, help="nginx workers of each engine node (default 1)")
    parser.add_argument("--clients", type=int, default=2)
    parser.add_argument("--split-cores", action="store_true",
                        help="roadsvc (its workers, publisher, jobs, Redis) and the dealers on the first core, the "
                             "engine's nodes, its Redis and the displays' clients on the others: the engine and the "
                             "displays on machines of their own, as docs/deployment.md runs them")
    parser.add_argument("--clients-nice", type=int, default=0,
                        help="the displays' clients at this niceness (10: the server's processes first, as displays "
                             "on machines of their own would leave them)")
    parser.add_argument("--storms", nargs="+", choices=STORMS, default=[name for name in STORMS if name != "reload"],
                        help="default: all but reload (a node sharing its port is never reloaded: docs/events.md)")
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    asyncio.run(main_async(args))


if __name__ == "__main__":
    main()
