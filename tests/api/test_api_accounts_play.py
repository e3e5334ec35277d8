"""GET /accounts/{id}/play and PUT /accounts/{id}/link (issue 45), on SQLite and PostgreSQL."""

from __future__ import annotations

from betting import bet, make_table  # noqa: F401
from roadsvc.services.baccarat.play_watch import PlayWatch

PLAYER_NATURAL_9 = {"cards": ["9S", "2D", "KH", "3C"]}


def test_an_accounts_play_after_its_shoe_is_counted(api, make_table):
    table = make_table("extended")
    watch = PlayWatch(table.db)
    watch.step()
    table.slip(bet("banker", "10.00"), bet("player", "10.00"), account_id="acct-1")
    table.post(PLAYER_NATURAL_9)
    watch.step()
    assert api.post(f"/api/v1/tables/{table.id}/shoes/{table.shoe_id}/close", role="dealer").status_code == 200
    watch.step()
    answer = api.get("/api/v1/accounts/acct-1/play", role="pitboss")
    assert answer.status_code == 200
    found = answer.get_json()
    assert (found["stakes"], found["other_stakes"], found["flagged"], found["tables"]) == (2, 2, False, [table.id])
    assert {entry["bet"] for entry in found["bets"]} == {"banker", "player"}
    assert [alert["code"] for alert in found["alerts"]] == ["opposite_bets"]
    assert found["mean_ev"] < 0 and found["p_value"] == 1.0
    assert api.get("/api/v1/accounts/acct-1/play", role="admin").status_code == 200
    for role in ("display", "game_server", "dealer"):
        assert api.get("/api/v1/accounts/acct-1/play", role=role).status_code == 403


def test_bad_and_unknown_accounts(api):
    for path, code in (("a%C2%A0b", "invalid_characters"), ("%20acct", "invalid_characters"),
                       ("a%E2%80%AEb", "invalid_characters"), ("x" * 101, "invalid_account_id")):
        bad = api.get(f"/api/v1/accounts/{path}/play", role="pitboss")
        assert bad.status_code == 422 and (bad.get_json()["code"], bad.get_json()["field"]) == (code, "account_id")
    unknown = api.get("/api/v1/accounts/nobody/play", role="pitboss")
    assert unknown.status_code == 404 and unknown.get_json()["code"] == "account_not_found"


def test_an_admin_links_accounts_and_a_bad_group_changes_nothing(api):
    put = api.client.put
    linked = put("/api/v1/accounts/acct-1/link", json={"group": "ring-7"}, headers=api.headers("admin"))
    assert linked.status_code == 200 and linked.get_json()["members"] == ["acct-1"]
    put("/api/v1/accounts/acct-2/link", json={"group": "ring-7"}, headers=api.headers("admin"))
    assert api.get("/api/v1/accounts/acct-2/play", role="pitboss").get_json()["linked_accounts"] == ["acct-1"]
    bad = put("/api/v1/accounts/acct-2/link", json={"group": "no spaces"}, headers=api.headers("admin"))
    assert bad.status_code == 422 and bad.get_json()["field"] == "group"
    assert api.get("/api/v1/accounts/acct-2/play", role="pitboss").get_json()["link_group"] == "ring-7"
    assert put("/api/v1/accounts/acct-2/link", json={"group": "x"}, headers=api.headers("pitboss")).status_code == 403
    unlinked = put("/api/v1/accounts/acct-2/link", json={"group": None}, headers=api.headers("admin"))
    assert unlinked.get_json() == {"account_id": "acct-2", "link_group": None, "members": []}
    trail = api.get("/api/v1/audit?kind=account.unlinked", role="admin")
    assert trail.status_code == 200 and trail.get_json()["total"] == 1


def test_an_account_id_valid_for_slips_is_valid_for_the_watch(api, make_table):
    """One identifier rule: an account a slip names with a space, a #, a / and Chinese characters (all refused by
    the watch's old pattern) is watched, read and linked by its id, percent-encoded in the path."""
    from urllib.parse import quote

    account = "玩家 #7/A"
    table = make_table("extended")
    watch = PlayWatch(table.db)
    watch.step()
    placed = table.slip(bet("banker", "10.00"), account_id=account)
    assert placed.status_code == 201, placed.json
    table.post(PLAYER_NATURAL_9)
    watch.step()
    assert api.post(f"/api/v1/tables/{table.id}/shoes/{table.shoe_id}/close", role="dealer").status_code == 200
    watch.step()
    answer = api.get(f"/api/v1/accounts/{quote(account, safe='')}/play", role="pitboss")
    assert answer.status_code == 200, answer.get_json()
    assert (answer.get_json()["account_id"], answer.get_json()["stakes"]) == (account, 1)
    linked = api.client.put(f"/api/v1/accounts/{quote(account, safe='')}/link", json={"group": "ring-9"},
                            headers=api.headers("admin"))
    assert linked.status_code == 200 and linked.get_json()["members"] == [account]
