"""Page test fixtures: an app per test on each backend (tests/dbsupport.py), keys of every
role, a page client that signs in through /login with the form's CSRF token like a browser.
The browser tests' fixtures are in browser.py."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient

from dbsupport import database_url, db, postgres_schema  # noqa: F401
from roadsvc.app import create_app
from roadsvc.services.keys import ROLES, create_key

TOKEN = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')


@pytest.fixture
def app(database_url, tmp_path) -> Iterator[Flask]:
    app = create_app({"DATABASE_URL": database_url, "TESTING": True, "LOG_LEVEL": "WARNING",
                      "INSTANCE_PATH": str(tmp_path / "instance")})
    yield app
    app.extensions["roadsvc.db"].dispose()


@dataclass
class Pages:
    client: FlaskClient
    keys: dict[str, str]

    def token(self, url: str = "/login") -> str:
        return csrf_token(self.client.get(url).get_data(as_text=True))

    def login(self, role: str = "pitboss", key: str | None = None):
        return self.client.post("/login", data={"key": key or self.keys[role], "csrf_token": self.token()})

    def api_post(self, url: str, json: dict, role: str = "dealer"):
        return self.client.post(url, json=json, headers={"Authorization": f"Bearer {self.keys[role]}"})


def csrf_token(html: str) -> str:
    found = TOKEN.search(html)
    assert found, "the page has no CSRF token"
    return found.group(1)


@pytest.fixture
def pages(app) -> Pages:
    database = app.extensions["roadsvc.db"]
    keys = {role: create_key(database, role, f"test {role}")[1] for role in ROLES}
    return Pages(app.test_client(), keys)


@pytest.fixture
def signed_in(pages) -> Pages:
    assert pages.login().status_code == 302
    return pages
