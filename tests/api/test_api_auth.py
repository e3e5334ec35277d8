"""Keys and capabilities: every route is checked against every role through the capability
table; keys bound to a table stay at their table on every path; keys are stored hashed,
shown once, and revocation takes effect after the cache TTL."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from apiroutes import api_routes, fill
from roadsvc.persistence.models import ApiKey
from roadsvc.services.capabilities import ALL_CAPABILITIES, CAPABILITIES, ROLES, can
from roadsvc.services.keys.lifecycle import create_key

# The capability each of this service's routes needs (routes of other areas are covered
# by the generic walk below through the capability each view declares).
EXPECTED = {
    ("POST", "/api/v1/keys"): "manage_keys",
    ("GET", "/api/v1/keys"): "manage_keys",
    ("DELETE", "/api/v1/keys/<key_id>"): "manage_keys",
    ("GET", "/api/v1/tables"): "read",
    ("POST", "/api/v1/tables"): "table_settings",
    ("GET", "/api/v1/tables/<table_id>"): "read",
    ("PATCH", "/api/v1/tables/<table_id>"): "table_settings",
    ("POST", "/api/v1/tables/<table_id>/shoes"): "run_shoes",
    ("GET", "/api/v1/tables/<table_id>/shoes"): "read",
    ("GET", "/api/v1/shoes/<shoe_id>"): "read",
    ("POST", "/api/v1/tables/<table_id>/shoes/<shoe_id>/cut-card"): "run_shoes",
    ("POST", "/api/v1/tables/<table_id>/shoes/<shoe_id>/close"): "run_shoes",
    ("POST", "/api/v1/tables/<table_id>/hands"): "post_hands",
    ("POST", "/api/v1/shoes/<shoe_id>/hands/<number>/void"): "void_hands",
    ("POST", "/api/v1/shoes/<shoe_id>/hands/<number>/correct"): "correct_hands",
    ("GET", "/api/v1/shoes/<shoe_id>/audit"): "read",
    ("GET", "/api/v1/shoes/<shoe_id>/hands"): "read",
    ("GET", "/api/v1/shoes/<shoe_id>/hands.csv"): "read",
    ("GET", "/api/v1/tables/<table_id>/roads"): "read",
    ("GET", "/api/v1/shoes/<shoe_id>/roads"): "read",
    ("GET", "/api/v1/tables/<table_id>/roads/<road>.<fmt>"): "read",
    ("GET", "/api/v1/shoes/<shoe_id>/roads/<road>.<fmt>"): "read",
    ("GET", "/api/v1/tables/<table_id>/bets"): "read",
    ("POST", "/api/v1/tables/<table_id>/bets/close"): "close_betting",
    ("POST", "/api/v1/tables/<table_id>/bets/cancel"): "cancel_rounds",
    ("POST", "/api/v1/tables/<table_id>/slips"): "place_slips",
    ("GET", "/api/v1/shoes/<shoe_id>/hands/<number>/settlement"): "read_money",
    ("POST", "/api/v1/tables/<table_id>/hands/<number>/open"): "open_cards",
    ("POST", "/api/v1/tables/<table_id>/charter"): "charter_tables",
    ("POST", "/api/v1/tables/<table_id>/charter/end"): "charter_tables",
    ("POST", "/api/v1/tables/<table_id>/fly"): "charter_tables",
    ("POST", "/api/v1/tables/<table_id>/requests"): "charter_tables",
    ("POST", "/api/v1/requests/<request_id>/done"): "monitor",
    # 打棒 (issue 23)
    ("POST", "/api/v1/tables/<table_id>/matches"): "dabang_matches",
    ("GET", "/api/v1/matches/<match_id>"): "read",
    ("POST", "/api/v1/matches/<match_id>/deals"): "dabang_deals",
    ("POST", "/api/v1/matches/<match_id>/deals/<number>/declarations"): "dabang_deals",
    ("POST", "/api/v1/matches/<match_id>/deals/<number>/trump"): "dabang_deals",
    ("POST", "/api/v1/matches/<match_id>/deals/<number>/bury"): "dabang_deals",
    ("POST", "/api/v1/matches/<match_id>/deals/<number>/bury-jokers"): "dabang_deals",
    ("POST", "/api/v1/matches/<match_id>/deals/<number>/plays"): "dabang_deals",
    ("GET", "/api/v1/matches/<match_id>/road"): "read",
    ("POST", "/api/v1/dabang/tournaments"): "dabang_matches",
    ("GET", "/api/v1/dabang/tournaments/<tournament_id>"): "read",
    # Dealers as people (issue 45): the table's own dealer key declares who deals
    ("GET", "/api/v1/dealers"): "dealers",
    ("POST", "/api/v1/dealers"): "dealers",
    ("GET", "/api/v1/dealers/<dealer_id>/stats"): "dealers",
    ("POST", "/api/v1/tables/<table_id>/dealer"): "post_hands",
    ("GET", "/api/v1/tables/<table_id>/dealer"): "read",
    ("GET", "/api/v1/accounts/<account_id>/play"): "monitor",
    ("PUT", "/api/v1/accounts/<account_id>/link"): "link_accounts",
}
# The issue's table of duties, as sets of capabilities.
DUTIES = {
    "display": {"read"},
    "game_server": {"read", "place_slips", "read_money", "mint_read_links", "open_cards", "charter_tables"},
    "dealer": {"read", "post_hands", "run_shoes", "close_betting", "open_cards", "dabang_deals", "read_hidden_cards"},
    "pitboss": {"read", "post_hands", "run_shoes", "close_betting", "void_hands", "correct_hands", "cancel_rounds",
                "table_settings", "read_money", "monitor", "open_cards", "dabang_deals", "read_hidden_cards",
                "dabang_matches", "dealers"},
    "admin": {"read", "read_money", "manage_keys", "table_settings", "monitor", "mint_read_links", "dealers",
              "link_accounts"},  # issue 45: accounts the operator knows are one player
}
# Routes anyone may read without a key: the API's own documentation.
PUBLIC = {"/api/v1/openapi.json", "/api/docs", "/api/docs/init.js", "/api/docs/<filename>"}


def send(api, method: str, url: str, role: str | None, headers: dict | None = None):
    return api.client.open(url, method=method, json={}, headers={**api.headers(role), **(headers or {})})


def test_the_capability_table_is_the_issues_separation_of_duties():
    assert {role: set(caps) for role, caps in CAPABILITIES.items()} == DUTIES
    assert [role for role in ROLES if can(role, "place_slips")] == ["game_server"]


def test_every_route_declares_a_known_capability(app):
    routes = [r for r in api_routes(app) if r[1] not in PUBLIC]
    assert len(routes) >= len(EXPECTED)
    assert [r for r in routes if r[2] not in ALL_CAPABILITIES] == []


def test_this_services_routes_need_the_capabilities_decided(app):
    declared = {(method, rule): capability for method, rule, capability in api_routes(app)}
    assert {key: declared.get(key) for key in EXPECTED} == EXPECTED


def test_every_route_refuses_no_key_and_every_role_without_its_capability(app, api):
    # The walk's DELETE and rotate of a key act on a spare one, never on the keys it walks with (one of
    # its own revoked would pass from the verifier's cache for its TTL, then fail on a slow machine).
    spare, _ = create_key(app.extensions["roadsvc.db"], "display", "spare")
    refused = allowed = 0
    for method, rule, capability in api_routes(app):
        if rule in PUBLIC:
            continue
        url = fill(rule, {"road": "big_road", "fmt": "png", "key_id": spare.id})
        assert send(api, method, url, None).status_code == 401, (method, rule)
        for role in ROLES:
            response = send(api, method, url, role)
            forbidden = response.status_code == 403 and response.json["code"] == "forbidden"
            assert forbidden is not can(role, capability), (method, rule, role, response.status_code)
            assert response.status_code != 401, (method, rule, role)
            refused, allowed = refused + forbidden, allowed + (not forbidden)
    assert refused >= 45 and allowed >= 75


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
