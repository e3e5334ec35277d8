"""Benchmark: the push engine's memory a stream, and what nginx and nchan settings change it.

roadsvc (one gevent worker, SQLite) behind one engine node (docs/nginx-engine.conf's lines, one nginx
worker) with `roadsvc publish`, as in production: each display's request is authorized by roadsvc and
redirected to the engine. For each variant (extra lines for nginx's http context, on a fresh node in
the same run, so the figures are side by side) `--streams` displays open their stream, every table
posts hands so that every stream has carried events, and the proportional set size (PSS: a page
shared by n processes counts 1/n in each) of every process is read before and after: roadsvc's
worker, the engine's master and worker (its heap apart from nchan's shared memory) and the publisher.

    nice .venv/bin/python bench/engine_memory.py [--streams 5000] [--tables 20]
        [--variant NAME "directive value; ..."]...   (the documented config alone when none is given;
                                                      a NAME starting "direct": nchan alone, no authorization;
                                                      "followed": the redirect followed inside nginx, as the
                                                      X-Accel-Redirect before it; "kept": the documented
                                                      config, each display following the redirect on its
                                                      first connection, kept alive, as a browser does)
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
import uuid
from contextlib import ExitStack
from pathlib import Path

from _displays import DisplayClients
from _engine import EngineNode, engine_env, engine_locations
from _http import free_port
from _service import Client, dealt_hands, fresh_deployment, hand_body, open_floor, roadsvc_server
from roadsvc.stream.engine.ledger import Ledger

REDIS = os.environ.get("ROADSVC_BENCH_REDIS", "redis://127.0.0.1:6379/0")
KINDS = ("Pss_Anon", "Pss_Shmem", "Pss")


def pss(pid: int) -> dict[str, int]:
    """A process's PSS in kB: its heap (Pss_Anon), shared memory (Pss_Shmem) and all (Pss)."""
    found = dict.fromkeys(KINDS, 0)
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
        name, _, value = line.partition(":")
        if name in found:
            found[name] = int(value.split()[0])
    return found


def children(pid: int) -> list[int]:
    return [int(child) for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]


def memory(server, node: EngineNode, publisher: subprocess.Popen) -> dict[str, dict[str, int]]:
    nginx = [node.process.pid, *children(node.process.pid)]
    parts = {"roadsvc": children(server.process.pid), "nginx": nginx, "publisher": [publisher.pid]}
    return {part: {kind: sum(pss(pid)[kind] for pid in pids) for kind in KINDS} for part, pids in parts.items()}


def post_round(base: str, floor, hands, numbers: list[int]) -> None:
    """One hand at every table (the streams then carry an event each)."""
    with Client(base, floor.dealer_key) as client:
        for index, (table, shoe) in enumerate(zip(floor.table_ids, floor.shoe_ids)):
            status, _, body = client.post(f"/tables/{table}/hands", hand_body(hands[index][numbers[index] - 1],
                                                                              numbers[index], shoe))
            assert status == 201, body
            numbers[index] += 1


DIRECT = """
    server {{  # nchan alone: the table's channel, subscribed with no authorization nor redirect
        listen 127.0.0.1:{port};
{pools}
        location = /api/v1/events {{
            nchan_subscriber http-raw-stream;
            nchan_channel_id {prefix}t$arg_table_id;
            nchan_subscriber_http_raw_stream_separator "\\n";
            nchan_subscriber_first_message newest;
            nchan_redis_pass roadsvc_engine_redis;
        }}
    }}
"""
FOLLOW = """
            proxy_intercept_errors on;  # the design before, emulated: nginx follows roadsvc's redirect itself
            error_page 307 = @engine;   # (as it followed X-Accel-Redirect): the proxied request's state stays
        }
        location @engine {
            if ($upstream_http_location ~ "^([^?]*)[?](.*)$") { set $engine_path $1; set $engine_args $2; }
            rewrite ^ $engine_path?$engine_args last;
        }
"""


def pools() -> str:
    """The documented server's own lines (its request and connection pools), before its locations."""
    return engine_locations().split("    location", 1)[0]


def followed() -> str:
    """The documented locations, with the stream's redirect followed inside nginx: the design before this
    one (an internal redirect after roadsvc's proxied answer), for a figure side by side in one run."""
    locations = engine_locations()
    stream = locations.index("proxy_read_timeout 1h;")
    end = locations.index("}", stream)
    return locations[:end].rstrip() + FOLLOW + locations[end + 1:]


def extra_server(name: str, port: int, prefix: str) -> str:
    """A variant's server of its own on `port`, or "" (the documented node itself)."""
    if name.startswith("direct"):  # the displays subscribe to nchan directly: its own cost a subscriber
        return DIRECT.format(port=port, prefix=prefix, pools=pools())
    if name.startswith("followed"):
        return f"\n    server {{\n        listen 127.0.0.1:{port};\n{followed()}\n    }}\n"
    return ""


