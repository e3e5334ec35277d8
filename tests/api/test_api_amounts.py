"""Amounts past the bound on every money path answer 422 invalid_amount naming the field (a 百人牛牛
balance of 32 digits answered 500: Decimal.quantize overflowed)."""

from __future__ import annotations

import pytest

HUGE = ["99999999999999999999999999999999.00", "1e30"]


@pytest.fixture
def niuniu(api) -> int:
    response = api.post("/api/v1/tables", {"name": "Niu Niu 1", "game": "niuniu"}, role="pitboss")
    assert response.status_code == 201, response.json
    return response.json["id"]


@pytest.mark.parametrize("balance", HUGE)
def test_a_niuniu_slip_balance_past_the_bound_is_invalid_amount(api, niuniu, balance):
    body = {"round": 1, "client_slip_id": "s1", "account_id": "a", "balance": balance, "bets": [{"area": "player_1", "stake": "10.00"}]}
    answer = api.post(f"/api/v1/tables/{niuniu}/slips", body, role="game_server")
    assert (answer.status_code, answer.json["code"], answer.json["field"]) == (422, "invalid_amount", "balance")


@pytest.mark.parametrize("stake", HUGE)
def test_a_niuniu_stake_past_the_bound_is_invalid_amount(api, niuniu, stake):
    body = {"round": 1, "client_slip_id": "s1", "account_id": "a", "balance": "100.00", "bets": [{"area": "player_1", "stake": stake}]}
    answer = api.post(f"/api/v1/tables/{niuniu}/slips", body, role="game_server")
    assert (answer.status_code, answer.json["code"]) == (422, "invalid_amount")
    assert answer.json["field"].endswith("stake")


@pytest.mark.parametrize("path", ["banker/apply", "seats/sit"])
def test_a_banker_or_seat_balance_past_the_bound_is_invalid_amount(api, niuniu, path):
    body = {"account_id": "a", "balance": HUGE[0], **({"seat": 1} if path == "seats/sit" else {})}
    answer = api.post(f"/api/v1/tables/{niuniu}/{path}", body, role="game_server")
    assert (answer.status_code, answer.json["code"], answer.json["field"]) == (422, "invalid_amount", "balance")


def test_niuniu_state_with_a_balance_past_the_bound_is_refused(api, niuniu):
    answer = api.get(f"/api/v1/tables/{niuniu}/niuniu/state?account_id=a&balance=1e30", role="game_server")
    assert answer.status_code in (400, 422)
    assert (answer.json["code"], answer.json["field"]) == ("invalid_amount", "balance")
