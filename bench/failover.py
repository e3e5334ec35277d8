"""Benchmark: roadsvc on the replicated PostgreSQL (deploy/pgcluster.py: Patroni + etcd, a primary and two
standbys, synchronous replication), ten kills of the primary in a row, and what synchronous replication
costs a dealer's post.

1. Ten times: a dealer posts hands without pause to a roadsvc machine on the cluster's multi-host URL; the
   primary's postmaster is SIGKILLed; printed: the seconds from the kill to the first post acknowledged
   after it, and the acknowledged hands missing on the new primary (lost). Between kills the old primary
   rejoins as a standby. Targets: 0 lost in 10 of 10; at most 15 s p50, 30 s at worst.
2. The post's latency (sequential posts, one dealer) with synchronous replication against without it
   (Patroni's synchronous_mode off: commits acknowledged by the primary alone), phases interleaved in the
   same run on the same cluster. Target: p99 with at most 1.5x without.

Run it alone on the machine's shared lock (it starts 3 PostgreSQL, 3 Patroni, etcd and a roadsvc):
    .venv/bin/python bench/failover.py [--kills 10] [--posts 150]
Nothing here asserts a time; docs/deployment.md keeps the figures with the machine's load beside them.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import statistics
import sys
import threading
import time
import urllib.request
from pathlib import Path

from _http import ROOT
from _service import Client, Deployment, dealt_hands, hand_body, open_floor, roadsvc_server

sys.path.insert(0, str(ROOT / "deploy"))
from pgcluster import Cluster, cluster_missing, start_cluster, stop_cluster  # noqa: E402

from roadsvc.persistence.engine import Database  # noqa: E402
from roadsvc.persistence.migrations import upgrade  # noqa: E402

HANDS_PER_SHOE = 60


class Dealer:
    """Posts the next hand of its tables' dealt shoes (the next table when one runs out), each by number, so a
    retry after a failure lands once; remembers every acknowledged (shoe, number)."""

    def __init__(self, base: str, key: str, tables: list[tuple[int, int]]):
        self.base, self.key, self.tables = base, key, list(tables)
        self.shoes = {shoe: dealt_hands(seed=shoe)[0] for _, shoe in tables}
        self.number = 1
        self.answers: list[tuple[float, float]] = []  # each acknowledged post: sent, answered
        self.acknowledged: list[tuple[int, int, float]] = []  # shoe, number, when the post was sent

    def first_answer_after(self, moment: float) -> float:
        return next(answered for sent, answered in self.answers if sent > moment)

    def post(self, timeout: float = 10.0) -> int | None:
        table, shoe = self.tables[0]
        sent = time.monotonic()
        body = hand_body(self.shoes[shoe][self.number - 1], self.number, shoe)
        try:
            with Client(self.base, self.key, timeout=timeout) as client:
                status, _, _ = client.post(f"/tables/{table}/hands", body)
        except (OSError, http.client.HTTPException):
            return None
        if status in (200, 201):
            self.acknowledged.append((shoe, self.number, sent))
            self.answers.append((sent, time.monotonic()))
            self.number += 1
            if self.number > HANDS_PER_SHOE:
                self.tables.pop(0)
                self.number = 1
        return status


def stored(url: str, shoes: set[int]) -> set[tuple[int, int]]:
    db = Database(url)
    try:
        with db.connect() as conn:
            rows = conn.exec_driver_sql("SELECT shoe_id, number FROM hands WHERE shoe_id IN (%s)"
                                        % ",".join(str(int(s)) for s in shoes))
            return {(shoe, number) for shoe, number in rows}
    finally:
        db.dispose()


def kills(cluster: Cluster, dealer: Dealer, count: int) -> list[tuple[float, int]]:
    """(seconds from the kill to the first acknowledged post after it, acknowledged hands lost) per kill."""
    results = []
    for index in range(count):
        cluster.wait_streaming(len(cluster.nodes) - 1, 180)  # the previous old primary is back as a standby
        for _ in range(5):
            dealer.post()
        stop = threading.Event()

        def keep_posting():
            while not stop.is_set():
                if dealer.post() not in (200, 201):
                    time.sleep(0.05)

        poster = threading.Thread(target=keep_posting)
        poster.start()
        time.sleep(1.0)
        old = cluster.wait_primary()
        killed_at = time.monotonic()
        old.kill_postmaster()
        # the first post sent after the kill and acknowledged (one sent before it may be answered just after:
        # its commit was done); its answer's time is what a dealer waited from the kill
        while not any(sent > killed_at for _, _, sent in dealer.acknowledged[-3:]):
            if time.monotonic() - killed_at > 180:
                stop.set()
                raise RuntimeError("no post acknowledged within 180 s of the kill")
            time.sleep(0.01)
        first = dealer.first_answer_after(killed_at) - killed_at
        time.sleep(1.0)
        stop.set()
        poster.join()
        new = cluster.wait_primary(other_than=old)
        acknowledged = {(shoe, number) for shoe, number, _ in dealer.acknowledged}
        lost = len(acknowledged - stored(cluster.node_url(new), {shoe for shoe, _ in acknowledged}))
        print(f"  kill {index + 1:2}: {old.name} -> {new.name}: first acknowledged post {first:5.1f} s after the kill, "
              f"{lost} acknowledged hands lost (of {len(acknowledged)})", flush=True)
        results.append((first, lost))
    return results


def set_synchronous(cluster: Cluster, on: bool) -> None:
    """Patroni's dynamic configuration (PATCH /config), then wait until the primary applies it."""
    primary = cluster.wait_primary()
    patch = json.dumps({"synchronous_mode": on, "synchronous_mode_strict": on}).encode()
    request = urllib.request.Request(f"{primary.api}/config", data=patch, method="PATCH",
                                     headers={"Content-Type": "application/json"})
    urllib.request.urlopen(request, timeout=10).close()
    import psycopg

    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        with psycopg.connect(host=primary.address, port=primary.port, user="postgres", dbname="postgres") as conn:
            names = conn.execute("SHOW synchronous_standby_names").fetchone()[0]
        if bool(names) == on:
            return
        time.sleep(0.2)
    raise RuntimeError("Patroni did not apply synchronous_mode")


