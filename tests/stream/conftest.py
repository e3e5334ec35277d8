"""Stream tests: the app on each backend with short stream timings, a key per role, and
a reader of Server-Sent Events (tests/streamsupport.py) on the test client's streamed response."""

from __future__ import annotations

import uuid
from typing import Iterator

import pytest
from flask import Flask

from appsupport import role_keys, stop_state
from dbsupport import app_database_url, db, postgres_schema, sqlite_file  # noqa: F401
from roadsvc.stream.engine.ledger import Ledger
from streamsupport import Stream

FAST = {"EVENTS_KEEPALIVE": 0.05, "EVENTS_POLL_INTERVAL": 0.01, "EVENTS_FALLBACK_CHECK": 0.5}


@pytest.fixture
def app(shared_apps, database_url) -> Iterator[Flask]:
    """The worker's app with short stream timings, with a new one's state (tests/appsupport.py)."""
    app = shared_apps.app({"TESTING": True, "LOG_LEVEL": "WARNING", **FAST}, database_url)
    yield app
    stop_state(app)


class Api:
    """The test client with a key per role (role=None: no key)."""

    def __init__(self, client, keys: dict[str, str]):
        self.client, self.keys = client, keys

    def headers(self, role: str | None, extra: dict | None = None) -> dict:
        return {**({"Authorization": f"Bearer {self.keys[role]}"} if role else {}), **(extra or {})}

    def get(self, url: str, role: str | None = "display"):
        return self.client.get(url, headers=self.headers(role))

    def post(self, url: str, json=None, role: str | None = "admin"):
        return self.client.post(url, json=json, headers=self.headers(role))


@pytest.fixture
def api(app) -> Api:
    database = app.extensions["roadsvc.db"]
    keys = role_keys(database)
    return Api(app.test_client(), keys)


@pytest.fixture
def open_stream(api):
    opened = []

    def open_(query: str = "", role: str | None = "display", last_event_id: int | None = None) -> Stream:
        headers = api.headers(role, {"Last-Event-ID": str(last_event_id)} if last_event_id is not None else {})
        response = api.client.get(f"/api/v1/events{query}", headers=headers, buffered=False)
        assert response.status_code == 200, response.get_data()
        stream = Stream(response)
        opened.append(stream)
        first = stream.block()
        assert first["retry"] == 2000 and first["comments"] == ["roadsvc events"]
        return stream

    yield open_
    for stream in opened:
        stream.close()


REDIS = "redis://127.0.0.1:6379/0"


@pytest.fixture
def ledger() -> Iterator[Ledger]:
    """The push engine's ledger in the local Redis, under a prefix of its own (removed after)."""
    prefix = f"unit{uuid.uuid4().hex[:10]}."
    ledger = Ledger(REDIS, prefix, keep=50)
    try:
        ledger.redis.ping()
    except Exception as error:  # noqa: BLE001
        pytest.skip(f"no Redis at {REDIS}: {error}")
    yield ledger
    keys = ledger.redis.keys(prefix + "*")
    if keys:
        ledger.redis.delete(*keys)
