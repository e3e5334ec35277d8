"""Request IDs, the request log line, Prometheus metrics and health endpoints."""

from __future__ import annotations

import json

import pytest
from prometheus_client.parser import text_string_to_metric_families

from roadsvc.app import create_app
from roadsvc.render import fonts
from roadsvc.services.keys.lifecycle import create_key


def request_lines(captured: str) -> list[dict]:
    lines = [json.loads(line) for line in captured.splitlines() if line.startswith("{")]
    return [line for line in lines if line.get("event") == "request"]


@pytest.fixture
def logged_app(database_url):
    app = create_app({"DATABASE_URL": database_url, "TESTING": True, "LOG_LEVEL": "INFO", "LOG_FORMAT": "json",
                      "METRICS_TOKEN": "metrics-secret"})
    yield app
    app.extensions["roadsvc.db"].dispose()


def test_a_valid_request_id_is_echoed_and_a_bad_one_replaced(api):
    assert api.get("/healthz", headers={"X-Request-ID": "lb-7f3a:0001"}).headers["X-Request-ID"] == "lb-7f3a:0001"
    for bad in ("has space", "x" * 129, "<script>", "\u202eevil"):
        given = api.get("/healthz", headers={"X-Request-ID": bad.encode("utf-8").decode("latin-1")})
        echoed = given.headers["X-Request-ID"]
        assert echoed != bad and len(echoed) == 32 and echoed.isalnum()
    first, second = api.get("/healthz"), api.get("/healthz")
    assert first.headers["X-Request-ID"] != second.headers["X-Request-ID"]


def test_every_error_body_carries_the_request_id(api, table):
    refused = api.get("/api/v1/tables/999", headers={"X-Request-ID": "req-404"})
    assert refused.status_code == 404 and refused.json["request_id"] == "req-404"
    unauthenticated = api.get(f"/api/v1/tables/{table['id']}", role=None, headers={"X-Request-ID": "req-401"})
    assert unauthenticated.status_code == 401 and unauthenticated.json["request_id"] == "req-401"
    not_json = api.client.post("/api/v1/tables", data="x", content_type="text/plain", headers={"X-Request-ID": "req-415"})
    assert not_json.status_code == 415 and not_json.json["request_id"] == "req-415"
    assert not_json.headers["X-Request-ID"] == "req-415"


def test_one_json_line_per_request_with_who_and_never_the_key(logged_app, capsys):
    db = logged_app.extensions["roadsvc.db"]
    info, plain = create_key(db, "pitboss", "pit 1")
    client = logged_app.test_client()
    capsys.readouterr()
    created = client.post("/api/v1/tables", json={"name": "T1", "rule_set": "classic"},
                          headers={"Authorization": f"Bearer {plain}", "X-Request-ID": "req-1"})
    client.get(f"/api/v1/tables/{created.json['id']}", headers={"Authorization": f"Bearer {plain}", "X-Request-ID": "req-2"})
    captured = capsys.readouterr().err
    assert plain not in captured and plain[10:] not in captured
    first, second = request_lines(captured)
    assert first["request_id"] == "req-1" and first["method"] == "POST" and first["route"] == "/api/v1/tables"
    assert first["status"] == 201 and first["key_id"] == info.id and first["role"] == "pitboss"
    assert isinstance(first["latency_ms"], float) and first["latency_ms"] >= 0
    assert second["route"] == "/api/v1/tables/<id:table_id>" and second["table_id"] == created.json["id"]
    assert {"timestamp", "level", "client", "pid"} <= set(second)


def test_log_lines_of_a_request_carry_its_id_and_text_format_is_readable(database_url, capsys):
    app = create_app({"DATABASE_URL": database_url, "TESTING": True, "LOG_LEVEL": "INFO", "LOG_FORMAT": "text"})
    try:
        capsys.readouterr()
        app.test_client().get("/api/v1/tables", headers={"X-Request-ID": "req-text"})
        line = [text for text in capsys.readouterr().err.splitlines() if "request" in text][-1]
        assert "request_id=req-text" in line and "status=401" in line and "code=missing_key" in line
        assert not line.startswith("{")
    finally:
        app.extensions["roadsvc.db"].dispose()
    with pytest.raises(ValueError, match="json or text"):
        create_app({"DATABASE_URL": database_url, "LOG_FORMAT": "xml"})


