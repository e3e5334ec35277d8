"""`GET /tables/{id}/niuniu/odds`: the exact odds of the table's own commission, for the pit boss and admin."""


def test_the_odds_follow_the_tables_commission(api, niuniu):
    url = f"/api/v1/tables/{niuniu['id']}/niuniu/odds"
    even = api.get(url, role="pitboss")
    assert even.status_code == 200, even.json
    assert (even.json["exact"], even.json["house_edge"]["of_stake"]) == ({"area_win": "1/2", "area_ev": "0/1"},
                                                                         "0.000000000000")
    assert [row["type"] for row in even.json["types"]][:2] == ["bomb", "gold_bull"]
    assert even.json["pairs"] == 3_162_510 * 1_906_884
    api.patch(f"/api/v1/tables/{niuniu['id']}", {"settings": {"niuniu": {"commission_percent": "5"}}}, role="pitboss")
    five = api.get(url, role="admin").json
    assert (five["commission_percent"], five["house_edge"]["of_money_changing_hands"]) == ("5.00", "0.025000000000")
    assert five["areas"]["player_4"]["ev"] == "-0.176530807858"


def test_only_the_pit_boss_and_admin_read_the_odds(api, niuniu):
    url = f"/api/v1/tables/{niuniu['id']}/niuniu/odds"
    assert [api.get(url, role=role).status_code for role in ("display", "dealer", "game_server")] == [403] * 3
    baccarat = api.post("/api/v1/tables", {"name": "Bac"}, role="pitboss").json["id"]
    assert api.get(f"/api/v1/tables/{baccarat}/niuniu/odds", role="pitboss").json["code"] == "wrong_game"
