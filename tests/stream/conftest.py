"""Stream tests: the app on each backend with short stream timings, a key per role, and
a reader of Server-Sent Events from the test client's streamed response."""

from __future__ import annotations

import json
from typing import Iterator

import pytest
from flask import Flask

from dbsupport import database_url, db, postgres_schema  # noqa: F401
from roadsvc.app import create_app
from roadsvc.services.keys import ROLES, create_key


FAST = {"EVENTS_KEEPALIVE": 0.05, "EVENTS_POLL_INTERVAL": 0.01, "EVENTS_FALLBACK_CHECK": 0.5}


@pytest.fixture
def app(database_url) -> Iterator[Flask]:
    app = create_app({"DATABASE_URL": database_url, "TESTING": True, "LOG_LEVEL": "WARNING", **FAST})
    yield app
    app.extensions["roadsvc.events"].stop()
    app.extensions["roadsvc.db"].dispose()


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
    keys = {role: create_key(database, role, f"test {role}")[1] for role in ROLES}
    return Api(app.test_client(), keys)


class Stream:
    """The events of one open stream, read block by block (comments and `retry:` kept)."""

    def __init__(self, response):
        self.response = response
        self.chunks = iter(response.response)
        self.buffer = b""

    def block(self) -> dict:
        while b"\n\n" not in self.buffer:
            self.buffer += next(self.chunks)
        raw, self.buffer = self.buffer.split(b"\n\n", 1)
        block: dict = {"comments": []}
        for line in raw.decode().split("\n"):
            name, _, value = line.partition(": ") if ": " in line else (line.rstrip(":"), "", "")
            if line.startswith(":"):
                block["comments"].append(line[1:].strip())
            elif name == "data":
                block["data"] = json.loads(value)
            else:
                block[name] = int(value) if name in ("id", "retry") else value
        return block

    def events(self, count: int, max_blocks: int = 400) -> list[dict]:
        """The next `count` events (keep-alives skipped); fails after `max_blocks` blocks."""
        found = []
        for _ in range(max_blocks):
            block = self.block()
            if "event" in block:
                found.append(block)
                if len(found) == count:
                    return found
        raise AssertionError(f"only {len(found)} of {count} events in {max_blocks} blocks")

    def quiet(self, blocks: int = 5) -> list[dict]:
        """The events among the next `blocks` blocks (expect none on a quiet stream)."""
        return [block for block in (self.block() for _ in range(blocks)) if "event" in block]

    def close(self) -> None:
        self.response.close()


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
