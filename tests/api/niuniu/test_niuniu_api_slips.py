"""Slips on a niuniu table over HTTP: the shared /slips URL sends them to niuniu; settlement, refusals, roles."""

import pytest

from niuniu_support import by_order, slip_body


def slip(api, niuniu, number=1, account="a", balance="1000.00", role="game_server", **bets):
    body = slip_body(number, account, balance, bets)
    return api.post(f"/api/v1/tables/{niuniu['id']}/slips", body, role=role)


def test_a_slip_is_taken_settled_and_read(api, niuniu, rounds_url):
    taken = slip(api, niuniu, player_1="10.00", player_2="10.00")
    assert taken.status_code == 201, taken.json
    assert taken.json["bets"] == [{"area": "player_1", "stake": "10.00"}, {"area": "player_2", "stake": "10.00"}]
    api.post(rounds_url, by_order(1), role="dealer")
    late = slip(api, niuniu)
    assert (late.status_code, late.json["code"], late.json["field"]) == (409, "betting_closed", "round")
    api.post(f"{rounds_url}/1/open", {}, role="dealer")
    settled = api.get(f"{rounds_url}/1/settlement", role="game_server").json
    assert settled["accounts"]["a"]["net"] == "20.00" and settled["banker"]["net"] == "-20.00"
    assert [bet["outcome"] for bet in settled["accounts"]["a"]["bets"]] == ["win", "lose"]


def test_refusals_with_their_codes(api, niuniu):
    assert slip(api, niuniu, balance="10.00").json["code"] == "insufficient_cover"
    assert slip(api, niuniu, number=3).json["code"] == "round_not_open"
    bad_area = slip(api, niuniu, banker="1.00")
    assert (bad_area.status_code, bad_area.json["code"], bad_area.json["field"]) == (422, "unknown_area",
                                                                                     "bets[0].area")
    unknown = api.post(f"/api/v1/tables/{niuniu['id']}/slips", {**slip_body(1), "hand_number": 3}, role="game_server")
    assert (unknown.status_code, unknown.json["field"]) == (422, "hand_number")  # niuniu's schema, not baccarat's
    assert slip(api, niuniu, role="dealer").status_code == 403
    assert api.post("/api/v1/tables/999/slips", {}, role="game_server").status_code == 404


def test_a_niuniu_slip_on_a_baccarat_table_is_told_the_table_is_baccarats(api, niuniu):
    table = api.post("/api/v1/tables", {"name": "Bac"}, role="pitboss").json["id"]
    answer = api.post(f"/api/v1/tables/{table}/slips", slip_body(1), role="game_server")
    assert (answer.status_code, answer.json["code"], answer.json["game"]) == (409, "wrong_game", "baccarat")
    assert answer.json["message"] == f"table {table} is a baccarat table"
    half = api.post(f"/api/v1/tables/{table}/slips", {"account_id": "a", "bets": []}, role="game_server")
    assert (half.status_code, half.json["field"]) == (422, "client_slip_id")  # baccarat's schema: no other game's slip
    mixed = api.post(f"/api/v1/tables/{table}/slips", {"round": 1, "account_id": "a", "balance": "1", "bets": [],
                                                        "client_slip_id": "x", "account_range": {"min": "1",
                                                                                                 "max": "9"}},
                     role="game_server")
    assert (mixed.status_code, mixed.json["code"]) == (422, "validation_error")  # baccarat's own field: its refusal


def test_a_baccarat_slip_on_a_niuniu_table_is_told_the_table_is_niunius(api, niuniu):
    answer = api.post(f"/api/v1/tables/{niuniu['id']}/slips", {"client_slip_id": "s1", "account_id": "a",
                                                                "account_range": {"min": "1", "max": "100"},
                                                                "bets": [{"bet": "banker", "stake": "10"}]},
                      role="game_server")
    assert (answer.status_code, answer.json["code"], answer.json["game"]) == (409, "wrong_game", "niuniu")


def test_invisible_characters_in_a_slips_account_id_are_refused(api, niuniu):
    for hidden in ("\u202e", "\u200b", "\u0085"):
        answer = slip(api, niuniu, account=f"acct{hidden}1")
        assert (answer.status_code, answer.json["code"], answer.json["field"]) == (422, "invalid_characters",
                                                                                   "account_id"), hidden


def test_niuniu_paths_on_a_baccarat_table_are_wrong_game(api):
    table = api.post("/api/v1/tables", {"name": "Bac"}, role="pitboss").json["id"]
    for method, path in [("post", "rounds"), ("get", "rounds"), ("get", "rounds/1"), ("post", "rounds/1/open"),
                         ("get", "trend"), ("get", "trend.png"), ("post", "banker/apply"), ("get", "niuniu/state")]:
        role = "dealer" if method == "post" and "rounds" in path else "game_server"
        response = getattr(api, method)(f"/api/v1/tables/{table}/{path}", **({"json": {}} if method == "post" else {}),
                                        role=role)
        assert (response.status_code, response.json["code"], response.json["game"]) == (409, "wrong_game",
                                                                                         "baccarat"), path
    roads = api.get(f"/api/v1/tables/{table}/roads")
    assert roads.status_code in (200, 404)


