"""The stakes of the round in play (issue 34): `GET /tables/{id}/niuniu/stakes`, per area the total staked and
the slips staking it, from the first slip through the betting window and the dealing to the settlement; a
leaver's stakes leave it; never a card or an account. On SQLite and PostgreSQL."""

from __future__ import annotations

import json

from niuniu_support import HANDS, by_order, hidden_codes_in, slip_body

EMPTY = {"stake": "0.00", "slips": 0}


def stakes(api, table_id: int, role: str = "display") -> dict:
    answer = api.get(f"/api/v1/tables/{table_id}/niuniu/stakes", role=role)
    assert answer.status_code == 200, answer.json
    return answer.json


def slip(api, table_id: int, number: int, account: str, **bets) -> None:
    taken = api.post(f"/api/v1/tables/{table_id}/slips", slip_body(number, account, "10000.00", bets),
                     role="game_server")
    assert taken.status_code == 201, taken.json


def test_the_stakes_of_the_round_in_play_from_its_first_slip_to_its_settlement(api, niuniu, rounds_url):
    table = niuniu["id"]
    assert stakes(api, table) == {"table_id": table, "round": None}  # no slip yet
    slip(api, table, 1, "a", player_1="10.00", player_4="5.00")
    slip(api, table, 1, "b", player_1="100.00")
    slip(api, table, 1, "c", player_3="20.50")
    found = stakes(api, table)["round"]
    assert (found["number"], found["phase"], found["betting_open"]) == (1, "betting", True)
    assert found["betting_closes_at"]
    assert found["areas"] == {"player_1": {"stake": "110.00", "slips": 2}, "player_2": EMPTY,
                              "player_3": {"stake": "20.50", "slips": 1}, "player_4": {"stake": "5.00", "slips": 1}}
    assert found["total"] == {"stake": "135.50", "slips": 3}
    assert api.post(f"{rounds_url}/1/close", {}, role="dealer").status_code == 200
    closed = stakes(api, table)["round"]
    assert (closed["phase"], closed["betting_open"], closed["total"]) == ("betting", False, found["total"])

    assert api.post(rounds_url, by_order(1), role="dealer").status_code == 201
    assert api.post(f"{rounds_url}/1/leave", {"account_id": "c"}, role="game_server").status_code == 200
    dealt = stakes(api, table)["round"]
    assert (dealt["phase"], dealt["betting_open"], dealt["betting_closes_at"]) == ("dealing", False, None)
    assert dealt["areas"]["player_3"] == EMPTY and dealt["total"] == {"stake": "115.00", "slips": 2}
    assert api.post(f"{rounds_url}/1/open", {"position": "player_1"}, role="dealer").status_code == 200
    text = json.dumps(stakes(api, table))
    assert json.loads(text)["round"]["phase"] == "opening"
    assert hidden_codes_in(text) == [] and not any(card in text for cards in HANDS.values() for card in cards)
    assert '"a"' not in text and '"b"' not in text  # totals, no account

    assert api.post(f"{rounds_url}/1/open", {}, role="dealer").status_code == 200
    assert stakes(api, table)["round"] is None  # settled: nothing in play until the next slip
    slip(api, table, 2, "a", player_2="1.00")
    assert stakes(api, table)["round"]["number"] == 2


def test_the_stakes_are_a_niuniu_table_s(api, table):
    answer = api.get(f"/api/v1/tables/{table['id']}/niuniu/stakes")
    assert answer.status_code == 409 and answer.json["code"] == "wrong_game"
    assert api.get("/api/v1/tables/999/niuniu/stakes").status_code == 404
    assert api.get("/api/v1/tables/999/niuniu/stakes", role=None).status_code == 401
