"""The banker queue, super grab, seats, table state, leaving and the settlement over HTTP, with their roles."""

from niuniu_support import by_order


def url(niuniu, path: str) -> str:
    return f"/api/v1/tables/{niuniu['id']}/{path}"


def test_apply_step_down_and_the_state(api, niuniu):
    applied = api.post(url(niuniu, "banker/apply"), {"account_id": "a", "balance": "20000.00"}, role="game_server")
    assert applied.status_code == 200 and applied.json["queue"] == ["a"]
    low = api.post(url(niuniu, "banker/apply"), {"account_id": "b", "balance": "10.00"}, role="game_server")
    assert (low.status_code, low.json["code"], low.json["field"]) == (422, "balance_too_low", "balance")
    state = api.get(url(niuniu, "niuniu/state")).json
    assert state["queue"]["queue"] == ["a"] and len(state["seats"]) == 6 and state["round"] is None
    left = api.post(url(niuniu, "banker/step_down"), {"account_id": "a"}, role="game_server")
    assert left.json["queue"] == []
    assert api.post(url(niuniu, "banker/apply"), {"account_id": "a", "balance": "1"}, role="dealer").status_code == 403


def test_super_grab_and_what_the_state_tells_each_account(api, niuniu):
    poor = api.post(url(niuniu, "banker/super_grab"), {"account_id": "g", "vip_level": 1}, role="game_server")
    assert (poor.status_code, poor.json["code"], poor.json["field"]) == (422, "below_banker_min", "balance")
    grab = api.post(url(niuniu, "banker/super_grab"), {"account_id": "g", "vip_level": 1, "balance": "10000.00"},
                    role="game_server")
    assert grab.status_code == 200 and grab.json["super_grab_holder"] == "g" and grab.json["cost"] == "1000.00"
    taken = api.post(url(niuniu, "banker/super_grab"), {"account_id": "h", "vip_level": 5, "balance": "10000.00"},
                     role="game_server")
    assert (taken.status_code, taken.json["code"]) == (409, "super_grab_taken")
    mine = api.get(url(niuniu, "niuniu/state?account_id=h&vip_level=5&balance=3000.00")).json["for_account"]
    assert mine["super_grab"] == {"available": False, "reason": "super_grab_taken"}
    assert [seat["available"] for seat in mine["seats"]] == [True] * 6
    bad = api.get(url(niuniu, "niuniu/state?account_id=h&vip_level=x"))
    assert (bad.status_code, bad.json["code"]) == (422, "invalid_vip_level")
    for query, field in [("balance=-1.00", "balance"), ("balance=1e30", "balance"), ("acount_id=h", "acount_id")]:
        refused = api.get(url(niuniu, f"niuniu/state?{query}"))  # issue 34: accepted before
        assert (refused.status_code, refused.json["field"]) == (422, field), query


def test_seats_over_http(api, niuniu):
    sat = api.post(url(niuniu, "seats/sit"), {"account_id": "a", "seat": 2, "balance": "3000.00"}, role="game_server")
    assert sat.status_code == 200 and sat.json == {"seat": 2, "account_id": "a", "cost": "0.00"}
    taken = api.post(url(niuniu, "seats/sit"), {"account_id": "b", "seat": 2, "balance": "3000.00"},
                     role="game_server")
    assert (taken.status_code, taken.json["code"], taken.json["field"]) == (409, "seat_taken", "seat")
    assert api.get(url(niuniu, "niuniu/state")).json["seats"][1] == {"seat": 2, "account_id": "a"}
    assert api.post(url(niuniu, "seats/stand"), {"account_id": "a"}, role="game_server").json["seated"] is False


def test_leave_and_settlement_routes(api, niuniu):
    rounds = url(niuniu, "rounds")
    api.post(rounds, by_order(1), role="dealer")
    left = api.post(f"{rounds}/1/leave", {"account_id": "a"}, role="game_server")
    assert left.status_code == 200 and left.json["refunded"] == []
    not_yet = api.get(f"{rounds}/1/settlement", role="game_server")
    assert (not_yet.status_code, not_yet.json["code"]) == (409, "round_not_settled")
    api.post(f"{rounds}/1/open", {}, role="dealer")
    settled = api.get(f"{rounds}/1/settlement", role="pitboss")
    assert settled.status_code == 200 and settled.json["banker"] == {"account_id": None, "net": "0.00"}
    assert api.get(f"{rounds}/1/settlement", role="display").status_code == 403
    assert api.post(f"{rounds}/1/leave", {"account_id": "a"}, role="display").status_code == 403
