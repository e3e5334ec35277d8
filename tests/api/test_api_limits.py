"""Rate limits (defect 5): failed authentication per address, writes and renders per key;
429 with Retry-After and a JSON error; in memory or, for real, in Redis."""

from __future__ import annotations

import os
import uuid

import pytest
import redis

from roadsvc.app import create_app
from roadsvc.services.keys.lifecycle import create_key

REDIS_URL = os.environ.get("ROADSVC_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
LIMITS = {"RATELIMIT_AUTH_FAILURES": "3 per minute", "RATELIMIT_WRITES": "4 per minute", "RATELIMIT_RENDERS": "2 per minute"}


def limited_app(database_url, **config):
    return create_app({"DATABASE_URL": database_url, "TESTING": True, "LOG_LEVEL": "WARNING",
                       "RATELIMIT_KEY_PREFIX": f"roadsvc-test-{uuid.uuid4().hex}", **LIMITS, **config})


@pytest.fixture
def app(database_url):
    app = limited_app(database_url)
    yield app
    app.extensions["roadsvc.db"].dispose()


def bearer(key: str) -> dict:
    return {"Authorization": f"Bearer {key}"}


def assert_too_many(response, code: str):
    assert response.status_code == 429, response.get_data(as_text=True)
    assert response.json["code"] == code and response.json["request_id"]
    assert 1 <= int(response.headers["Retry-After"]) <= 60


def test_failed_authentication_is_limited_per_address_and_a_known_key_still_passes(app):
    display = create_key(app.extensions["roadsvc.db"], "display")[1]
    client = app.test_client()
    assert client.get("/api/v1/tables", headers=bearer(display)).status_code == 200  # verified: in the key cache
    for attempt in range(3):
        assert client.get("/api/v1/tables", headers=bearer(f"rs_guess{attempt}")).json["code"] == "invalid_key"
    assert_too_many(client.get("/api/v1/tables", headers=bearer("rs_guess4")), "too_many_auth_failures")
    assert_too_many(client.get("/api/v1/tables"), "too_many_auth_failures")  # no key at all: a failure too
    assert client.get("/api/v1/tables", headers=bearer(display)).status_code == 200
    other = client.get("/api/v1/tables", headers=bearer("rs_guess5"), environ_base={"REMOTE_ADDR": "10.0.0.9"})
    assert other.status_code == 401  # another address has its own budget


def test_good_keys_never_pay_for_bad_ones_from_their_address(app):
    # issue 46 item 23: 70 wrong keys from one address, and a display polling from it with its good key got 429
    # on every poll once its key left the 5 s cache; an admin's DELETE /keys/{id} was refused 429 the same way
    db, verifier = app.extensions["roadsvc.db"], app.extensions["roadsvc.keys"]
    display, admin = create_key(db, "display")[1], create_key(db, "admin")[1]
    victim = create_key(db, "display")[0].id
    moments = [1000.0]
    verifier.clock = lambda: moments[0]  # the key cache's clock: the test moves it, never sleeps
    client = app.test_client()
    assert client.get("/api/v1/tables", headers=bearer(display)).status_code == 200
    answers = [client.get("/api/v1/tables", headers=bearer(f"rs_wrong{n}")).status_code for n in range(70)]
    assert answers[:3] == [401] * 3 and set(answers[3:]) == {429}
    for poll in range(5):
        moments[0] += verifier.ttl + 1  # past the cache: each poll is verified again
        assert client.get("/api/v1/tables", headers=bearer(display)).status_code == 200, poll
    revoked = client.delete(f"/api/v1/keys/{victim}", headers=bearer(admin))
    assert revoked.status_code in (200, 204), revoked.get_data(as_text=True)
    assert_too_many(client.get("/api/v1/tables", headers=bearer("rs_wrong_again")), "too_many_auth_failures")
    assert_too_many(client.get("/api/v1/tables"), "too_many_auth_failures")


def test_a_spent_address_looks_a_repeated_wrong_key_up_once(app, monkeypatch):
    client = app.test_client()
    for attempt in range(3):
        client.get("/api/v1/tables", headers=bearer(f"rs_guess{attempt}"))
    looked_up = []
    monkeypatch.setattr("roadsvc.services.keys.verifier.lookup_key", lambda db, plain: looked_up.append(plain))
    for _ in range(5):
        assert_too_many(client.get("/api/v1/tables", headers=bearer("rs_more")), "too_many_auth_failures")
    assert looked_up == ["rs_more"]  # the key cache keeps the miss for its TTL


def test_writes_are_limited_per_key(app, database_url):
    db = app.extensions["roadsvc.db"]
    first, second = create_key(db, "pitboss")[1], create_key(db, "pitboss")[1]
    client = app.test_client()
    for number in range(4):
        answer = client.post("/api/v1/tables", json={"name": f"T{number}", "rule_set": "classic"}, headers=bearer(first))
        assert answer.status_code == 201
    refused = client.post("/api/v1/tables", json={"name": "T9", "rule_set": "classic"}, headers=bearer(first))
    assert_too_many(refused, "too_many_writes")
    assert client.get("/api/v1/tables", headers=bearer(first)).status_code == 200  # reads are not writes
    assert client.post("/api/v1/tables", json={"name": "T9", "rule_set": "classic"}, headers=bearer(second)).status_code == 201
    assert [t["table"]["name"] for t in client.get("/api/v1/tables", headers=bearer(first)).json].count("T9") == 1


def test_renders_that_miss_the_cache_are_limited_per_key_and_cached_images_are_not(app):
    db = app.extensions["roadsvc.db"]
    keys = {role: create_key(db, role)[1] for role in ("pitboss", "dealer", "display")}
    client = app.test_client()
    table = client.post("/api/v1/tables", json={"name": "T", "rule_set": "classic"}, headers=bearer(keys["pitboss"])).json["id"]
    client.post(f"/api/v1/tables/{table}/shoes", json={"decks": 8}, headers=bearer(keys["dealer"]))
    url = f"/api/v1/tables/{table}/roads/big_road.png"
    display = bearer(keys["display"])
    for cell in (20, 24):
        assert client.get(f"{url}?cell={cell}", headers=display).status_code == 200
    for _ in range(3):
        again = client.get(f"{url}?cell=24", headers=display)
        assert again.status_code == 200  # cached: no render spent
    assert client.get(url + "?cell=24", headers={**display, "If-None-Match": again.headers["ETag"]}).status_code == 304
    assert_too_many(client.get(f"{url}?cell=32", headers=display), "too_many_renders")


def test_limits_off_lets_everything_through(database_url):
    app = limited_app(database_url, RATELIMIT_ENABLED=False)
    client = app.test_client()
    assert all(client.get("/api/v1/tables", headers=bearer(f"rs_{n}")).status_code == 401 for n in range(6))
    app.extensions["roadsvc.db"].dispose()


@pytest.fixture
def redis_prefix():
    server = redis.Redis.from_url(REDIS_URL)
    try:
        server.ping()
    except redis.RedisError as error:
        if os.environ.get("CI") == "true":
            pytest.fail(f"Redis at {REDIS_URL} did not answer: {error}")
        pytest.skip(f"Redis at {REDIS_URL} did not answer: {error}")
    prefix = f"roadsvc-test-{uuid.uuid4().hex}"
    yield prefix
    for key in server.scan_iter(match=f"*{prefix}*"):
        server.delete(key)
    server.close()


def test_with_redis_every_worker_shares_the_counters(database_url, redis_prefix):
    """Two apps (two workers, or two machines) over one Redis: failures seen by one count for both."""
    first = limited_app(database_url, REDIS_URL=REDIS_URL, RATELIMIT_KEY_PREFIX=redis_prefix)
    second = limited_app(database_url, REDIS_URL=REDIS_URL, RATELIMIT_KEY_PREFIX=redis_prefix)
    try:
        for attempt in range(2):
            assert first.test_client().get("/api/v1/tables", headers=bearer(f"rs_a{attempt}")).status_code == 401
        assert second.test_client().get("/api/v1/tables", headers=bearer("rs_b")).status_code == 401
        assert_too_many(first.test_client().get("/api/v1/tables", headers=bearer("rs_c")), "too_many_auth_failures")
        assert_too_many(second.test_client().get("/api/v1/tables", headers=bearer("rs_d")), "too_many_auth_failures")
        stored = redis.Redis.from_url(REDIS_URL).keys(f"*{redis_prefix}*")
        assert stored, "the counters are in Redis under the run's own prefix"
    finally:
        first.extensions["roadsvc.db"].dispose()
        second.extensions["roadsvc.db"].dispose()


def test_with_redis_down_requests_pass_and_the_failure_is_logged(database_url, caplog):
    app = limited_app(database_url, REDIS_URL="redis://127.0.0.1:1/0")
    try:
        for attempt in range(5):
            assert app.test_client().get("/api/v1/tables", headers=bearer(f"rs_{attempt}")).status_code == 401
        assert any("rate-limit storage failed" in record.getMessage() for record in caplog.records)
    finally:
        app.extensions["roadsvc.db"].dispose()


def test_behind_a_trusted_proxy_the_forwarded_address_is_the_client(database_url):
    app = limited_app(database_url, PROXY_HOPS=1)
    client = app.test_client()
    try:
        for attempt in range(3):
            client.get("/api/v1/tables", headers={**bearer(f"rs_{attempt}"), "X-Forwarded-For": "203.0.113.7"})
        spent = client.get("/api/v1/tables", headers={**bearer("rs_x"), "X-Forwarded-For": "203.0.113.7"})
        assert_too_many(spent, "too_many_auth_failures")
        other = client.get("/api/v1/tables", headers={**bearer("rs_y"), "X-Forwarded-For": "203.0.113.8"})
        assert other.status_code == 401  # same proxy, another client: its own budget
    finally:
        app.extensions["roadsvc.db"].dispose()
