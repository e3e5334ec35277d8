"""History (JSON and CSV) and the lobby."""

from __future__ import annotations

import csv
import io


def post(api, table, body):
    response = api.post(f"/api/v1/tables/{table['id']}/hands", body, role="dealer")
    assert response.status_code == 201, response.json
    return response.json


def test_the_history_lists_every_hand_with_cards_and_voids(api, table, shoe):
    post(api, table, {"cards": ["4S", "KD", "3H", "9C"]})
    post(api, table, {"result": "player", "player_pair": True})
    api.post(f"/api/v1/shoes/{shoe['id']}/hands/2/void", {"reason": "=cmd|' /C calc'!A0"}, role="pitboss")
    hands = api.get(f"/api/v1/shoes/{shoe['id']}/hands").json
    assert [(h["number"], h["result"], h["voided"]) for h in hands] == [(1, "banker", False), (2, "player", True)]
    assert hands[0]["hand"]["cards"]["banker"] == ["KD", "9C"]


def test_the_history_as_csv(api, table, shoe):
    post(api, table, {"cards": ["4S", "KD", "3H", "9C"]})
    post(api, table, {"result": "tie"})
    api.post(f"/api/v1/shoes/{shoe['id']}/hands/2/void", {"reason": "=HYPERLINK()"}, role="pitboss")
    response = api.get(f"/api/v1/shoes/{shoe['id']}/hands.csv")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    assert "attachment" in response.headers["Content-Disposition"]
    rows = list(csv.DictReader(io.StringIO(response.get_data(as_text=True))))
    assert [(r["number"], r["result"], r["player_cards"], r["banker_cards"]) for r in rows] == [
        ("1", "banker", "4S 3H", "KD 9C"),
        ("2", "tie", "", ""),
    ]
    assert (rows[0]["player_total"], rows[0]["natural"], rows[1]["player_total"]) == ("7", "true", "")
    assert rows[1]["voided"] == "true" and rows[1]["void_reason"] == "'=HYPERLINK()"


def test_history_of_an_unknown_shoe_is_404(api):
    assert api.get("/api/v1/shoes/5/hands").status_code == 404
    assert api.get("/api/v1/shoes/5/hands.csv").status_code == 404


def test_the_lobby_shows_each_tables_current_shoe_and_good_roads(api, table, shoe):
    quiet = api.post("/api/v1/tables", {"name": "Quiet"}).json
    for _ in range(4):
        post(api, table, {"result": "banker"})
    lobby = api.get("/api/v1/tables").json
    by_name = {entry["table"]["name"]: entry for entry in lobby}
    busy = by_name[table["name"]]
    assert (busy["shoe"]["number"], busy["hand_count"], busy["last_result"]) == (1, 4, "banker")
    assert "long_banker" in [g["code"] for g in busy["good_roads"]]
    assert by_name["Quiet"] == {
        "table": {"id": quiet["id"], "name": "Quiet", "rule_set": "classic", "game": "baccarat"},
        "shoe": None,
        "hand_count": 0,
        "last_result": None,
        "counts": None,
        "good_roads": [],
    }


def test_the_lobby_filters_by_good_road(api, table, shoe):
    api.post("/api/v1/tables", {"name": "Quiet"})
    for _ in range(4):
        post(api, table, {"result": "banker"})
    assert [e["table"]["name"] for e in api.get("/api/v1/tables?good_road=long_banker").json] == [table["name"]]
    assert api.get("/api/v1/tables?good_road=long_player").json == []
    assert api.get("/api/v1/tables?good_road=NOT-A-CODE").status_code == 422


def test_the_lobby_follows_the_newest_shoe(api, table, shoe):
    post(api, table, {"result": "player"})
    api.post(f"/api/v1/tables/{table['id']}/shoes", {}, role="dealer")
    entry = api.get("/api/v1/tables").json[0]
    assert (entry["shoe"]["number"], entry["hand_count"], entry["last_result"]) == (2, 0, None)
