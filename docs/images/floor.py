"""Regenerate the README's screenshots of a busy floor (docs/images/floor.png, and
floor-dark-zh.png: the dark theme with simplified Chinese labels).

    .venv/bin/python docs/images/floor.py

Twelve tables dealt from real shoes (fixed seed, bench/_floor.py's busy floor), one table
gone quiet: its pages and the monitor's pass read a clock moved 90 s on, past its 60 s
stale limit, so it shows stale with its alert; one alert acknowledged with a note. Served
by roadsvc on a free loopback port and photographed by Debian's headless Chromium.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1] / "bench"))

from _floor import Clock, busy_floor, chromium, serving  # noqa: E402
from sqlalchemy import create_engine  # noqa: E402

from roadsvc.app import create_app  # noqa: E402
from roadsvc.jobs import MonitorJob  # noqa: E402
from roadsvc.persistence.models import Base  # noqa: E402
from roadsvc.services import alerts, tables  # noqa: E402
from roadsvc.services.keys import create_key  # noqa: E402

TABLES = 12
QUIET = 5  # this table goes stale


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{Path(tmp) / 'roadsvc.db'}"
        engine = create_engine(url)
        Base.metadata.create_all(engine)
        engine.dispose()
        app = create_app({"DATABASE_URL": url, "INSTANCE_PATH": tmp, "LOG_LEVEL": "WARNING",
                          "SQLITE_SYNCHRONOUS": "OFF"})
        db = app.extensions["roadsvc.db"]
        made = busy_floor(db, TABLES, seed=11, names="Baccarat {}")
        tables.update_table(db, made[QUIET - 1], {"settings": {"monitoring": {"stale_after_seconds": 60}}})
        clock = app.extensions["roadsvc.clock"] = Clock()
        clock.advance(90)
        MonitorJob(db, clock).run()
        found = alerts.find_alerts(db, {"code": "refused_hands"})[0]
        if found:
            alerts.acknowledge(db, found[-1].id, "Pit boss Chen (key 1)", "dealer retrained; watching")
        key = create_key(db, "pitboss", "Pit boss Chen")[1]
        with serving(app) as base, chromium() as browser:
            page = browser.new_page(viewport={"width": 1600, "height": 1180})
            page.goto(base + "/login?lang=en")
            page.fill("#key", key)
            page.click("button[type=submit]")
            page.wait_for_url(base + "/floor")
            page.wait_for_selector("#live[data-state=live]")
            page.screenshot(path=str(HERE / "floor.png"))
            page.goto(base + "/floor?lang=zh-Hans&theme=dark")
            page.wait_for_selector("#live[data-state=live]")
            page.screenshot(path=str(HERE / "floor-dark-zh.png"))
        db.dispose()
    print(f"floor.png, floor-dark-zh.png: {TABLES} tables, table {QUIET} stale")


if __name__ == "__main__":
    main()
