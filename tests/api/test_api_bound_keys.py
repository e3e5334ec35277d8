"""A key bound to a table is confined to that table on every path: table paths, shoe paths
(settlement, audit, hands, roads, images) and paths about no table alike."""

from __future__ import annotations

import pytest

from apiroutes import api_routes, fill
from roadsvc.services.capabilities import can
from roadsvc.services.keys.lifecycle import create_key

PUBLIC = {"/api/v1/openapi.json", "/api/docs", "/api/docs/init.js", "/api/docs/<filename>"}
SCOPED = ("<table_id>", "<shoe_id>")


def make_world(api, name: str) -> dict:
    table = api.post("/api/v1/tables", {"name": name}, role="pitboss").json
    shoe = api.post(f"/api/v1/tables/{table['id']}/shoes", {}, role="dealer").json
    assert api.post(f"/api/v1/tables/{table['id']}/hands", {"result": "banker"}, role="dealer").status_code == 201
    return {"table_id": table["id"], "shoe_id": shoe["id"], "number": 1, "road": "big_road", "fmt": "svg"}


@pytest.fixture
def worlds(app, api):
    own, other = make_world(api, "Own"), make_world(api, "Other")
    _, plain = create_key(app.extensions["roadsvc.db"], "dealer", "reader of Own", own["table_id"])
    return own, other, {"X-API-Key": plain}


def dealer_routes(app):
    return [(m, r) for m, r, cap in api_routes(app) if r not in PUBLIC and can("dealer", cap)]


def test_a_bound_key_is_refused_on_every_path_of_another_table(app, api, worlds):
    _, other, headers = worlds
    checked = 0
    for method, rule in dealer_routes(app):
        response = api.client.open(fill(rule, other), method=method, json={}, headers=headers)
        assert (response.status_code, response.json["code"]) == (403, "wrong_table"), (method, rule)
        checked += 1
    assert checked >= 15


@pytest.mark.parametrize("path", ["hands", "audit", "roads", "hands.csv", "roads/big_road.png", "roads/scoreboard.svg"])
def test_shoe_paths_of_another_table_are_refused(api, worlds, path):
    _, other, headers = worlds
    response = api.client.get(f"/api/v1/shoes/{other['shoe_id']}/{path}", headers=headers)
    assert (response.status_code, response.json["code"]) == (403, "wrong_table")


def test_a_bound_key_works_at_its_own_table_on_every_path(app, api, worlds):
    own, _, headers = worlds
    for method, rule in dealer_routes(app):
        if not any(scope in rule for scope in SCOPED):
            continue
        response = api.client.open(fill(rule, own), method=method, json={}, headers=headers)
        assert response.status_code not in (401, 403), (method, rule, response.json)


def test_paths_about_no_table_are_refused_to_a_bound_key(api, worlds):
    _, _, headers = worlds
    response = api.client.get("/api/v1/tables", headers=headers)
    assert (response.status_code, response.json["code"]) == (403, "wrong_table")


def test_an_unbound_dealer_key_works_at_any_table(api, worlds):
    _, other, _ = worlds
    assert api.get(f"/api/v1/shoes/{other['shoe_id']}/hands", role="dealer").status_code == 200
