"""A table's game: baccarat by default, niuniu or dabang when created so, never changed; shown in
the table, the lobby and the floor."""

from __future__ import annotations

import pytest

from roadsvc.domain.games import GAMES



def create(api, name: str, **body) -> dict:
    """A table made by the API (201), as it answered."""
    response = api.post("/api/v1/tables", {"name": name, **body}, role="pitboss")
    assert response.status_code == 201, response.json
    return response.json


def lobby_table(api, table_id: int) -> dict:
    return next(row["table"] for row in api.get("/api/v1/tables").json if row["table"]["id"] == table_id)


def floor_table(api, table_id: int) -> dict:
    tables = api.get("/api/v1/floor", role="pitboss").json["tables"]
    return next(entry["table"] for entry in tables if entry["table"]["id"] == table_id)


def test_a_table_created_without_a_game_is_a_baccarat_table_everywhere(api):
    table = create(api, "Baccarat 8", rule_set="classic")
    assert table["game"] == "baccarat"
    assert api.get(f"/api/v1/tables/{table['id']}").json["game"] == "baccarat"
    assert lobby_table(api, table["id"]) == {"id": table["id"], "name": "Baccarat 8", "rule_set": "classic",
                                             "game": "baccarat"}
    assert floor_table(api, table["id"])["game"] == "baccarat"


@pytest.mark.parametrize("game", GAMES)
def test_a_table_of_each_game_is_created_and_read_back_in_the_table_the_lobby_and_the_floor(api, game):
    table = create(api, f"{game} 1", game=game)
    assert table["game"] == game
    assert api.get(f"/api/v1/tables/{table['id']}").json["game"] == game
    assert lobby_table(api, table["id"])["game"] == game
    assert floor_table(api, table["id"])["game"] == game


@pytest.mark.parametrize("game", ["poker", "Baccarat", "", "niuniu "])
def test_an_unknown_game_is_refused_and_creates_nothing(api, game):
    response = api.post("/api/v1/tables", {"name": "Nowhere", "game": game}, role="pitboss")
    assert (response.status_code, response.json["code"], response.json["field"]) == (422, "unknown_game", "game")
    assert "baccarat, niuniu, dabang" in response.json["message"]
    assert api.get("/api/v1/tables").json == []


def test_a_game_that_is_not_a_string_is_refused(api):
    response = api.post("/api/v1/tables", {"name": "Nowhere", "game": 7}, role="pitboss")
    assert (response.status_code, response.json["field"]) == (422, "game")
    assert api.get("/api/v1/tables").json == []


def test_the_game_of_a_table_never_changes(api):
    table = create(api, "Niu 1", game="niuniu")
    url = f"/api/v1/tables/{table['id']}"
    refused = api.patch(url, {"game": "baccarat", "name": "Renamed"}, role="pitboss")
    assert (refused.status_code, refused.json["code"], refused.json["field"]) == (409, "game_immutable", "game")
    assert refused.json["message"] == (f"table {table['id']} is a niuniu table; a table's game is set when it is "
                                       "created and never changes")
    assert api.get(url).json["name"] == "Niu 1"  # nothing of the refused change was applied
    unknown = api.patch(url, {"game": "poker"}, role="pitboss")
    assert (unknown.status_code, unknown.json["code"]) == (422, "unknown_game")
    in_settings = api.patch(url, {"settings": {"game": "baccarat"}}, role="pitboss")
    assert (in_settings.status_code, in_settings.json["field"]) == (422, "settings.game")
    same = api.patch(url, {"game": "niuniu", "name": "Niu One"}, role="pitboss")
    assert same.status_code == 200
    assert (same.json["game"], same.json["name"]) == ("niuniu", "Niu One")
    assert api.get(url).json["game"] == "niuniu"
