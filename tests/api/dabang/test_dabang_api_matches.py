"""One match at a table (409 table_busy naming it), a pit boss stopping a match with a reason (audited, evented),
`match_ended` for every ending, the lists of a table's matches and of the tournaments, one code (409
match_over) for any move on a finished match or slot, and tournaments refusing a team or player twice."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest
from dabang_api import PLAYERS, finish, new_match, new_table, state, whole_first_deal
from dabang_play import shuffled_codes

from roadsvc.api.dabang import CLOCK
from roadsvc.services.events import events_after

TEAMS = [{"name": name, "players": [f"{name} 1", f"{name} 2"]} for name in ("East", "West")]


def _events(app, kind: str) -> list[dict]:
    return [r.data for r in events_after(app.extensions["roadsvc.db"], 0) if r.data.get("kind") == kind]


def _tournament(api, teams=TEAMS) -> dict:
    created = api.post("/api/v1/dabang/tournaments", {"name": "Winter cup", "teams": teams}, role="pitboss")
    assert created.status_code == 201, created.json
    return created.json


def test_a_table_plays_one_match_at_a_time_a_new_or_bracket_match_is_table_busy_naming_it(api):
    table = new_table(api)
    first = new_match(api, table["id"])
    again = api.post(f"/api/v1/tables/{table['id']}/matches", {"players": PLAYERS}, role="pitboss")
    assert (again.status_code, again.json["code"], again.json["match_id"], again.json["field"]) == \
        (409, "table_busy", first["id"], "table_id")
    assert f"match {first['id']}" in again.json["message"]
    bracket = _tournament(api)
    slot = api.post(f"/api/v1/dabang/tournaments/{bracket['id']}/rounds/1/matches/0", {"table_id": table["id"]},
                    role="pitboss")
    assert (slot.status_code, slot.json["code"], slot.json["match_id"]) == (409, "table_busy", first["id"])
    assert api.get(f"/api/v1/dabang/tournaments/{bracket['id']}").json["rounds"][0][0]["match_id"] is None
    listed = api.get(f"/api/v1/tables/{table['id']}/matches").json["matches"]
    assert [m["id"] for m in listed] == [first["id"]]


def test_a_pit_boss_stops_a_match_with_a_reason_audited_and_evented_and_the_table_is_free(api, app):
    table = new_table(api)
    match_id = new_match(api, table["id"])["id"]
    url = f"/api/v1/matches/{match_id}/end"
    assert api.post(url, {"reason": "a player taken ill"}, role="dealer").status_code == 403
    assert api.post(url, {"reason": ""}, role="pitboss").json["field"] == "reason"
    assert api.post(url, {"reason": "x", "winner": "C"}, role="pitboss").json["field"] == "winner"
    stopped = api.post(url, {"reason": "a player taken ill"}, role="pitboss")
    assert stopped.status_code == 200, stopped.json
    assert (stopped.json["winner"], stopped.json["reason"], stopped.json["ended_at"] is not None) == \
        (None, "stopped", True)
    [ended] = _events(app, "match_ended")
    assert (ended["match_id"], ended["winner"], ended["reason"], ended["note"], ended["levels"]) == \
        (match_id, None, "stopped", "a player taken ill", {"A": 3, "B": 3})
    [record] = api.get("/api/v1/audit?kind=match.stopped", role="pitboss").json["items"]
    assert record["subject"] == f"match {match_id}" and record["after"]["note"] == "a player taken ill"
    again = api.post(url, {"reason": "twice"}, role="pitboss")
    assert (again.status_code, again.json["code"]) == (409, "match_over")
    deal = api.post(f"/api/v1/matches/{match_id}/deals", {"draw": shuffled_codes(1), "first_drawer": 1},
                    role="dealer")
    assert (deal.status_code, deal.json["code"]) == (409, "match_over")
    assert new_match(api, table["id"])["id"] > match_id
    assert api.get("/api/v1/floor", role="pitboss").status_code == 200


def test_a_stopped_bracket_match_with_a_winner_advances_it_without_one_frees_the_slot(api):
    bracket = _tournament(api)
    url = f"/api/v1/dabang/tournaments/{bracket['id']}/rounds/1/matches/0"
    table = new_table(api)
    first = api.post(url, {"table_id": table["id"]}, role="pitboss").json
    api.post(f"/api/v1/matches/{first['id']}/end", {"reason": "dispute"}, role="pitboss")
    assert api.get(f"/api/v1/dabang/tournaments/{bracket['id']}").json["rounds"][0][0]["match_id"] is None
    second = api.post(url, {"table_id": table["id"]}, role="pitboss").json
    api.post(f"/api/v1/matches/{second['id']}/end", {"reason": "team B left", "winner": "A"}, role="pitboss")
    slot = api.get(f"/api/v1/dabang/tournaments/{bracket['id']}").json["rounds"][0][0]
    assert (slot["winner"], slot["how"]) == (slot["teams"][0], "stopped")
    decided = api.post(url, {"table_id": table["id"]}, role="pitboss")
    assert (decided.status_code, decided.json["code"]) == (409, "match_over")


def test_a_new_deal_on_a_decided_tournament_match_is_match_over_as_documented(api, app):
    bracket = _tournament(api)
    table = new_table(api)
    match = api.post(f"/api/v1/dabang/tournaments/{bracket['id']}/rounds/1/matches/0", {"table_id": table["id"]},
                     role="pitboss").json
    finish(app.extensions["roadsvc.db"], match["id"], "A", "passed_ten")
    deal = api.post(f"/api/v1/matches/{match['id']}/deals", {"draw": shuffled_codes(1), "first_drawer": 1},
                    role="dealer")
    assert (deal.status_code, deal.json["code"]) == (409, "match_over")  # was 422 already_decided (field slot)


def test_a_match_ended_on_the_time_limit_at_a_deals_end_sends_match_ended(api, app):
    start = datetime(2026, 11, 25, 2, 0, tzinfo=timezone.utc)
    clock = {"now": start}
    app.extensions[CLOCK] = lambda: clock["now"]
    match_id = new_match(api, new_table(api)["id"], minutes=1)["id"]
    clock["now"] = start + timedelta(minutes=5)  # the limit passes during the first deal
    last = whole_first_deal(api, match_id, seed=5)  # a deal that moves a level: the match ends with it
    after = state(api, match_id, "display")
    assert after["levels"]["A"] != after["levels"]["B"] and after["winner"] is not None
    [ended] = _events(app, "match_ended")
    assert (ended["match_id"], ended["winner"], ended["reason"], ended["levels"]) == \
        (match_id, after["winner"], after["reason"], after["levels"])
    assert last["deal_over"] and after["reason"] in ("time_limit", "passed_ten", "three_jokers", "zero_points")


def test_the_lists_of_a_tables_matches_and_of_the_tournaments_are_paged_newest_first_and_filtered(api):
    table = new_table(api)
    ids = []
    for _ in range(3):
        ids.append(new_match(api, table["id"])["id"])
        if len(ids) < 3:
            api.post(f"/api/v1/matches/{ids[-1]}/end", {"reason": "next"}, role="pitboss")
    url = f"/api/v1/tables/{table['id']}/matches"
    page = api.get(f"{url}?limit=2", role="display").json
    assert [m["id"] for m in page["matches"]] == ids[::-1][:2] and page["next_after"] == ids[1]
    rest = api.get(f"{url}?limit=2&after={page['next_after']}", role="display").json
    assert [m["id"] for m in rest["matches"]] == [ids[0]] and rest["next_after"] is None
    assert [m["id"] for m in api.get(f"{url}?state=open").json["matches"]] == [ids[2]]
    assert [m["id"] for m in api.get(f"{url}?state=finished").json["matches"]] == ids[1::-1]
    bad = api.get(f"{url}?state=over")
    assert bad.status_code in (400, 422) and bad.json["field"] == "state"
    assert api.get("/api/v1/tables/999/matches").status_code == 404
    made = [_tournament(api, [{"name": f"{n}{i}", "players": [f"{n}{i}a", f"{n}{i}b"]} for n in "XY"])["id"]
            for i in range(2)]
    listed = api.get("/api/v1/dabang/tournaments?limit=1").json
    assert [t["id"] for t in listed["tournaments"]] == [made[1]] and listed["next_after"] == made[1]
    assert [t["id"] for t in api.get(f"/api/v1/dabang/tournaments?after={made[1]}&limit=1").json["tournaments"]] == \
        [made[0]]
    assert api.get("/api/v1/dabang/tournaments?state=finished").json["tournaments"] == []


@pytest.mark.parametrize(("teams", "code", "field"), [
    (TEAMS + [{"name": "EAST", "players": ["Q1", "Q2"]}], "duplicate_team", "teams[2].name"),
    (TEAMS + [{"name": "east ", "players": ["Q1", "Q2"]}], "invalid_characters", "teams[2].name"),  # issue 46 item 2
    (TEAMS + [{"name": "South", "players": ["Q1", "West 2"]}], "duplicate_player", "teams[2].players[1]"),
    ([{"name": "East", "players": ["Li", "Li"]}, TEAMS[1]], "duplicate_player", "teams[0].players[1]"),
    ([{"name": "Ea\u200bst", "players": ["Li", "Wu"]}, TEAMS[1]], "invalid_characters", "teams[0].name"),
])
def test_a_tournament_refuses_a_team_or_player_twice_and_invisible_characters(api, teams, code, field):
    response = api.post("/api/v1/dabang/tournaments", {"name": "Cup", "teams": teams}, role="pitboss")
    assert (response.status_code, response.json["code"], response.json["field"]) == (422, code, field)


def test_a_players_name_with_an_invisible_character_is_refused(api):
    table = new_table(api)
    response = api.post(f"/api/v1/tables/{table['id']}/matches", {"players": {**PLAYERS, "2": "Wa\u202eng"}},
                        role="pitboss")
    assert (response.status_code, response.json["code"], response.json["field"]) == \
        (422, "invalid_characters", "players.2")
