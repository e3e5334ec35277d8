"""Slips on a niuniu table over HTTP: the shared /slips URL sends them to niuniu; settlement, refusals, roles."""

from niuniu_support import by_order


def slip(api, niuniu, number=1, account="a", balance="1000.00", role="game_server", **bets):
    body = {"round": number, "account_id": account, "balance": balance,
            "bets": [{"area": area, "stake": stake} for area, stake in (bets or {"player_1": "10.00"}).items()]}
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
    unknown = api.post(f"/api/v1/tables/{niuniu['id']}/slips", {"round": 1, "account_id": "a", "balance": "1",
                                                                  "bets": [{"area": "player_1", "stake": "1"}],
                                                                  "hand_number": 3}, role="game_server")
    assert (unknown.status_code, unknown.json["field"]) == (422, "hand_number")  # niuniu's schema, not baccarat's
    assert slip(api, niuniu, role="dealer").status_code == 403
    assert api.post("/api/v1/tables/999/slips", {}, role="game_server").status_code == 404


def test_a_niuniu_slip_on_a_baccarat_table_is_told_the_table_is_baccarats(api, niuniu):
    table = api.post("/api/v1/tables", {"name": "Bac"}, role="pitboss").json["id"]
    answer = api.post(f"/api/v1/tables/{table}/slips", {"round": 1, "account_id": "a", "balance": "1",
                                                         "bets": []}, role="game_server")
    assert (answer.status_code, answer.json["code"], answer.json["game"]) == (409, "wrong_game", "baccarat")
    assert answer.json["message"] == f"table {table} is a baccarat table"
    half = api.post(f"/api/v1/tables/{table}/slips", {"account_id": "a", "bets": []}, role="game_server")
    assert (half.status_code, half.json["field"]) == (422, "client_slip_id")  # baccarat's schema: no other game's slip
    mixed = api.post(f"/api/v1/tables/{table}/slips", {"round": 1, "account_id": "a", "balance": "1", "bets": [],
                                                        "client_slip_id": "x"}, role="game_server")
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
