"""Benchmark: a full garbage collection in a gunicorn worker that has served posts and polls,
with its start-up heap frozen (what roadsvc.gunicorn_config does in every worker) beside
CPython's default in the same run.

The app is built once (create_app on a fresh SQLite database) and forked twice, as gunicorn
forks its workers. Each child serves the same traffic through Flask's test client (40 posts
of a real dealt shoe at its own table, a roads poll after each, so its caches hold
something), then times a full collection (best of 7). The baseline child leaves the
collector as CPython sets it; the other freezes its heap first (roadsvc.heap), as a worker
does in post_worker_init. The baseline's pass is what landed on a request about twice a
floor run before; the frozen worker's runs between requests and walks only what it
allocated since start.

    .venv/bin/python bench/worker_heap.py
"""

from __future__ import annotations

import gc
import json
import os
import tempfile
import time
from pathlib import Path

from _service import Floor, dealt_hands, hand_body, open_floor

from roadsvc.app import create_app
from roadsvc.heap import freeze_startup_heap
from roadsvc.persistence.migrations import upgrade


def full_pass_ms(repeats: int = 7) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        gc.collect()
        best = min(best, (time.perf_counter() - start) * 1000)
    return best


def serve_traffic(app, floor: Floor, index: int) -> None:
    client, auth = app.test_client(), {"Authorization": f"Bearer {floor.dealer_key}"}
    table, shoe = floor.table_ids[index], floor.shoe_ids[index]
    for number, hand in enumerate(dealt_hands(seed=2)[0][:40], start=1):
        status = client.post(f"/api/v1/tables/{table}/hands", json=hand_body(hand, number, shoe), headers=auth).status_code
        assert status == 201, status
        client.get(f"/api/v1/tables/{table}/roads", headers=auth)


def worker(app, floor: Floor, index: int, freeze: bool) -> dict:
    """In a forked child: (freeze,) serve, time a full pass."""
    frozen = freeze_startup_heap() if freeze else 0
    serve_traffic(app, floor, index)
    return {"frozen": frozen, "walked": len(gc.get_objects()), "ms": full_pass_ms()}


def in_child(action) -> dict:
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        try:
            os.write(write, json.dumps(action()).encode())
        finally:
            os._exit(0)
    os.close(write)
    with os.fdopen(read) as pipe:
        answer = json.loads(pipe.read())
    os.waitpid(pid, 0)
    return answer


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="roadsvc-heap-") as folder:
        url = f"sqlite:///{Path(folder) / 'roadsvc.db'}"
        upgrade(url)
        floor = open_floor(url, tables_count=2)
        app = create_app({"DATABASE_URL": url, "INSTANCE_PATH": folder, "LOG_LEVEL": "WARNING"})
        default = in_child(lambda: worker(app, floor, 0, freeze=False))
        frozen = in_child(lambda: worker(app, floor, 1, freeze=True))
    print("a forked worker after 40 posts and 40 roads polls; a full collection, best of 7:")
    print(f"  CPython's default (baseline): {default['ms']:7.2f} ms, walking {default['walked']} objects")
    print(f"  start-up heap frozen:         {frozen['ms']:7.2f} ms, walking {frozen['walked']} objects "
          f"({frozen['frozen']} frozen at start): {default['ms'] / max(frozen['ms'], 1e-3):.0f}x less")


if __name__ == "__main__":
    main()
