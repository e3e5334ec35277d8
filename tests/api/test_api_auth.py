"""Keys and roles: every write refuses the roles below it; dealer keys stay at their table;
keys are stored hashed, shown once, and revocation takes effect after the cache TTL."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from apiroutes import fill, write_routes
from roadsvc.persistence.models import ApiKey
from roadsvc.services.keys import RANK, ROLES, create_key

# The roles this service's own write endpoints need (others' endpoints are covered by
# the generic tests below through the role each view declares).
EXPECTED_ROLES = {
    ("POST", "/api/v1/keys"): "admin",
    ("DELETE", "/api/v1/keys/<key_id>"): "admin",
    ("POST", "/api/v1/tables"): "pitboss",
    ("PATCH", "/api/v1/tables/<table_id>"): "pitboss",
    ("POST", "/api/v1/tables/<table_id>/shoes"): "dealer",
    ("POST", "/api/v1/tables/<table_id>/shoes/<shoe_id>/cut-card"): "dealer",
    ("POST", "/api/v1/tables/<table_id>/shoes/<shoe_id>/close"): "pitboss",
    ("POST", "/api/v1/tables/<table_id>/hands"): "dealer",
    ("POST", "/api/v1/shoes/<shoe_id>/hands/<number>/void"): "pitboss",
    ("POST", "/api/v1/shoes/<shoe_id>/hands/<number>/correct"): "pitboss",
}


def send(api, method: str, url: str, role: str | None):
    return api.client.open(url, method=method, json={}, headers=api.headers(role))


def test_every_write_route_declares_a_role(app):
    routes = write_routes(app)
    assert len(routes) >= len(EXPECTED_ROLES)
    assert [r for r in routes if r[2] not in RANK] == []


def test_this_services_write_routes_need_the_roles_decided(app):
    declared = {(method, rule): role for method, rule, role in write_routes(app)}
    assert {key: declared.get(key) for key in EXPECTED_ROLES} == EXPECTED_ROLES


def test_every_write_route_refuses_no_key_and_each_weaker_role(app, api):
    checked = 0
    for method, rule, needed in write_routes(app):
        url = fill(rule)
        response = send(api, method, url, None)
        assert response.status_code == 401, (method, rule)
        for role in ROLES[: RANK[needed]]:
            response = send(api, method, url, role)
            assert (response.status_code, response.json["code"]) == (403, "forbidden"), (method, rule, role)
            checked += 1
    assert checked >= 15


def test_a_dealer_key_bound_to_a_table_writes_only_there(app, api):
    first = api.post("/api/v1/tables", {"name": "A"}).json
    second = api.post("/api/v1/tables", {"name": "B"}).json
    _, plain = create_key(app.extensions["roadsvc.db"], "dealer", "reader A", first["id"])
    headers = {"X-API-Key": plain}
    assert api.client.post(f"/api/v1/tables/{first['id']}/shoes", json={}, headers=headers).status_code == 201
    refused = api.client.post(f"/api/v1/tables/{second['id']}/shoes", json={}, headers=headers)
    assert (refused.status_code, refused.json["code"]) == (403, "wrong_table")
    assert api.get(f"/api/v1/tables/{second['id']}/shoes").json == []


def test_an_admin_creates_a_key_shown_once_and_stored_hashed(app, api):
    response = api.post("/api/v1/keys", {"role": "dealer", "name": "reader"})
    assert response.status_code == 201
    plain = response.json["key"]
    assert plain.startswith("rs_") and len(plain) >= 40
    assert api.client.post("/api/v1/tables/1/hands", json={}, headers={"X-API-Key": plain}).status_code != 401
    listed = api.get("/api/v1/keys", role="admin").json
    assert all("key" not in item for item in listed)
    assert any(item["name"] == "reader" and plain.startswith(item["prefix"]) for item in listed)
    with app.extensions["roadsvc.db"].read() as session:
        hashes = session.scalars(select(ApiKey.key_hash)).all()
    assert plain not in hashes and all(len(h) == 64 for h in hashes)


def test_only_dealer_keys_are_bound_to_a_table(api, table):
    response = api.post("/api/v1/keys", {"role": "display", "table_id": table["id"]})
    assert (response.status_code, response.json["field"]) == (422, "table_id")


def test_a_revoked_key_stops_working_once_the_cache_ttl_has_passed(app, api):
    now = [1000.0]
    verifier = app.extensions["roadsvc.keys"]
    verifier.clock = lambda: now[0]
    created = api.post("/api/v1/keys", {"role": "display"}).json
    headers = {"Authorization": f"Bearer {created['key']}"}
    assert api.client.get("/api/v1/tables", headers=headers).status_code == 200
    assert api.delete(f"/api/v1/keys/{created['id']}").json["revoked_at"] is not None
    assert api.client.get("/api/v1/tables", headers=headers).status_code == 200  # cached, within the TTL
    now[0] += verifier.ttl + 0.01
    assert api.client.get("/api/v1/tables", headers=headers).status_code == 401


def test_revoking_an_unknown_key_is_404(api):
    assert api.delete("/api/v1/keys/999").status_code == 404


@pytest.mark.parametrize("header", ["Bearer", "Bearer ", "Basic abc", "Bearer " + "x" * 5000])
def test_malformed_authorization_is_401(api, header):
    assert api.client.get("/api/v1/tables", headers={"Authorization": header}).status_code == 401