def metric(text: str, name: str, **labels) -> float:
    """The value of one sample of the exposition (0 if absent)."""
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            if sample.name == name and sample.labels == {k: str(v) for k, v in labels.items()}:
                return sample.value
    return 0.0


def test_metrics_are_closed_by_default_and_open_to_the_token_or_the_allowlist(api, database_url):
    assert api.get("/metrics", role=None).status_code == 403
    assert api.get("/metrics", role="admin").json["code"] == "metrics_forbidden"  # an API key is not the token
    app = create_app({"DATABASE_URL": database_url, "TESTING": True, "METRICS_TOKEN": "s3cret"})
    client = app.test_client()
    assert client.get("/metrics", headers={"Authorization": "Bearer wrong"}).status_code == 403
    assert client.get("/metrics", headers={"Authorization": "Bearer s3cret"}).status_code == 200
    app.extensions["roadsvc.db"].dispose()
    app = create_app({"DATABASE_URL": database_url, "TESTING": True, "METRICS_ALLOW": "10.0.0.0/8, 127.0.0.1"})
    client = app.test_client()
    assert client.get("/metrics").status_code == 200  # the test client comes from 127.0.0.1
    assert client.get("/metrics", environ_base={"REMOTE_ADDR": "192.168.1.5"}).status_code == 403
    assert client.get("/metrics", environ_base={"REMOTE_ADDR": "10.2.3.4"}).status_code == 200
    app.extensions["roadsvc.db"].dispose()


def test_metrics_count_requests_hands_refusals_and_cache_lookups(logged_app):
    db = logged_app.extensions["roadsvc.db"]
    keys = {role: create_key(db, role)[1] for role in ("pitboss", "dealer", "display")}
    client = logged_app.test_client()
    auth = {role: {"Authorization": f"Bearer {key}"} for role, key in keys.items()}
    scrape = lambda: client.get("/metrics", headers={"Authorization": "Bearer metrics-secret"}).get_data(as_text=True)  # noqa: E731
    table = client.post("/api/v1/tables", json={"name": "T", "rule_set": "classic"}, headers=auth["pitboss"]).json["id"]
    client.post(f"/api/v1/tables/{table}/shoes", json={"decks": 8}, headers=auth["dealer"])
    before = scrape()
    roads = "/api/v1/tables/<id:table_id>/roads"
    for _ in range(2):
        assert client.post(f"/api/v1/tables/{table}/hands", json={"result": "banker"}, headers=auth["dealer"]).status_code == 201
    client.get(f"/api/v1/tables/{table}/roads", headers=auth["display"])
    client.get(f"/api/v1/tables/{table}/roads", headers=auth["display"])
    client.get("/api/v1/tables/999/roads", headers=auth["display"])
    after = scrape()
    grew = lambda name, **labels: metric(after, name, **labels) - metric(before, name, **labels)  # noqa: E731
    assert grew("roadsvc_hands_posted_total") == 2
    assert grew("roadsvc_http_requests_total", method="GET", route=roads, status="200") == 2
    assert grew("roadsvc_http_requests_total", method="GET", route=roads, status="404") == 1
    assert grew("roadsvc_http_request_duration_seconds_count", method="GET", route=roads) == 3
    assert grew("roadsvc_refusals_total", status="404", code="table_not_found") == 1
    assert grew("roadsvc_cache_misses_total", cache="snapshot_json") >= 1
    assert grew("roadsvc_cache_hits_total", cache="snapshot_json") >= 1


def test_healthz_needs_no_key_and_says_nothing_more(api):
    answer = api.get("/healthz", role=None)
    assert answer.status_code == 200 and answer.json == {"status": "ok"}


def test_readyz_is_503_with_reasons_until_migrated(api):
    answer = api.get("/readyz", role=None)  # the test database was made without Alembic
    assert answer.status_code == 503 and answer.json["code"] == "not_ready"
    assert set(answer.json["reasons"]) == {"migrations"} and "roadsvc db upgrade" in answer.json["reasons"]["migrations"]


def test_readyz_is_ready_on_a_migrated_database_and_names_a_missing_font(migrated_url, tmp_path, monkeypatch):
    app = create_app({"DATABASE_URL": migrated_url, "TESTING": True})
    try:
        client = app.test_client()
        ready = client.get("/readyz")
        assert ready.status_code == 200 and ready.json == {"status": "ready"}
        monkeypatch.setattr(fonts, "FONT_DIR", tmp_path / "no-fonts")
        missing = client.get("/readyz")
        assert missing.status_code == 503 and set(missing.json["reasons"]) == {"font"}
        assert "no-fonts" not in missing.get_data(as_text=True)  # no path shown
    finally:
        app.extensions["roadsvc.db"].dispose()


