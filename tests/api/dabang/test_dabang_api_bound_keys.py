"""A dealer key bound to a 打棒 table acts on the matches at that table (every match path: the draw, the
moves, the state with the hands, the road) and is refused 403 wrong_table on a match at another table."""

from __future__ import annotations

from apiroutes import api_routes, fill
from dabang_api import new_match, new_table, start_first_deal, state, whole_first_deal

from roadsvc.services.capabilities import can
from roadsvc.services.keys.lifecycle import create_key


def bind(app, api, table_id: int, role: str = "bound") -> str:
    """A dealer key bound to the table, usable as `role=` in the api helper."""
    _, plain = create_key(app.extensions["roadsvc.db"], "dealer", "bound dealer", table_id)
    api.keys[role] = plain
    return role


def match_routes(app) -> list[tuple[str, str]]:
    return [(method, rule) for method, rule, capability in api_routes(app)
            if "<match_id>" in rule and can("dealer", capability)]


def test_a_bound_dealer_key_plays_a_whole_deal_at_its_own_table(app, api):
    table = new_table(api)
    match_id = new_match(api, table["id"])["id"]
    role = bind(app, api, table["id"])
    last = whole_first_deal(api, match_id, seed=4, role=role)  # the draw, 抢亮, trump, bury, every play
    assert last["deal_over"] and last["result"]["levels_after"] == state(api, match_id, role)["levels"]
    assert api.get(f"/api/v1/matches/{match_id}/road", role=role).json["deals"] == [last["result"]]


def test_a_bound_dealer_key_sees_the_hands_at_its_own_table(app, api):
    table = new_table(api)
    match_id = new_match(api, table["id"])["id"]
    role = bind(app, api, table["id"])
    start_first_deal(api, match_id, seed=8, role=role)
    assert sorted(len(hand) for hand in state(api, match_id, role)["current_deal"]["hands"].values()) == \
        [39, 39, 39, 39]


def test_every_match_path_answers_a_bound_key_at_its_own_table_and_refuses_it_elsewhere(app, api):
    own, other = new_table(api, "Own"), new_table(api, "Other")
    own_match, other_match = new_match(api, own["id"])["id"], new_match(api, other["id"])["id"]
    role = bind(app, api, own["id"])
    routes = match_routes(app)
    assert len(routes) >= 8
    for method, rule in routes:
        values = {"number": 1, "fmt": "svg"}
        mine = api.client.open(fill(rule, {**values, "match_id": own_match}), method=method,
                               json={} if method != "GET" else None, headers=api.headers(role))
        assert mine.status_code not in (401, 403), (method, rule, mine.json)
        theirs = api.client.open(fill(rule, {**values, "match_id": other_match}), method=method,
                                 json={} if method != "GET" else None, headers=api.headers(role))
        assert (theirs.status_code, theirs.json["code"]) == (403, "wrong_table"), (method, rule)
        assert theirs.json["field"] == "table_id"
    assert state(api, other_match)["revision"] == 1  # nothing the refused key asked changed the other match


def test_a_bound_key_is_refused_on_a_match_that_does_not_exist_yet_and_served_once_it_does(app, api):
    table = new_table(api)
    role = bind(app, api, table["id"])
    missing = api.get("/api/v1/matches/1", role=role)
    assert (missing.status_code, missing.json["code"]) == (403, "wrong_table")
    match_id = new_match(api, table["id"])["id"]  # the refused ask kept nothing: the new match is its table's
    assert match_id == 1 and api.get(f"/api/v1/matches/{match_id}", role=role).status_code == 200


def test_an_unbound_dealer_key_acts_on_a_match_at_any_table(api):
    match_id = new_match(api, new_table(api)["id"])["id"]
    from dabang_play import shuffled_codes
    posted = api.post(f"/api/v1/matches/{match_id}/deals", {"draw": shuffled_codes(2), "first_drawer": 1},
                      role="dealer")
    assert posted.status_code == 201, posted.json
