"""A whole 打棒 deal through the routes, on SQLite and PostgreSQL: every play checked as it is made,
the deal scored by the service, the levels moved, the road and its image."""

from __future__ import annotations

import random

from dabang_api import PLAYERS, bury_and_pass, new_match, new_table, next_legal_play, start_first_deal, state


def test_a_match_starts_with_both_teams_at_three(api):
    table = new_table(api)
    match = new_match(api, table["id"])
    assert match["teams"] == {"A": [1, 3], "B": [2, 4]} and match["levels"] == {"A": 3, "B": 3}
    assert match["players"] == PLAYERS and match["started_at"] and match["current_deal"] is None


def test_a_whole_deal_through_the_routes(api):
    rng = random.Random(5)
    match_id = new_match(api, new_table(api)["id"])["id"]
    number, _ = start_first_deal(api, match_id, seed=11)
    bury_and_pass(api, match_id, number, rng)
    url = f"/api/v1/matches/{match_id}/deals/{number}/plays"
    tricks, last, played = 0, None, 0
    while True:
        deal = state(api, match_id)["current_deal"]
        if deal is None:
            break
        seat, cards = next_legal_play(deal, rng)
        response = api.post(url, {"seat": seat, "cards": cards}, role="dealer")
        assert response.status_code == 201, response.json
        last, played = response.json, played + len(cards)
        assert last["trick"]["plays"][-1] == {"seat": seat, "cards": cards}
        if "winner" in last["trick"]:
            tricks += 1
            assert last["trick"]["winner"] in (1, 2, 3, 4) and last["trick"]["points"] >= 0
    assert last["deal_over"] and played == 156 and tricks >= 13
    result = last["result"]
    after = state(api, match_id, role="display")
    assert after["deals"] == [result] and after["levels"] == result["levels_after"]
    assert after["holder"] in ("A", "B") and after["dealer_seat"] in (1, 2, 3, 4)
    assert result["trick_points"] + result["bottom_points"] <= 300 and result["points"] >= 0


def test_a_wrong_play_is_refused_with_the_rule_and_changes_nothing(api):
    rng = random.Random(2)
    match_id = new_match(api, new_table(api)["id"])["id"]
    number, _ = start_first_deal(api, match_id, seed=3)
    bury_and_pass(api, match_id, number, rng)
    url = f"/api/v1/matches/{match_id}/deals/{number}/plays"
    before = state(api, match_id)
    deal = before["current_deal"]
    leader = deal["turn"]
    other = leader % 4 + 1
    refusals = [
        ({"seat": other, "cards": deal["hands"][str(other)][:1]}, "not_your_turn"),
        ({"seat": leader, "cards": [next(c for c in ("AS", "AH", "AC", "AD", "KS") if c not in
                                         deal["hands"][str(leader)])]}, "not_in_hand"),
        ({"seat": leader, "cards": []}, "validation_error"),  # a malformed body: the schema's
        ({"seat": leader, "cards": ["XX"]}, "invalid_card"),
        ({"seat": 7, "cards": ["AS"]}, "invalid_seat"),
    ]
    mixed = _two_different(deal["hands"][str(leader)])
    refusals.append(({"seat": leader, "cards": mixed}, "invalid_lead"))
    for body, code in refusals:
        response = api.post(url, body, role="dealer")
        assert response.status_code == 422 and response.json["code"] == code, (body, response.json)
        assert response.json["message"]
    assert state(api, match_id)["revision"] == before["revision"]
    wrong_deal = api.post(f"/api/v1/matches/{match_id}/deals/9/plays", {"seat": leader, "cards": ["AS"]},
                          role="dealer")
    assert wrong_deal.status_code == 404 and wrong_deal.json["code"] == "deal_not_found"
    early = api.post(f"/api/v1/matches/{match_id}/deals/{number}/bury", {"seat": leader, "cards": []},
                     role="dealer")
    assert early.status_code == 409 and early.json["code"] == "wrong_phase"


def _two_different(hand: list[str]) -> list[str]:
    first = hand[0]
    return [first, next(code for code in hand if code != first)]


def test_the_draw_must_be_exactly_three_decks(api):
    match_id = new_match(api, new_table(api)["id"])["id"]
    codes = ["AS"] * 162
    response = api.post(f"/api/v1/matches/{match_id}/deals", {"draw": codes, "first_drawer": 1}, role="dealer")
    assert response.status_code == 422 and response.json["code"] == "not_three_decks"
    short = api.post(f"/api/v1/matches/{match_id}/deals", {"draw": codes[:5], "first_drawer": 1}, role="dealer")
    assert short.status_code == 422 and short.json["code"] == "wrong_draw_size"
    assert state(api, match_id)["current_deal"] is None


def test_a_match_is_started_only_at_a_dabang_table(api):
    baccarat = api.post("/api/v1/tables", {"name": "Baccarat 1", "rule_set": "classic"}, role="pitboss").json
    response = api.post(f"/api/v1/tables/{baccarat['id']}/matches", {"players": PLAYERS}, role="pitboss")
    assert response.status_code == 409 and response.json["code"] == "wrong_game" and response.json["game"] == "baccarat"
    missing = api.post("/api/v1/tables/999/matches", {"players": PLAYERS}, role="pitboss")
    assert missing.status_code == 404


def test_the_declarations_stay_in_the_current_deal_after_declaring(api):
    # issue 46 item 7: current_deal.declarations disappeared once declaring ended; a referee lost who declared
    rng = random.Random(5)
    match_id = new_match(api, new_table(api)["id"])["id"]
    number, codes = start_first_deal(api, match_id, seed=11)
    from dabang_api import first_big_joker_body
    declared = first_big_joker_body(codes)
    wanted = [{"seat": declared["seat"], "cards": ["BJ"], "at": declared["at"], "suit": None, "kind": "qiangliang"}]
    for role in ("display", "pitboss"):
        deal = state(api, match_id, role=role)["current_deal"]
        assert deal["phase"] != "declaring" and deal["declarations"] == wanted, role
    bury_and_pass(api, match_id, number, rng)
    deal = state(api, match_id, role="display")["current_deal"]
    assert deal["phase"] == "playing" and deal["declarations"] == wanted
