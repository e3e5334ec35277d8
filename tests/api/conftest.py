"""API test fixtures: the app on each backend (the worker's, with a new one's state:
tests/appsupport.py), keys of every role, a small client.

`api.post(url, json, role="dealer")` sends the request with that role's key; role=None
sends none.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

import pytest
from flask import Flask, request, request_started
from flask.testing import FlaskClient

from appsupport import role_keys, stop_state
from dbsupport import app_database_url, db, postgres_schema, sqlite_file  # noqa: F401


@pytest.fixture
def app(shared_apps, database_url) -> Iterator[Flask]:
    # Generous limits: the route walks send hundreds of keyless requests from one address, and a whole
    # flow (a 打棒 match played to its end) more than 300 writes a second with one key on a quiet machine;
    # the limits themselves are tested in test_api_limits.py.
    app = shared_apps.app({"TESTING": True, "LOG_LEVEL": "WARNING", "RATELIMIT_AUTH_FAILURES": "10000 per minute",
                           "RATELIMIT_WRITES": "100000 per second"}, database_url)
    yield app
    stop_state(app)


@dataclass
class Api:
    """The test client with a key per role."""

    client: FlaskClient
    keys: dict[str, str]

    def headers(self, role: str | None, headers: dict | None = None) -> dict:
        auth = {"Authorization": f"Bearer {self.keys[role]}"} if role else {}
        return {**auth, **(headers or {})}

    def get(self, url: str, role: str | None = "display", **kwargs):
        return self.client.get(url, headers=self.headers(role, kwargs.pop("headers", None)), **kwargs)

    def post(self, url: str, json: Any = None, role: str | None = "admin", **kwargs):
        return self.client.post(url, json=json, headers=self.headers(role, kwargs.pop("headers", None)), **kwargs)

    def patch(self, url: str, json: Any = None, role: str | None = "admin", **kwargs):
        return self.client.patch(url, json=json, headers=self.headers(role, kwargs.pop("headers", None)), **kwargs)

    def delete(self, url: str, role: str | None = "admin", **kwargs):
        return self.client.delete(url, headers=self.headers(role, kwargs.pop("headers", None)), **kwargs)


@pytest.fixture
def api(app) -> Api:
    database = app.extensions["roadsvc.db"]
    keys = role_keys(database)
    return Api(app.test_client(), keys)


@pytest.fixture
def table(api) -> dict:
    response = api.post("/api/v1/tables", {"name": "Table 1", "rule_set": "classic"}, role="pitboss")
    assert response.status_code == 201, response.json
    return response.json


@pytest.fixture
def shoe(api, table) -> dict:
    response = api.post(f"/api/v1/tables/{table['id']}/shoes", {"decks": 8}, role="dealer")
    assert response.status_code == 201, response.json
    return response.json


@pytest.fixture
def migrated_url(database_url, tmp_path) -> Iterator[str]:
    """A database brought to the newest migration by Alembic (the `database_url` fixture's
    schema is made from the models), on the same backend."""
    from dbsupport import PostgresSchema, postgres_url
    from roadsvc.persistence.migrations import upgrade

    if database_url.startswith("sqlite"):
        url = f"sqlite:///{tmp_path / 'migrated.db'}"
        upgrade(url)
        yield url
        return
    schema = PostgresSchema(postgres_url())
    schema.create(with_tables=False)
    try:
        upgrade(schema.url)
        yield schema.url
    finally:
        schema.drop()


@pytest.fixture
def answered_by_flask(app) -> Iterator[list[str]]:
    """The paths Flask itself answers while the test runs (its request_started signal)."""
    seen: list[str] = []

    def started(sender, **extra) -> None:
        seen.append(request.path)

    request_started.connect(started, app)
    yield seen
    request_started.disconnect(started, app)
