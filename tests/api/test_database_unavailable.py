"""A write that meets the database unreachable (its primary dying, a failover under way) answers 503
`database_unavailable` with Retry-After, never 500; nothing is applied and the same request may be sent again
(docs/deployment.md, *What each failure does*). The switch itself: tests/reliability/test_replicated_database.py."""

from __future__ import annotations

import socket

from roadsvc.app import create_app


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_a_post_while_no_database_node_answers_is_503_with_retry_after(tmp_path):
    url = f"postgresql+psycopg://postgres@/roadsvc?host=127.0.0.1:{closed_port()}&target_session_attrs=read-write"
    app = create_app({"DATABASE_URL": url, "INSTANCE_PATH": str(tmp_path), "TESTING": True, "LOG_LEVEL": "CRITICAL"})
    try:
        answer = app.test_client().post("/api/v1/tables/1/hands", json={"number": 1},
                                        headers={"Authorization": "Bearer a-dealer-key"})
    finally:
        app.extensions["roadsvc.db"].dispose()
    assert answer.status_code == 503
    assert answer.headers["Retry-After"] == "2"
    body = answer.get_json()
    assert body["code"] == "database_unavailable" and body["field"] is None
