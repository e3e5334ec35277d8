"""A signed-in page may read the API with its session cookie (the floor page's one EventSource
cannot send a key); it may not write with it."""

from __future__ import annotations

from roadsvc.services import alerts
from roadsvc.services.keys.lifecycle import list_keys, revoke_key


def test_a_signed_in_page_reads_the_api_without_a_key(signed_in):
    table = signed_in.api_post("/api/v1/tables", {"name": "T"}, role="pitboss").json
    assert signed_in.client.get("/api/v1/floor").status_code == 200
    assert signed_in.client.get(f"/api/v1/tables/{table['id']}").status_code == 200


def test_no_session_no_read(pages):
    response = pages.client.get("/api/v1/floor")
    assert (response.status_code, response.json["code"]) == (401, "missing_key")


def test_the_session_never_writes_through_the_api(app, signed_in):
    table = signed_in.api_post("/api/v1/tables", {"name": "T"}, role="pitboss").json
    signed_in.api_post(f"/api/v1/tables/{table['id']}/shoes", {"decks": 8})
    signed_in.api_post(f"/api/v1/tables/{table['id']}/hands", {"cards": ["4S", "3H", "5D", "2C", "6H"]})
    alert = alerts.find_alerts(app.extensions["roadsvc.db"], {})[0][0]
    response = signed_in.client.post(f"/api/v1/alerts/{alert.id}/acknowledge", json={"note": "by cookie"})
    assert (response.status_code, response.json["code"]) == (401, "missing_key")
    assert signed_in.client.post("/api/v1/tables", json={"name": "By cookie"}).status_code == 401
    assert alerts.get_alert(app.extensions["roadsvc.db"], alert.id).state == "open"


def test_a_revoked_key_s_session_reads_nothing(app, signed_in):
    db = app.extensions["roadsvc.db"]
    revoke_key(db, next(k.id for k in list_keys(db) if k.role == "pitboss"))
    assert signed_in.client.get("/api/v1/floor").status_code == 401


def test_a_request_with_a_key_never_touches_the_page_session(signed_in):
    """The key decides, the cookie is neither read nor set: a display key beside a pit boss's
    cookie is a display (no floor), and no answer to a keyed request sets or varies on the cookie."""
    display = {"Authorization": f"Bearer {signed_in.keys['display']}"}
    floor = signed_in.client.get("/api/v1/floor", headers=display)
    assert (floor.status_code, floor.json["code"]) == (403, "forbidden")
    table = signed_in.api_post("/api/v1/tables", {"name": "T"}, role="pitboss")
    for response in (floor, table, signed_in.client.get(f"/api/v1/tables/{table.json['id']}", headers=display)):
        assert "Set-Cookie" not in response.headers and "Cookie" not in response.headers.get("Vary", "")
    assert signed_in.client.get("/api/v1/floor").status_code == 200  # the cookie alone still reads


def test_a_poll_without_a_cookie_gets_no_cookie(pages):
    response = pages.client.get("/api/v1/tables", headers={"Authorization": f"Bearer {pages.keys['display']}"})
    assert response.status_code == 200
    assert "Set-Cookie" not in response.headers and "Vary" not in response.headers
