"""Who may do what with bets: display reads the open bets; a game_server key, and it alone,
places slips, and reads settlements with the pit boss and admin; the dealer (the card
reader) never places a bet on a hand it has seen; dealers close betting at their own table."""

from __future__ import annotations

from betting import bet, make_table  # noqa: F401
from roadsvc.services.capabilities import ROLES
from roadsvc.services.keys.lifecycle import create_key


def test_the_roles():
    assert ROLES == ("display", "game_server", "dealer", "pitboss", "admin")


def test_slips_need_a_game_server_key_and_no_other(make_table):
    table = make_table("classic")
    assert table.slip(bet("banker", "10.00"), role=None).status_code == 401
    for role in ("display", "dealer", "pitboss", "admin"):
        refused = table.slip(bet("banker", "10.00"), role=role)
        assert (refused.status_code, refused.json["code"]) == (403, "forbidden"), role
    assert table.slip(bet("banker", "10.00"), role="game_server").status_code == 201


def test_a_game_server_key_cannot_close_betting_post_hands_or_void(make_table, api):
    table = make_table("classic")
    assert table.close(role="game_server").status_code == 403
    assert api.post(f"/api/v1/tables/{table.id}/hands", {"result": "banker"}, role="game_server").status_code == 403
    assert table.close(role="dealer").status_code == 200


def test_settlements_are_for_money_readers_and_open_bets_for_everyone_with_a_key(make_table, api):
    table = make_table("classic")
    for role in ("display", "dealer"):
        assert table.settlement(1, role=role).status_code == 403, role
    for role in ("game_server", "pitboss", "admin"):
        assert table.settlement(1, role=role).status_code == 200, role
    assert api.get(f"/api/v1/tables/{table.id}/bets", role="display").status_code == 200
    assert api.get(f"/api/v1/tables/{table.id}/bets", role=None).status_code == 401


def test_a_dealer_key_bound_to_another_table_cannot_close_its_betting(make_table, api):
    first, second = make_table("classic"), make_table("classic")
    _, plain = create_key(first.db, "dealer", "reader", first.id)
    refused = api.client.post(f"/api/v1/tables/{second.id}/bets/close", json={}, headers={"X-API-Key": plain})
    assert (refused.status_code, refused.json["code"]) == (403, "wrong_table")


def test_an_admin_can_issue_a_game_server_key(api):
    created = api.post("/api/v1/keys", {"role": "game_server", "name": "game server 1"}, role="admin")
    assert (created.status_code, created.json["role"]) == (201, "game_server")