def measure(args, name: str, extra: str, deployment, floor, server, hands, numbers, port: int, env) -> dict:
    direct = free_port()
    server_lines = extra_server(name, direct, env["ROADSVC_ENGINE_PREFIX"])
    extra, direct = extra + server_lines, direct if server_lines else None
    node = EngineNode([f"127.0.0.1:{server.port}"], REDIS, Path(tempfile.mkdtemp(prefix="roadsvc-memory-")),
                      port=port, connections=args.streams + 1000, extra=extra)
    node.start()
    publisher = subprocess.Popen([str(Path(sys.executable).parent / "roadsvc"), "publish"], start_new_session=True,
                                 env={**os.environ, **deployment.env, **env})
    displays = None
    try:
        ledger, deadline = Ledger(REDIS, env["ROADSVC_ENGINE_PREFIX"]), time.monotonic() + 120
        while ledger.holder() is None or ledger.published() is None:  # elected, and its cursor set
            if time.monotonic() > deadline:
                raise RuntimeError("no publisher was elected")
            time.sleep(0.1)
        for _ in range(2):  # the node's first requests and messages: its pools warm before the base
            post_round(server.base, floor, hands, numbers)
        time.sleep(1.0)
        before = memory(server, node, publisher)
        displays = DisplayClients(args.clients, "127.0.0.1", direct or node.port, floor.display_key, floor.table_ids,
                                  opening=False, same_connection=name.startswith("kept"))
        opened, refused = displays.open(args.streams)
        for _ in range(args.rounds):
            post_round(server.base, floor, hands, numbers)
            time.sleep(0.5)
        time.sleep(1.0)
        delivered = len(displays.collect())
        after = memory(server, node, publisher)
    finally:
        if displays is not None:
            displays.stop()
        publisher.terminate()
        publisher.wait(timeout=20)
        node.stop()
    return {"name": name, "extra": extra, "opened": opened, "refused": refused, "delivered": delivered,
            "per_stream": {part: {kind: (after[part][kind] - before[part][kind]) / max(opened, 1) for kind in KINDS}
                           for part in after}, "load": os.getloadavg()}


def report(args, rows: list[dict]) -> None:
    print(f"\nengine memory a stream (kB, PSS), {args.streams} streams, {args.tables} tables, "
          f"{args.rounds} events a stream, 1 nginx worker, 1 roadsvc worker")
    print(f"{'variant':<22} {'open':>6} {'deliv':>6} {'nginx heap':>10} {'nchan shm':>9} {'roadsvc':>7} "
          f"{'publ.':>6} {'total':>6} {'load':>5}")
    for row in rows:
        each = row["per_stream"]
        total = sum(part["Pss"] for part in each.values())
        print(f"{row['name']:<22} {row['opened']:>6} {row['delivered']:>6} {each['nginx']['Pss_Anon']:>10.2f} "
              f"{each['nginx']['Pss_Shmem']:>9.2f} {each['roadsvc']['Pss']:>7.2f} {each['publisher']['Pss']:>6.2f} "
              f"{total:>6.2f} {row['load'][0]:>5.1f}")
    for row in rows:
        if row["extra"]:
            print(f"  {row['name']}: {row['extra']}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--streams", type=int, default=5000)
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=3, help="hands each table posts with the streams open")
    parser.add_argument("--clients", type=int, default=2, help="display client processes")
    parser.add_argument("--variant", nargs=2, action="append", metavar=("NAME", "LINES"),
                        help="extra http-context lines to try (repeatable)")
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    variants = args.variant or [("documented", "")]
    with fresh_deployment("sqlite") as deployment, ExitStack() as stack:
        floor = open_floor(deployment.url, args.tables)
        hands = [shoe[0] for shoe in (dealt_hands(seed=200 + i) for i in range(args.tables))]
        numbers = [1] * args.tables
        prefix, port = f"memory{uuid.uuid4().hex[:8]}.", free_port()
        env = {"ROADSVC_REDIS_URL": REDIS, **engine_env(prefix), "ROADSVC_RATELIMIT_KEY_PREFIX": prefix,
               "ROADSVC_RATELIMIT_AUTH_FAILURES": "100000 per minute",
               "ROADSVC_ENGINE_PUBLISH_URLS": f"http://127.0.0.1:{port}/_engine/pub/"}
        server = roadsvc_server(deployment, workers=1, worker_class="gevent", env=env,
                                worker_connections=args.streams + 1000)
        server.start()
        stack.callback(server.stop)
        rows = []
        try:
            for name, extra in variants:
                rows.append(measure(args, name, extra, deployment, floor, server, hands, numbers, port, env))
                print(f"  {name}: done, load average {os.getloadavg()[0]:.1f}", flush=True)
        finally:
            redis = Ledger(REDIS, prefix).redis
            keys = list(redis.scan_iter(f"*{prefix}*"))
            if keys:
                redis.delete(*keys)
        report(args, rows)


if __name__ == "__main__":
    main()
