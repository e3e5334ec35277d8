"""打棒's names and seats through the shared field types (roadsvc.api.schemas.common): invisible characters
in a player's, a team's or a tournament's name are refused invalid_characters; a seat sent as a string is
told it must be a JSON number."""

from __future__ import annotations

import pytest

from dabang_api import new_table

HIDDEN = ["\u202e", "\u200b", "\u0085"]
PLAYERS = {"1": "Li", "2": "Wang", "3": "Zhao", "4": "Chen"}
TEAMS = [{"name": "East", "players": ["Li", "Zhao"]}, {"name": "West", "players": ["Wang", "Chen"]}]


@pytest.mark.parametrize("hidden", HIDDEN)
def test_a_players_name_with_an_invisible_character_is_refused(api, hidden):
    table = new_table(api)
    answer = api.post(f"/api/v1/tables/{table['id']}/matches", {"players": {**PLAYERS, "3": f"Zh{hidden}ao"}},
                      role="pitboss")
    assert (answer.status_code, answer.json["code"], answer.json["field"]) == (422, "invalid_characters",
                                                                               "players.3")


@pytest.mark.parametrize("hidden", HIDDEN)
def test_tournament_team_and_player_names_with_an_invisible_character_are_refused(api, hidden):
    for body, field in (({"name": f"Winter{hidden}cup", "teams": TEAMS}, "name"),
                        ({"name": "Cup", "teams": [{**TEAMS[0], "name": f"E{hidden}ast"}, TEAMS[1]]}, "teams[0].name"),
                        ({"name": "Cup", "teams": [TEAMS[0], {**TEAMS[1], "players": ["Wang", f"Ch{hidden}en"]}]},
                         "teams[1].players[1]")):
        answer = api.post("/api/v1/dabang/tournaments", body, role="pitboss")
        assert (answer.status_code, answer.json["code"], answer.json["field"]) == (422, "invalid_characters", field)


def test_a_first_drawer_sent_as_a_string_is_told_to_send_a_number(api):
    table = new_table(api)
    match = api.post(f"/api/v1/tables/{table['id']}/matches", {"players": PLAYERS}, role="pitboss").json
    answer = api.post(f"/api/v1/matches/{match['id']}/deals", {"draw": ["AS"] * 162, "first_drawer": "1"},
                      role="dealer")
    assert (answer.status_code, answer.json["code"], answer.json["field"]) == (422, "invalid_seat", "first_drawer")
    assert answer.json["message"] == "a seat is the number 1, 2, 3 or 4 (a JSON number, not a string)"
