"""Garbage at every write endpoint: always a 4xx with our error shape, never a 500, and
nothing in the database changes (no revision moves, no row appears)."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import func, select

from apiroutes import BODY_METHODS, fill, role_for, write_routes
from roadsvc.persistence.models import ApiKey, AuditRecord, Hand, Shoe, Table

HUGE = 10**30
RAW_BODIES = [
    ("text/plain", "garbage"),
    ("application/json", "{not json"),
    ("application/json", "[" * 5000),
    ("application/json", "null"),
    ("application/json", '"a string"'),
    ("application/json", "12345678901234567890"),
    ("application/json", "\xff\xfe"),
]
JSON_BODIES = [
    [],
    [{"result": "banker"}],
    {"decks": "eight", "name": 123, "reason": 5, "role": [], "hand": "AS", "cards": 7},
    {"number": HUGE, "decks": HUGE, "last_hand": HUGE, "table_id": HUGE, "result": "banker"},
    {"number": -1, "decks": -8, "last_hand": 0, "table_id": -5, "result": "banker"},
    {"number": 1.5, "decks": 7.9, "result": "banker"},
    {"name": "\u0000", "reason": "\ud800", "burn_card": "\u2663\u2663\u2663\u2663", "cards": ["\U0001f0a1"] * 4},
    {"cards": [[[[]]]], "result": ["banker"], "hand": {"cards": {"player": "AS"}}, "reason": "x"},
    {"settings": {"limits": {"banker": {"min": "1e400", "max": "NaN"}}}, "name": "T2"},
    {"settings": {"good_roads": {"long_banker": True}}, "name": "T3"},
    {"unknown": {"deeply": [1, 2, {"nested": None}]}},
]


def database_state(app) -> dict:
    with app.extensions["roadsvc.db"].read() as session:
        return {
            "shoes": session.execute(select(Shoe.id, Shoe.revision, Shoe.status, Shoe.last_hand).order_by(Shoe.id)).all(),
            "tables": session.execute(select(Table.id, Table.name, Table.rule_set, Table.settings).order_by(Table.id)).all(),
            "hands": session.execute(select(Hand.id, Hand.result, Hand.voided, Hand.data).order_by(Hand.id)).all(),
            "audit": session.scalar(select(func.count(AuditRecord.id))),
            "keys": session.execute(select(ApiKey.id, ApiKey.revoked_at).order_by(ApiKey.id)).all(),
        }


@pytest.fixture
def world(api, table, shoe):
    """A table with an open shoe holding one hand, so every path names something real."""
    api.post(f"/api/v1/tables/{table['id']}/hands", {"result": "banker"}, role="dealer")
    return {"table_id": table["id"], "shoe_id": shoe["id"], "number": 1, "key_id": 1}


def assert_refused(response, where):
    assert 400 <= response.status_code < 500, (where, response.status_code, response.get_data(as_text=True)[:300])
    body = response.get_json()
    extra = {"game"} if body.get("code") == "wrong_game" else set()  # wrong_game names the table's game
    assert set(body) == {"code", "message", "field", "request_id"} | extra, where
    assert "Traceback" not in body["message"], where


def test_garbage_at_every_write_endpoint_is_refused_and_changes_nothing(app, api, world):
    routes = write_routes(app, BODY_METHODS)
    assert len(routes) >= 9
    before = database_state(app)
    sent = 0
    for method, rule, capability in routes:
        url, headers = fill(rule, world), api.headers(role_for(capability))
        for content_type, data in RAW_BODIES:
            response = api.client.open(url, method=method, data=data, content_type=content_type, headers=headers)
            assert_refused(response, (method, rule, data[:20]))
            sent += 1
        for body in JSON_BODIES:
            response = api.client.open(url, method=method, data=json.dumps(body), content_type="application/json", headers=headers)
            assert_refused(response, (method, rule, body))
            sent += 1
    assert database_state(app) == before
    assert sent >= 9 * (len(RAW_BODIES) + len(JSON_BODIES))


def test_a_missing_body_is_refused_where_a_body_is_needed(app, api, world):
    before = database_state(app)
    for url, role in (
        ("/api/v1/tables", "admin"),
        (f"/api/v1/tables/{world['table_id']}/hands", "dealer"),
        (f"/api/v1/shoes/{world['shoe_id']}/hands/1/void", "pitboss"),
        (f"/api/v1/shoes/{world['shoe_id']}/hands/1/correct", "pitboss"),
        ("/api/v1/keys", "admin"),
    ):
        response = api.client.post(url, headers=api.headers(role))
        assert response.status_code == 422, url
    assert database_state(app) == before
