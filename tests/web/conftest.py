"""Page test fixtures: the app on each backend (tests/dbsupport.py; the worker's, with a new
one's state: tests/appsupport.py), keys of every role, a page client that signs in through
/login with the form's CSRF token like a browser. The browser tests' fixtures are in browser.py."""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

import pytest
import requests
from flask import Flask
from flask.testing import FlaskClient

from appsupport import role_keys, stop_state
from dbsupport import app_database_url, db, postgres_schema, sqlite_file, sqlite_with_schema  # noqa: F401
from roadsvc.app import create_app
from websupport import csrf_token, sign_in



@pytest.fixture
def app_config(request) -> dict:
    """Overrides of the app's settings (a test parametrizes it indirectly)."""
    return getattr(request, "param", {})


@pytest.fixture
def app(shared_apps, database_url, app_config) -> Iterator[Flask]:
    app = shared_apps.app({"TESTING": True, "LOG_LEVEL": "WARNING", **app_config}, database_url)
    yield app
    stop_state(app)


@dataclass
class Pages:
    client: FlaskClient
    keys: dict[str, str]

    def token(self, url: str = "/login") -> str:
        return csrf_token(self.client.get(url).get_data(as_text=True))

    def login(self, role: str = "pitboss", key: str | None = None):
        return self.client.post("/login", data={"key": key or self.keys[role]})  # no token: a same-site post

    def api_post(self, url: str, json: dict, role: str = "dealer"):
        return self.client.post(url, json=json, headers={"Authorization": f"Bearer {self.keys[role]}"})


@pytest.fixture
def pages(app) -> Pages:
    database = app.extensions["roadsvc.db"]
    keys = role_keys(database)
    return Pages(app.test_client(), keys)


@pytest.fixture
def signed_in(pages) -> Pages:
    assert pages.login().status_code == 302
    return pages


# Browser tests: roadsvc in a thread on a free port (SQLite in tmp), Debian's Chromium through
# Playwright (bench/_floor.py). Without Chromium they skip with the reason, except under
# CI=true, where they fail (the rule tests/dbsupport.py applies to PostgreSQL).

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import _floor  # noqa: E402


def require_chromium() -> None:
    problem = _floor.chromium_problem()
    if problem is None:
        return
    if os.environ.get("CI") == "true":
        pytest.fail(f"{problem} (CI=true: the browser tests must run)")
    pytest.skip(problem)


@dataclass
class Floor:
    """A served roadsvc: its base URL, database, controllable clock and keys."""

    url: str
    app: Flask
    clock: _floor.Clock
    keys: dict[str, str]

    @property
    def db(self):
        return self.app.extensions["roadsvc.db"]

    def api(self, method: str, path: str, json: dict | None = None, role: str = "dealer"):
        return requests.request(method, self.url + path, json=json, timeout=10,
                                headers={"Authorization": f"Bearer {self.keys[role]}"})


@pytest.fixture
def floor_config(request) -> dict:
    """Overrides of the served app's settings (a test parametrizes it indirectly)."""
    return getattr(request, "param", {})


@pytest.fixture
def floor_server(tmp_path, tmp_path_factory, floor_config) -> Iterator[Floor]:
    require_chromium()
    url = sqlite_with_schema(tmp_path_factory, tmp_path / "roadsvc.db")
    app = create_app({"DATABASE_URL": url, "LOG_LEVEL": "WARNING", "INSTANCE_PATH": str(tmp_path / "instance"),
                      "WEB_POLL_SECONDS": 0.3, "SQLITE_SYNCHRONOUS": "OFF",  # a throw-away file
                      **floor_config})
    clock = app.extensions["roadsvc.clock"] = _floor.Clock()
    keys = role_keys(app.extensions["roadsvc.db"], "browser")
    with _floor.serving(app) as base:
        yield Floor(base, app, clock, keys)
    app.extensions["roadsvc.db"].dispose()


@pytest.fixture(scope="module")
def chromium():
    require_chromium()
    with _floor.chromium() as launched:
        yield launched


@pytest.fixture
def browser_page(floor_server, chromium):
    context = chromium.new_context(viewport={"width": 1400, "height": 900})
    context.set_default_timeout(10_000)
    yield context.new_page()
    context.close()


@pytest.fixture
def floor_page(floor_server, browser_page):
    """Signed in as the pit boss, on /floor."""
    sign_in(browser_page, floor_server, floor_server.keys["pitboss"])
    browser_page.wait_for_url(floor_server.url + "/floor")
    return browser_page