def latencies(dealer: Dealer, count: int) -> list[float]:
    times = []
    for _ in range(count):
        started = time.perf_counter()
        status = dealer.post()
        if status in (200, 201):
            times.append((time.perf_counter() - started) * 1000)
    return times


def p99(values: list[float]) -> float:
    return statistics.quantiles(values, n=100)[98]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=10)
    parser.add_argument("--posts", type=int, default=150, help="posts per latency phase (4 phases)")
    args = parser.parse_args()
    reason = cluster_missing()
    if reason:
        sys.exit(f"failover: {reason}")
    print(f"load average before: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores (other work on the machine)")
    cluster = start_cluster()
    server = None
    try:
        url = cluster.url()
        upgrade(url)
        floor = open_floor(url, (args.kills * 200 + args.posts * 4) // HANDS_PER_SHOE + 4)
        deployment = Deployment("postgres", url, {"ROADSVC_DATABASE_URL": url, "ROADSVC_LOG_LEVEL": "ERROR",
                                                  "ROADSVC_RATELIMIT_ENABLED": "0",
                                                  "ROADSVC_INSTANCE_PATH": str(cluster.folder / "roadsvc")},
                                Path(cluster.folder / "roadsvc"))
        server = roadsvc_server(deployment, workers=1, worker_class="gevent", bind="127.0.0.5")
        server.start()
        dealer = Dealer(server.base, floor.dealer_key, list(zip(floor.table_ids, floor.shoe_ids)))
        latencies(dealer, 20)  # warm
        phases = {True: [], False: []}
        for on in (True, False, True, False):
            set_synchronous(cluster, on)
            phases[on] += latencies(dealer, args.posts)
        set_synchronous(cluster, True)
        sync, plain = p99(phases[True]), p99(phases[False])
        print(f"post p99: {sync:.1f} ms with synchronous replication, {plain:.1f} ms without: {sync / plain:.2f}x "
              f"(medians {statistics.median(phases[True]):.1f} / {statistics.median(phases[False]):.1f} ms; "
              f"{len(phases[True])} + {len(phases[False])} posts; target at most 1.5x)")
        print(f"{args.kills} kills of the primary's postmaster (SIGKILL), a dealer posting throughout:")
        results = kills(cluster, dealer, args.kills)
        firsts = [first for first, _ in results]
        clean = sum(lost == 0 for _, lost in results)
        print(f"failover: first acknowledged post after the kill p50 {statistics.median(firsts):.1f} s, worst "
              f"{max(firsts):.1f} s (targets 15 s and 30 s); 0 lost in {clean} of {len(results)} (target all)")
        print(f"load average after: {os.getloadavg()[0]:.1f}")
    finally:
        if server is not None:
            server.stop()
        stop_cluster(cluster)


if __name__ == "__main__":
    main()
