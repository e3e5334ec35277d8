"""Benchmark: the floor page's first render with 100 tables, in Debian's Chromium.

A fresh SQLite database with 100 tables (bench/_floor.py's busy floor: 89 dealing 5 to 60
hands of real dealt shoes, 11 idle, a few refused hands raising alerts), served by roadsvc
in a thread on a free loopback port. Figures:

(a) The server's own work for GET /floor (in-process test client, signed in): the first
    request of a fresh app (no snapshot, figure or road-art cache: every big road rendered)
    and the median of warm requests; the page's size.
(b) In the browser: navigation start to first contentful paint (FCP) and to the load event
    of /floor, the median over fresh browser contexts (a new profile each: nothing cached
    but what signing in loaded). Baseline in the same run: the same measure of /login on
    the same server (same stylesheet and font, no tiles), the floor under any page here.
    Target: /floor's FCP with 100 tables under 1 second.

    .venv/bin/python bench/floor_page.py [--tables 100] [--runs 7]
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _floor import busy_floor, chromium, chromium_problem, serving  # noqa: E402
from _timing import timed  # noqa: E402
from sqlalchemy import create_engine  # noqa: E402

from roadsvc.app import create_app  # noqa: E402
from roadsvc.persistence.models import Base  # noqa: E402
from roadsvc.services.keys.lifecycle import create_key

TOKEN = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')
TIMING = """() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const fcp = performance.getEntriesByName('first-contentful-paint')[0];
  return {fcp: fcp ? fcp.startTime : null, load: nav.loadEventEnd, dom: nav.domContentLoadedEventEnd,
          bytes: nav.transferSize, tiles: document.querySelectorAll('[data-table-id]').length};
}"""


def make_app(folder: Path, url: str):
    return create_app({"DATABASE_URL": url, "LOG_LEVEL": "WARNING", "INSTANCE_PATH": str(folder),
                       "SQLITE_SYNCHRONOUS": "OFF"})


def signed_in_client(app, key: str):
    client = app.test_client()
    token = TOKEN.search(client.get("/login").get_data(as_text=True)).group(1)
    assert client.post("/login", data={"key": key, "csrf_token": token}).status_code == 302
    return client


def server_figures(folder: Path, url: str, key: str, runs: int) -> dict[str, float]:
    app = make_app(folder, url)  # fresh caches
    client = signed_in_client(app, key)
    cold = timed(lambda: client.get("/floor")) * 1000
    warm = statistics.median(timed(lambda: client.get("/floor")) * 1000 for _ in range(runs * 3))
    size = len(client.get("/floor").get_data())
    app.extensions["roadsvc.db"].dispose()
    return {"cold": cold, "warm": warm, "bytes": size}


def browser_figures(base: str, key: str, runs: int, path: str) -> list[dict]:
    found = []
    with chromium() as browser:
        for _ in range(runs):
            context = browser.new_context(viewport={"width": 1600, "height": 1000})
            page = context.new_page()
            page.goto(base + "/login?lang=en")
            page.fill("#key", key)
            page.click("button[type=submit]")
            page.wait_for_url(base + "/floor")
            page.goto(base + path, wait_until="load")
            page.wait_for_timeout(100)  # let the paint entries land
            found.append(page.evaluate(TIMING))
            context.close()
    return found


def median(rows: list[dict], name: str) -> float:
    return statistics.median(row[name] for row in rows if row[name] is not None)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    problem = chromium_problem()
    if problem:
        sys.exit(f"floor_page: {problem}")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        url = f"sqlite:///{folder / 'roadsvc.db'}"
        engine = create_engine(url)
        Base.metadata.create_all(engine)
        engine.dispose()
        app = make_app(folder, url)
        db = app.extensions["roadsvc.db"]
        seeded = timed(lambda: busy_floor(db, args.tables))
        key = create_key(db, "pitboss", "bench")[1]
        print(f"floor of {args.tables} tables seeded in {seeded:.1f} s")
        server = server_figures(folder, url, key, args.runs)
        print(f"(a) GET /floor, server work: first request of a fresh app {server['cold']:.0f} ms, "
              f"warm median {server['warm']:.1f} ms, {server['bytes'] / 1024:.0f} KiB of HTML")
        with serving(app) as base:
            login = browser_figures(base, key, args.runs, "/login?lang=en")
            floor = browser_figures(base, key, args.runs, "/floor")
        db.dispose()
    assert all(row["tiles"] == args.tables for row in floor), "not every tile rendered"
    fcp, baseline = median(floor, "fcp"), median(login, "fcp")
    print(f"(b) /floor with {args.tables} tiles: first contentful paint {fcp:.0f} ms, load {median(floor, 'load'):.0f} ms "
          f"(median of {args.runs} fresh contexts)")
    print(f"    baseline /login on the same server: first contentful paint {baseline:.0f} ms, "
          f"load {median(login, 'load'):.0f} ms")
    print(f"    /floor costs {fcp - baseline:.0f} ms more than the smallest page; target FCP < 1000 ms: "
          f"{'met' if fcp < 1000 else 'NOT met'}")


if __name__ == "__main__":
    main()
