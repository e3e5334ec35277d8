"""Money per account (settlements, the audit log's settlement differences and refunds) is
for game_server, pitboss and admin keys only: a display or a dealer never sees it."""

from __future__ import annotations

import pytest

from betting import bet, make_table  # noqa: F401

BANKER_NATURAL_9 = {"cards": {"player": ["2S", "3H"], "banker": ["4D", "5C"]}}
PLAYER_NATURAL_9 = {"cards": {"player": ["4D", "5C"], "banker": ["2S", "3H"]}}


@pytest.fixture
def corrected(make_table, api):
    table = make_table("classic")
    table.slip(bet("banker", "100.00"), account_id="acct-7")
    table.post(BANKER_NATURAL_9)
    response = api.post(f"/api/v1/shoes/{table.shoe_id}/hands/1/correct",
                        {"hand": PLAYER_NATURAL_9, "reason": "reader misread"}, role="pitboss")
    assert response.status_code == 200, response.json
    return table


@pytest.mark.parametrize("role", ["display", "dealer"])
def test_the_audit_log_hides_per_account_money_from_display_and_dealer(api, corrected, role):
    response = api.get(f"/api/v1/shoes/{corrected.shoe_id}/audit", role=role)
    assert response.status_code == 200
    record = response.json[-1]
    assert record["action"] == "correct" and "hand" in record["after"]
    assert "settlement" not in record["after"]
    assert "acct-7" not in response.get_data(as_text=True)


@pytest.mark.parametrize("role", ["game_server", "pitboss", "admin"])
def test_money_readers_see_each_accounts_difference(api, corrected, role):
    record = api.get(f"/api/v1/shoes/{corrected.shoe_id}/audit", role=role).json[-1]
    assert record["after"]["settlement"]["acct-7"]["difference"] == "-195.00"


def test_a_round_cancels_refunds_are_hidden_from_a_display(make_table, api):
    table = make_table("classic")
    table.slip(bet("banker", "100.00"), account_id="acct-9")
    assert table.close().status_code == 200
    cancelled = api.post(f"/api/v1/tables/{table.id}/bets/cancel", {"hand_number": 1, "reason": "shuffler fault"},
                         role="pitboss")
    assert cancelled.status_code == 200, cancelled.json
    shown = api.get(f"/api/v1/shoes/{table.shoe_id}/audit", role="display").json[-1]
    assert shown["action"] == "cancel_round" and "refunded" not in shown["after"]
    full = api.get(f"/api/v1/shoes/{table.shoe_id}/audit", role="pitboss").json[-1]
    assert full["after"]["refunded"] == {"acct-9": "100.00"}
