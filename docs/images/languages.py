"""Regenerate the screenshots of one floor in each language (docs/floor_page.md, "Words and languages"):
the floor, a 百人牛牛 table page and a 打棒 match page, in zh-Hans, zh-Hant and en.

    .venv/bin/python docs/images/languages.py

Three baccarat tables dealt from real shoes (fixed seed, bench/_floor.py's busy floor), a 百人牛牛 table with
settled rounds, one dealing and a refused post (its alert), and a 打棒 match in play, all posted through the
API as a dealer and a pit boss would. Served by roadsvc on a free loopback port and photographed by Debian's
headless Chromium (light theme for zh-Hans and en, dark for zh-Hant).
"""

from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path

import requests

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1] / "bench"))
sys.path.insert(0, str(HERE.parents[1] / "tests"))

from _floor import Clock, busy_floor, chromium, serving  # noqa: E402
from dabang_api import bury_and_pass, new_match, new_table, start_first_deal  # noqa: E402
from niuniu_support import by_order  # noqa: E402
from sqlalchemy import create_engine  # noqa: E402

from roadsvc.api.dabang import CLOCK as MATCH_CLOCK  # noqa: E402
from roadsvc.app import create_app  # noqa: E402
from roadsvc.persistence.models import Base  # noqa: E402
from roadsvc.services.keys import ROLES, create_key  # noqa: E402

SHOTS = {"zh-Hans": "light", "zh-Hant": "dark", "en": "light"}


class Answer:
    def __init__(self, response):
        self.status_code, self.json = response.status_code, response.json()


class Api:
    """The API over HTTP with a role's key (the shape tests/dabang_api.py drives)."""

    def __init__(self, base: str, keys: dict[str, str]):
        self.base, self.keys = base, keys

    def get(self, url, role="display"):
        return Answer(requests.get(self.base + url, headers={"Authorization": f"Bearer {self.keys[role]}"}, timeout=10))

    def post(self, url, json=None, role="admin"):
        return Answer(requests.post(self.base + url, json=json, timeout=10,
                                    headers={"Authorization": f"Bearer {self.keys[role]}"}))


def play(api: Api) -> tuple[int, int]:
    """A 百人牛牛 table and a 打棒 match at work; (the 百人牛牛 table, the match)."""
    niuniu = api.post("/api/v1/tables", {"name": "百人牛牛 1", "game": "niuniu"}, role="pitboss").json["id"]
    rounds = f"/api/v1/tables/{niuniu}/rounds"
    for number in (1, 2, 3):
        api.post(rounds, by_order(number), role="dealer")
        api.post(f"{rounds}/{number}/open", {}, role="dealer")
    api.post(rounds, by_order(4), role="dealer")
    api.post(rounds, {}, role="dealer")  # refused: the monitor's alert at the table
    table = new_table(api, "打棒 1")
    match = new_match(api, table["id"])["id"]
    number, _ = start_first_deal(api, match, seed=4)
    bury_and_pass(api, match, number, random.Random(1))
    return niuniu, match


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{Path(tmp) / 'roadsvc.db'}"
        engine = create_engine(url)
        Base.metadata.create_all(engine)
        engine.dispose()
        app = create_app({"DATABASE_URL": url, "INSTANCE_PATH": tmp, "LOG_LEVEL": "WARNING",
                          "SQLITE_SYNCHRONOUS": "OFF"})
        db = app.extensions["roadsvc.db"]
        app.extensions["roadsvc.clock"] = app.extensions[MATCH_CLOCK] = Clock()
        busy_floor(db, 3, seed=11, names="Baccarat {}")
        keys = {role: create_key(db, role, f"Pit {role}")[1] for role in ROLES}
        with serving(app) as base, chromium() as browser:
            niuniu, match = play(Api(base, keys))
            for language, theme in SHOTS.items():
                context = browser.new_context(viewport={"width": 1366, "height": 900})
                page = context.new_page()
                page.goto(base + "/login")
                page.fill("#key", keys["pitboss"])
                page.click("button[type=submit]")
                page.wait_for_url(base + "/floor")
                for name, path in (("floor", "/floor"), ("niuniu", f"/floor/tables/{niuniu}"),
                                   ("dabang-match", f"/floor/dabang/matches/{match}")):
                    page.goto(f"{base}{path}?lang={language}&theme={theme}")
                    page.wait_for_selector("#live[data-state=live]")
                    page.screenshot(path=str(HERE / f"lang-{name}-{language}.png"), full_page=name != "floor")
                context.close()
        db.dispose()
    print("lang-{floor,niuniu,dabang-match}-{zh-Hans,zh-Hant,en}.png")


if __name__ == "__main__":
    main()
