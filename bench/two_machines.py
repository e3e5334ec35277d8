"""Benchmark: two roadsvc machines as one floor (bench/_machines.py: 127.0.0.2 and 127.0.0.3
over one PostgreSQL and one Redis, Debian's nginx in front as the load balancer).

A floor of `--tables` tables posts a hand every `--interval` s each to machine 1; displays
(`--streams`, filtered to their table, held by client processes) read them, for `--phase`
seconds in each of three placements, one after the other in the same run:

  * same machine (baseline): streams on machine 1, where the posts land;
  * across machines: streams on machine 2, woken by PostgreSQL's NOTIFY (target: delivery
    p99 <= 100 ms);
  * through nginx: posts and streams both through the load balancer (both machines).

Delivery is from each post's 201 to the hand's event at each display of its table.

    .venv/bin/python bench/two_machines.py [--tables 50] [--interval 2] [--streams 1000] [--phase 8] [--clients 2]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit

from _displays import DisplayClients
from _machines import require_machines, two_machines
from _service import dealt_hands
from events import Floor, pct

TARGET_P99_MS = 100.0


def address(base: str) -> tuple[str, int]:
    parts = urlsplit(base)
    return parts.hostname, parts.port


async def placement(args, machines, hands, numbers, posts_to: str, streams_on: str) -> tuple[list, list, int]:
    """(delivery ms, post ms, deliveries expected) of one phase; `numbers` carries each table's next hand."""
    floor = machines.floor
    live = Floor(*address(posts_to), floor, hands, args.interval)
    displays = DisplayClients(args.clients, *address(streams_on), floor.display_key, floor.table_ids)
    try:
        await asyncio.to_thread(displays.open, args.streams)
        await asyncio.sleep(1.0)
        await asyncio.to_thread(displays.collect)
        until = time.monotonic() + args.phase
        numbers[:] = await asyncio.gather(*(live.dealer(i, until, numbers[i]) for i in range(len(floor.table_ids))))
        await asyncio.sleep(0.5)
        arrivals = await asyncio.to_thread(displays.collect)
    finally:
        displays.stop()
    if live.errors:
        print(f"  {len(live.errors)} posts not answered 201, e.g. {live.errors[:3]}")
    delivery = [(at - live.posted[(t, n)]) * 1000 for t, n, at, _display in arrivals if (t, n) in live.posted]
    return delivery, live.post_ms, len(live.posted) * args.streams // len(floor.table_ids)


async def run(args) -> None:
    with tempfile.TemporaryDirectory(prefix="roadsvc-two-") as scratch, \
            two_machines(Path(scratch), tables=args.tables, worker_connections=args.streams + 1000) as machines:
        hands = [dealt_hands(seed=300 + i)[0] for i in range(args.tables)]
        one, two = machines.bases
        numbers, rows = [1] * args.tables, []
        for label, posts_to, streams_on in (("same machine (baseline)", one, one), ("across machines", one, two),
                                            ("through nginx", machines.proxy.base, machines.proxy.base)):
            delivery, posts, expected = await placement(args, machines, hands, numbers, posts_to, streams_on)
            rows.append((label, delivery, posts, expected))
            print(f"  {label}: {len(posts)} posts, {len(delivery)} of {expected} deliveries", flush=True)
    print(f"\ntwo machines over one PostgreSQL and Redis, 2 gevent workers each, nginx in front; {args.tables} tables "
          f"posting every {args.interval:g} s, {args.streams} streams; load average {os.getloadavg()[0]:.1f} "
          f"on {os.cpu_count()} cores")
    print(f"{'placement':<24} {'deliv p50':>9} {'deliv p99':>9} {'post p50':>8} {'post p99':>8} {'delivered':>12}")
    for label, delivery, posts, expected in rows:
        print(f"{label:<24} {pct(delivery, 50):>9.1f} {pct(delivery, 99):>9.1f} {pct(posts, 50):>8.1f} "
              f"{pct(posts, 99):>8.1f} {len(delivery):>6}/{expected:<5}")
    across = rows[1][1]
    print(f"target: across machines, delivery p99 <= {TARGET_P99_MS:.0f} ms: "
          f"{'PASS' if across and pct(across, 99) <= TARGET_P99_MS else 'MISS'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--interval", type=float, default=2.0, help="seconds between a table's hands")
    parser.add_argument("--streams", type=int, default=1000)
    parser.add_argument("--phase", type=float, default=8.0, help="seconds of posting in each placement")
    parser.add_argument("--clients", type=int, default=2, help="display client processes")
    args = parser.parse_args()
    require_machines()
    asyncio.run(run(args))


if __name__ == "__main__":
    main()