def test_a_retried_slip_answers_200_with_the_first_answer_and_another_under_its_id_409(api, niuniu):
    url = f"/api/v1/tables/{niuniu['id']}/slips"
    body = slip_body(1, "a", client_slip_id="gs-1")
    first = api.post(url, body, role="game_server")
    again = api.post(url, body, role="game_server")
    assert (first.status_code, again.status_code, again.json) == (201, 200, first.json)
    assert first.json["client_slip_id"] == "gs-1"
    other = api.post(url, {**body, "balance": "2000.00"}, role="game_server")
    assert (other.status_code, other.json["code"], other.json["field"]) == (409, "slip_conflict", "client_slip_id")


@pytest.mark.parametrize("field, value", [("balance", 100000), ("balance", "1e30"),
                                          ("balance", "99999999999999999999999999999999.00"), ("balance", "-1.00")])
def test_an_amount_is_a_bounded_decimal_string(api, niuniu, field, value):
    # issue 34: a JSON number was taken as money and 28+ digits answered 500
    answer = api.post(f"/api/v1/tables/{niuniu['id']}/slips", {**slip_body(1), field: value}, role="game_server")
    assert (answer.status_code, answer.json["code"], answer.json["field"]) == (422, "invalid_amount", field)


def test_a_stake_that_is_a_json_number_is_refused(api, niuniu):
    answer = api.post(f"/api/v1/tables/{niuniu['id']}/slips", {**slip_body(1), "bets": [{"area": "player_1",
                                                                                          "stake": 10}]},
                      role="game_server")
    assert (answer.status_code, answer.json["code"], answer.json["field"]) == (422, "invalid_amount", "bets[0].stake")


def test_leave_on_a_round_that_does_not_exist_is_404(api, niuniu, rounds_url):
    answer = api.post(f"{rounds_url}/99/leave", {"account_id": "a"}, role="game_server")  # issue 34: was 200
    assert (answer.status_code, answer.json["code"]) == (404, "round_not_found")


def test_a_slip_for_a_later_round_is_told_which_round_takes_bets(api, niuniu, rounds_url):
    # issue 46 item 1: a slip for round 2 while round 1 took bets said "once round 0 is settled"
    assert slip(api, niuniu).status_code == 201
    ahead = slip(api, niuniu, number=2, account="b")
    assert (ahead.status_code, ahead.json["code"], ahead.json["field"]) == (409, "round_not_open", "round")
    assert ahead.json["message"] == "bets are taken on round 1, not round 2"
    api.post(rounds_url, by_order(1), role="dealer")
    waiting = slip(api, niuniu, number=2, account="b")
    assert waiting.json["message"] == "bets are taken on round 2 once round 1 is settled"


def test_a_retry_is_the_same_slip_by_content_bets_in_any_order(api, niuniu):
    # issue 46 item 3: compared byte for byte, the same bets in another order were a 409 conflict
    url = f"/api/v1/tables/{niuniu['id']}/slips"
    body = slip_body(1, "a", "1000", {"player_1": "10.00", "player_2": "5"}, client_slip_id="gs-order")
    first = api.post(url, body, role="game_server")
    reordered = {**body, "balance": "1000.00", "bets": list(reversed([{"area": "player_1", "stake": "10"},
                                                                       {"area": "player_2", "stake": "5.00"}]))}
    again = api.post(url, reordered, role="game_server")
    assert (first.status_code, again.status_code, again.json) == (201, 200, first.json)
    other = api.post(url, {**reordered, "bets": [{"area": "player_1", "stake": "10"}]}, role="game_server")
    assert (other.status_code, other.json["code"]) == (409, "slip_conflict")


def test_a_settlement_filters_by_account_as_baccarats_does(api, niuniu, rounds_url):
    # issue 46 item 4: ?account_id= was ignored on a 百人牛牛 settlement; baccarat's honours it
    slip(api, niuniu, account="a", player_1="10.00")
    slip(api, niuniu, account="b", player_2="10.00")
    api.post(rounds_url, by_order(1), role="dealer")
    api.post(f"{rounds_url}/1/open", {}, role="dealer")
    whole = api.get(f"{rounds_url}/1/settlement", role="game_server").json
    only_b = api.get(f"{rounds_url}/1/settlement?account_id=b", role="game_server")
    assert only_b.status_code == 200, only_b.json
    assert set(whole["accounts"]) == {"a", "b"} and only_b.json["accounts"] == {"b": whole["accounts"]["b"]}
    assert only_b.json["banker"] == whole["banker"]
    assert api.get(f"{rounds_url}/1/settlement?account_id=z", role="game_server").json["accounts"] == {}
