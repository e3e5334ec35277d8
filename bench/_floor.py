"""The floor page in a real browser, for the browser tests, bench/floor_page.py and
docs/images/floor.py: roadsvc in a thread on a free loopback port, Debian's Chromium driven
by Playwright through its path (no browser is ever downloaded), and a busy floor seeded
through the services (dealt shoes, a few refused hands raising alerts).
"""

from __future__ import annotations

import os
import random
import shutil
import threading
from contextlib import contextmanager
from datetime import datetime, timedelta, timezone
from typing import Iterator

from werkzeug.serving import WSGIRequestHandler, make_server

from roadsvc.domain.errors import DomainError
from roadsvc.domain.baccarat.dealing.shoe import deal_shoe
from roadsvc.persistence.engine import Database
from roadsvc.services import tables
from roadsvc.services.baccarat import shoes
from roadsvc.services.baccarat.hands import ingest, post_hand

CHROMIUM = os.environ.get("ROADSVC_CHROMIUM", "/usr/bin/chromium")
# A closed network: nothing may call out (no updates, no sync, no QUIC probes).
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage"]
REFUSED = {"cards": ["4S", "3H", "5D", "2C", "6H"]}  # a natural that draws a third card: refused


def chromium_problem() -> str | None:
    """None if Debian's Chromium is there, else why the browser tests cannot run."""
    if shutil.which(CHROMIUM) is None:
        return f"no Chromium at {CHROMIUM} (apt-get install chromium; ./dev test does it as root)"
    return None


class Clock:
    """A controllable clock: the pages and the monitor's pass read it; tests move it."""

    def __init__(self, start: datetime | None = None):
        self.now = start or datetime.now(timezone.utc)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


class QuietRequests(WSGIRequestHandler):
    """No line per request: a page's dozens of requests (and the browser tests' hundreds) stay out of the
    output; a failing test shows what the page did through its own assertions."""

    def log_request(self, *args) -> None:
        pass


@contextmanager
def serving(app) -> Iterator[str]:
    """The app on 127.0.0.1, a free port, threaded; stopped on exit, with the event stream's
    reader (started by the first page's EventSource) before the database goes. Yields its base URL."""
    server = make_server("127.0.0.1", 0, app, threaded=True, request_handler=QuietRequests)
    thread = threading.Thread(target=server.serve_forever, name="roadsvc-floor-page", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(timeout=10)
        server.server_close()
        app.extensions["roadsvc.events"].stop()


@contextmanager
def chromium() -> Iterator:
    """Debian's Chromium through Playwright; each `new_context()` is a fresh profile of its own
    (Playwright starts the browser on a new temporary --user-data-dir)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        try:
            yield launched
        finally:
            launched.close()


def busy_floor(db: Database, count: int, seed: int = 7, names: str = "Baccarat {}", dealt_hands: tuple[int, int] = (5, 60)
               ) -> list[int]:
    """`count` tables, most dealing part of a real shoe, a few idle, a few with refused hands."""
    rng = random.Random(seed)
    made = []
    for index in range(1, count + 1):
        table = tables.create_table(db, names.format(index), "classic")
        made.append(table.id)
        if index % 9 == 0:
            continue  # idle: no shoe
        dealt = deal_shoe(rng)
        shoes.open_shoe(db, table.id, burn_card=dealt.burn_card.code)
        for hand in dealt.hands[: rng.randint(*dealt_hands)]:
            post_hand(db, table.id, hand)
        for _ in range(1 + (index % 3 == 0) * 2 if index % 7 == 0 else 0):
            try:
                ingest(db, table.id, REFUSED)
            except DomainError:
                pass
    return made