def test_readyz_says_the_database_does_not_answer_without_its_url(tmp_path):
    url = "postgresql+psycopg://nobody:pw@127.0.0.1:1/none?connect_timeout=1"
    app = create_app({"DATABASE_URL": url, "TESTING": True})
    answer = app.test_client().get("/readyz")
    assert answer.status_code == 503 and "database" in answer.json["reasons"]
    assert "127.0.0.1" not in answer.get_data(as_text=True) and "pw" not in answer.get_data(as_text=True)
    app.extensions["roadsvc.db"].dispose()


def test_a_304_poll_is_counted_but_logged_only_at_debug(database_url, capsys):
    """The display's most frequent request: its line is written at DEBUG, never formatted at INFO."""
    for level, logged in (("INFO", False), ("DEBUG", True)):
        app = create_app({"DATABASE_URL": database_url, "TESTING": True, "LOG_LEVEL": level, "LOG_FORMAT": "json",
                          "METRICS_TOKEN": "metrics-secret"})
        try:
            db = app.extensions["roadsvc.db"]
            key = {"Authorization": f"Bearer {create_key(db, 'pitboss')[1]}"}
            client = app.test_client()
            table = client.post("/api/v1/tables", json={"name": f"T {level}"}, headers=key).json["id"]
            client.post(f"/api/v1/tables/{table}/shoes", json={"decks": 8}, headers=key)
            first = client.get(f"/api/v1/tables/{table}/roads", headers=key)
            capsys.readouterr()
            again = client.get(f"/api/v1/tables/{table}/roads", headers={**key, "If-None-Match": first.headers["ETag"],
                                                                          "X-Request-ID": f"poll-{level}"})
            assert again.status_code == 304
            lines = [line for line in request_lines(capsys.readouterr().err) if line["request_id"] == f"poll-{level}"]
            assert [(line["status"], line["level"]) for line in lines] == ([(304, "debug")] if logged else [])
            scraped = client.get("/metrics", headers={"Authorization": "Bearer metrics-secret"}).get_data(as_text=True)
            assert metric(scraped, "roadsvc_http_requests_total", method="GET",
                          route="/api/v1/tables/<id:table_id>/roads", status="304") >= 1
        finally:
            app.extensions["roadsvc.db"].dispose()


def test_every_line_written_while_answering_carries_the_request_id(database_url, capsys):
    """A library's line (here the rate limits' storage failing) written during a request names it;
    a line written outside any request names none."""
    app = create_app({"DATABASE_URL": database_url, "TESTING": True, "LOG_LEVEL": "INFO", "LOG_FORMAT": "json",
                      "REDIS_URL": "redis://127.0.0.1:1/0"})
    try:
        capsys.readouterr()
        app.test_client().get("/api/v1/tables", headers={"Authorization": "Bearer wrong", "X-Request-ID": "req-lib"})
        lines = [json.loads(text) for text in capsys.readouterr().err.splitlines() if text.startswith("{")]
        storage = [line for line in lines if line.get("logger") == "roadsvc.limits"]
        assert storage and all(line["request_id"] == "req-lib" for line in storage)
        import logging

        logging.getLogger("roadsvc.limits").warning("outside")
        outside = [json.loads(t) for t in capsys.readouterr().err.splitlines() if t.startswith("{")]
        assert outside[-1]["event"] == "outside" and "request_id" not in outside[-1]
    finally:
        app.extensions["roadsvc.db"].dispose()


def test_new_request_ids_are_unique_across_forked_workers():
    """Each process draws its own prefix: a worker forked from the master never repeats its ids."""
    import os

    from roadsvc.api.serving.request_ids import accepted_or_new

    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the "worker"
        os.write(write, " ".join(accepted_or_new(None) for _ in range(100)).encode())
        os._exit(0)
    os.close(write)
    os.waitpid(pid, 0)
    child = set(os.read(read, 1 << 16).decode().split())
    os.close(read)
    ours = {accepted_or_new(None) for _ in range(100)}
    assert len(child) == len(ours) == 100 and not child & ours
    assert all(len(rid) == 32 and int(rid, 16) >= 0 for rid in child | ours)
