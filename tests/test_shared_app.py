"""The worker's shared app (tests/appsupport.py) gives each test the state of a new app: what one
test wrote, cached, counted, subscribed or changed is not there for the next."""

from __future__ import annotations

from datetime import datetime, timezone
from types import FunctionType

import pytest

from appsupport import HUB, stop_state
from dbsupport import sqlite_with_schema
from roadsvc.persistence.models import utcnow
from roadsvc.services.keys.lifecycle import create_key
from roadsvc.stream.hub import EventHub

CONFIG = {"TESTING": True, "LOG_LEVEL": "WARNING", "RATELIMIT_WRITES": "3 per minute"}
# What the app keeps between tests: made once with the routes, holding nothing a request changes.
STATELESS = {"roadsvc.api", "flask-smorest", "babel", "csrf"}


@pytest.fixture
def fresh(shared_apps, tmp_path, tmp_path_factory):
    """The shared app on a new SQLite database of its own, each call (two tests in one)."""
    apps, names = [], iter(range(100))

    def fresh_app():
        url = sqlite_with_schema(tmp_path_factory, tmp_path / f"test{next(names)}.db")
        app = shared_apps.app(CONFIG, url)
        apps.append(app)
        return app

    yield fresh_app
    stop_state(apps[-1])


def keyed_client(app, role="admin"):
    key = create_key(app.extensions["roadsvc.db"], role, f"test {role}")[1]
    return app.test_client(), {"Authorization": f"Bearer {key}"}, key


def deal(app, results: list[str]) -> tuple[int, dict]:
    """A table with a shoe and these hands; its id and a display's headers."""
    client, pitboss, _ = keyed_client(app, "pitboss")
    dealer, display = keyed_client(app, "dealer")[1], keyed_client(app, "display")[1]
    table = client.post("/api/v1/tables", json={"name": "Table 1"}, headers=pitboss).json
    assert client.post(f"/api/v1/tables/{table['id']}/shoes", json={}, headers=dealer).status_code == 201
    for result in results:
        assert client.post(f"/api/v1/tables/{table['id']}/hands", json={"result": result}, headers=dealer).status_code == 201
    return table["id"], display


def test_only_what_holds_nothing_a_request_changes_is_kept_between_tests(fresh):
    first = fresh()
    before = dict(first.extensions)
    second = fresh()
    assert second is first, "one app per worker and configuration"
    # A function (the wall clock) or a tuple (the metrics' networks) is the same object when made anew.
    kept = {name for name, value in second.extensions.items()
            if before.get(name) is value and not isinstance(value, (FunctionType, tuple))}
    assert kept == STATELESS, ("an extension made outside roadsvc.app.init_state survives from test to test: make it "
                               "there, or if it holds nothing a request can change, name it in STATELESS")


def test_what_a_test_changed_is_undone(fresh):
    app = fresh()
    app.config["MAX_CONTENT_LENGTH"] = 10
    app.extensions["roadsvc.clock"] = lambda: datetime(2020, 1, 1, tzinfo=timezone.utc)
    app.extensions["roadsvc.dabang.clock"] = lambda: datetime(2020, 1, 1, tzinfo=timezone.utc)
    app.extensions[HUB] = EventHub(app.extensions["roadsvc.db"], poll_interval=60)
    app = fresh()
    assert app.config["MAX_CONTENT_LENGTH"] != 10 and app.config["RATELIMIT_WRITES"] == "3 per minute"
    assert app.extensions["roadsvc.clock"] is utcnow and "roadsvc.dabang.clock" not in app.extensions
    assert app.extensions[HUB].poll_interval != 60
    assert app.config["DATABASE_URL"].endswith("test1.db")


def test_a_key_of_the_last_test_is_refused_though_the_cache_verified_it(fresh):
    app = fresh()
    client, admin, _ = keyed_client(app)
    assert client.get("/api/v1/tables", headers=admin).status_code == 200  # verified, cached
    app = fresh()
    keyed_client(app)  # the same id, another secret
    refused = app.test_client().get("/api/v1/tables", headers=admin)
    assert (refused.status_code, refused.json["code"]) == (401, "invalid_key")


def test_roads_at_the_same_shoe_and_revision_are_this_tests(fresh):
    """Ids and revisions start again in each test's database: the caches keyed by them must too."""
    app = fresh()
    table_id, display = deal(app, ["banker"])
    banker = app.test_client().get(f"/api/v1/tables/{table_id}/roads", headers=display)
    assert banker.json["roads"]["counts"]["banker"] == 1
    app = fresh()
    same_id, display = deal(app, ["player"])
    assert same_id == table_id
    roads = app.test_client().get(f"/api/v1/tables/{table_id}/roads", headers=display)  # a cached answer is served before Flask
    assert roads.headers["ETag"] == banker.headers["ETag"], "the same shoe at the same revision"
    assert (roads.json["roads"]["counts"]["banker"], roads.json["roads"]["counts"]["player"]) == (0, 1)


def test_rate_limit_counters_start_again(fresh):
    app = fresh()
    client, admin, _ = keyed_client(app)
    answers = [client.post("/api/v1/tables", json={"name": f"T{n}"}, headers=admin).status_code for n in range(4)]
    assert answers == [201, 201, 201, 429]
    app = fresh()
    client, admin, _ = keyed_client(app)  # the same key id as before
    assert client.post("/api/v1/tables", json={"name": "T"}, headers=admin).status_code == 201
