"""Tables: create, read, update (settings validated), names unique, settings move revisions."""

from __future__ import annotations

SETTINGS = {
    "limits": {"banker": {"min": "10", "max": "10000"}},
    "difference_limit": "20000.5",
    "cutoffs": {"banker_pair": 40},
    "good_roads": {"long_banker": 5, "long_player": 4, "repeats": 2},
}


def test_a_table_is_created_and_read_back_with_exact_money(api):
    created = api.post("/api/v1/tables", {"name": "Baccarat 8", "rule_set": "extended", "settings": SETTINGS})
    assert created.status_code == 201
    table = api.get(f"/api/v1/tables/{created.json['id']}").json
    assert (table["name"], table["rule_set"]) == ("Baccarat 8", "extended")
    assert table["settings"]["limits"] == {"banker": {"min": "10.00", "max": "10000.00"}}
    assert table["settings"]["difference_limit"] == "20000.50"
    assert table["settings"]["good_roads"] == {"long_banker": 5, "long_player": 4, "repeats": 2}


def test_table_names_are_unique(api, table):
    response = api.post("/api/v1/tables", {"name": table["name"]})
    assert (response.status_code, response.json["code"], response.json["field"]) == (409, "table_name_taken", "name")
    other = api.post("/api/v1/tables", {"name": "Other"}).json
    renamed = api.patch(f"/api/v1/tables/{other['id']}", {"name": table["name"]})
    assert renamed.status_code == 409


def test_an_update_replaces_the_settings_sections_given(api, table):
    url = f"/api/v1/tables/{table['id']}"
    api.patch(url, {"settings": SETTINGS}, role="pitboss")
    response = api.patch(url, {"settings": {"cutoffs": {"tiger": 30}}, "rule_set": "niuniu"}, role="pitboss")
    assert response.status_code == 200
    settings = api.get(url).json["settings"]
    assert settings["cutoffs"] == {"tiger": 30}
    assert settings["good_roads"] == SETTINGS["good_roads"]
    assert api.get(url).json["rule_set"] == "niuniu"


def test_changing_the_thresholds_moves_the_shoes_revision(api, table, shoe):
    before = api.get(f"/api/v1/shoes/{shoe['id']}").json["revision"]
    api.patch(f"/api/v1/tables/{table['id']}", {"settings": {"good_roads": {"long_banker": 6}}})
    assert api.get(f"/api/v1/shoes/{shoe['id']}").json["revision"] == before + 1


def test_an_unknown_table_is_404(api):
    response = api.get("/api/v1/tables/77")
    assert (response.status_code, response.json["code"]) == (404, "table_not_found")
    assert api.patch("/api/v1/tables/77", {"name": "x"}).status_code == 404
