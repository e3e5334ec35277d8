"""Tournaments: a knockout drawn with byes, a match created from a slot, its winner advanced."""

from __future__ import annotations

from dabang_api import finish, new_table

TEAMS = [{"name": name, "players": [f"{name} 1", f"{name} 2"]} for name in ("East", "West", "North")]


def test_a_knockout_of_three_gives_one_bye_and_a_match_from_a_slot(api, app):
    created = api.post("/api/v1/dabang/tournaments", {"name": "Winter cup", "teams": TEAMS}, role="pitboss")
    assert created.status_code == 201, created.json
    bracket = created.json
    first = bracket["rounds"][0]
    bye = next(slot for slot in first if slot["how"] == "bye")
    ready = next(slot for slot in first if slot["how"] != "bye")
    assert bracket["rounds"][1][0]["teams"].count(None) == 1 and bye["winner"] in bracket["rounds"][1][0]["teams"]
    table = new_table(api)
    url = f"/api/v1/dabang/tournaments/{bracket['id']}/rounds/1/matches/{ready['index']}"
    match = api.post(url, {"table_id": table["id"]}, role="pitboss")
    assert match.status_code == 201, match.json
    east_or_west = {team["name"]: team["players"] for team in TEAMS}
    assert match.json["players"]["1"] == east_or_west[ready["teams"][0]][0]
    assert match.json["players"]["2"] == east_or_west[ready["teams"][1]][0]
    again = api.post(url, {"table_id": table["id"]}, role="pitboss")
    assert again.status_code == 422 and again.json["code"] == "slot_not_ready"
    finish(app.extensions["roadsvc.db"], match.json["id"], "B", "time_limit")
    read = api.get(f"/api/v1/dabang/tournaments/{bracket['id']}").json
    final = read["rounds"][1][0]
    assert read["rounds"][0][ready["index"]]["winner"] == ready["teams"][1]
    assert read["rounds"][0][ready["index"]]["how"] == "time_limit" and None not in final["teams"]


def test_bad_tournaments_are_refused(api):
    for body, field in (({"name": "x", "teams": TEAMS[:1]}, "teams"),
                        ({"name": "x", "teams": [{"name": "A", "players": ["a"]}, TEAMS[0]]}, "teams[0].players"),
                        ({"name": "", "teams": TEAMS}, "name")):
        response = api.post("/api/v1/dabang/tournaments", body, role="pitboss")
        assert response.status_code == 422 and response.json["field"] == field, response.json
    assert api.get("/api/v1/dabang/tournaments/99").status_code == 404
    assert api.post("/api/v1/dabang/tournaments", {"name": "x", "teams": TEAMS}, role="dealer").status_code == 403
