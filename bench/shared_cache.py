"""Benchmark: many clients polling one table's road image through nginx, with a signed read link.

For real, on loopback: roadsvc under gunicorn (SQLite), nginx from Debian's packages as a
caching reverse proxy (bench/_nginx.py; docs/nginx-read-links.conf), both started and
stopped here. A game server's key mints a signed link to one of the table's road PNGs
(--road, the big road by default; the link is fetched once and must answer 200); then, while a dealer posts a hand every --interval seconds:

  * wrk (--connections clients) polls the link through nginx: the req/s clients get;
  * roadsvc's access log counts the requests that reached it: target near 1 per table
    per second (the link answers public, max-age=1, stale-while-revalidate=5);
  * probe clients poll through nginx every 20 ms and compare the revision in each ETag
    with the dealer's commits: the staleness clients see (how long after a newer hand
    was committed they were still shown the older one).

Baseline, same run: wrk on the same link straight at roadsvc (no cache).

    .venv/bin/python bench/shared_cache.py [--seconds 8] [--connections 64] [--interval 2] [--road big_road]
"""

from __future__ import annotations

import argparse
from collections import Counter
import http.client
import secrets
import statistics
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

from _nginx import Nginx
from _service import Client, dealt_hands, fresh_deployment, open_floor, roadsvc_server
from _http import wrk

from roadsvc.persistence.engine import Database
from roadsvc.render.params import ROADS
from roadsvc.services.baccarat import hands as hand_service

PROBES = 4


class Dealer(threading.Thread):
    """Posts the next hand every `interval` seconds; remembers when each revision committed."""

    def __init__(self, url: str, table_id: int, interval: float):
        super().__init__(daemon=True)
        self.db, self.table_id, self.interval = Database(url), table_id, interval
        self.hands = iter(dealt_hands(seed=16, shoes_count=3)[1] + dealt_hands(seed=17, shoes_count=3)[2])
        self.commits: list[tuple[int, float]] = []
        self.halt = threading.Event()

    def run(self) -> None:
        while not self.halt.wait(self.interval):
            view = hand_service.post_hand(self.db, self.table_id, next(self.hands))
            self.commits.append((view.revision, time.monotonic()))

    def stop(self) -> None:
        self.halt.set()
        self.join()
        self.db.dispose()


class Probe(threading.Thread):
    """Polls the link through the cache; records (time, revision shown)."""

    def __init__(self, base: str, path: str):
        super().__init__(daemon=True)
        parts = urlsplit(base)
        self.connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
        self.path, self.samples, self.halt = path, [], threading.Event()

    def run(self) -> None:
        while not self.halt.wait(0.02):
            self.connection.request("GET", self.path)
            response = self.connection.getresponse()
            response.read()
            if response.status == 200:
                revision = int(response.getheader("ETag").strip('"W/').split(".")[1])
                self.samples.append((time.monotonic(), revision))

    def stop(self) -> None:
        self.halt.set()
        self.join()
        self.connection.close()


def staleness(samples: list[tuple[float, int]], commits: list[tuple[int, float]]) -> list[float]:
    """Per sample: seconds since the first commit newer than what it showed (0 if it showed the newest)."""
    ages = []
    for at, shown in samples:
        newer = [when for revision, when in commits if revision > shown and when <= at]
        ages.append(at - min(newer) if newer else 0.0)
    return ages


def upstream_hits(log: Path, path: str) -> list[str]:
    """The access-log lines of requests for the link's path that reached roadsvc."""
    if not log.exists():
        return []
    needle = urlsplit(path).path
    return [line for line in log.read_text().splitlines() if needle in line]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=8)
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--interval", type=float, default=2.0, help="seconds between the dealer's hands")
    parser.add_argument("--road", choices=ROADS, default="big_road", help="the road image the link points at")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="roadsvc-nginx-") as scratch, fresh_deployment("sqlite") as deployment:
        deployment.env["ROADSVC_READ_LINK_SECRET"] = secrets.token_hex(24)
        floor = open_floor(deployment.url)
        table = floor.table_ids[0]
        log = Path(scratch) / "access.log"
        app = roadsvc_server(deployment, workers=2, access_log=log)
        (Path(scratch) / "nginx").mkdir()
        proxy = Nginx(app.port, Path(scratch) / "nginx")
        try:
            app.start()
            proxy.start()
            with Client(app.base, floor.game_server_key) as client:
                status, _, link = client.post(f"/tables/{table}/read-links",
                                              {"resource": "image", "road": args.road, "params": {"cell": 24}})
                assert status == 201, link
            path = link["path"]
            with Client(app.base, "", prefix="") as anyone:
                status, _, refused = anyone.get(path)
            if status != 200:
                raise SystemExit(f"the signed link to {args.road}.png answered {status}: {refused}")
            run(args, deployment.url, table, app.base, proxy.base, path, log)
        finally:
            proxy.stop()
            app.stop()


def run(args, url: str, table: int, direct: str, cached: str, path: str, log: Path) -> None:
    dealer = Dealer(url, table, args.interval)
    probes = [Probe(cached, path) for _ in range(PROBES)]
    dealer.start()
    for probe in probes:
        probe.start()
    before = len(upstream_hits(log, path))
    started = time.monotonic()
    figures = wrk(cached + path, seconds=args.seconds, connections=args.connections)
    elapsed = time.monotonic() - started
    lines = upstream_hits(log, path)[before:]
    reached = len(lines)
    statuses = Counter(line.split()[-1] for line in lines)
    for probe in probes:
        probe.stop()
    dealer.stop()
    # the baseline last: requests wrk left queued at gunicorn must not count as reaching it through nginx
    direct_figures = wrk(direct + path, seconds=max(2, args.seconds // 2), connections=args.connections)
    ages = staleness([s for probe in probes for s in probe.samples], dealer.commits)
    print(f"one table's {args.road}.png by a signed link; {args.connections} wrk connections x {args.seconds} s; "
          f"a hand every {args.interval} s ({len(dealer.commits)} posted); {PROBES} probes every 20 ms")
    print(f"  roadsvc alone (no cache)   {direct_figures['rps']:9.0f} req/s   p50 {direct_figures['p50_ms']:.2f} ms")
    print(f"  clients through nginx      {figures['rps']:9.0f} req/s   p50 {figures['p50_ms']:.2f} ms, "
          f"p99 {figures['p99_ms']:.2f} ms, non-2xx/3xx {figures['non_2xx_3xx']}"
          f"  = {figures['rps'] / direct_figures['rps']:.1f}x roadsvc alone")
    print(f"  reaching roadsvc           {reached / elapsed:9.2f} req/s   ({reached} in {elapsed:.1f} s; "
          f"{dict(statuses)}; target near 1 per table per second)")
    ordered = sorted(ages)
    print(f"  staleness seen by clients  p50 {statistics.median(ordered) * 1000:.0f} ms, "
          f"p99 {ordered[int(0.99 * (len(ordered) - 1))] * 1000:.0f} ms, max {ordered[-1] * 1000:.0f} ms "
          f"over {len(ordered)} probe answers ({sum(a > 0 for a in ages) / len(ages):.0%} behind the newest hand)")


if __name__ == "__main__":
    main()
