"""A table's `rule_set` is baccarat's: null for 百人牛牛 and 打棒 tables (they reported "classic")."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("game", ["niuniu", "dabang"])
def test_a_table_of_a_game_without_rule_sets_shows_none(api, game):
    made = api.post("/api/v1/tables", {"name": f"{game} 1", "game": game}, role="pitboss")
    assert (made.status_code, made.json["rule_set"]) == (201, None)
    assert api.get(f"/api/v1/tables/{made.json['id']}").json["rule_set"] is None
    renamed = api.patch(f"/api/v1/tables/{made.json['id']}", {"name": f"{game} 2"}, role="pitboss")
    assert renamed.json["rule_set"] is None
    assert [entry["table"]["rule_set"] for entry in api.get("/api/v1/tables").json] == [None]


def test_a_baccarat_table_shows_its_rule_set(api):
    made = api.post("/api/v1/tables", {"name": "Bac 1", "rule_set": "classic"}, role="pitboss")
    assert made.json["rule_set"] == "classic"
    assert api.get("/api/v1/tables").json[0]["table"]["rule_set"] == "classic"
