"""The floor monitor at a 百人牛牛 table over HTTP, on SQLite and PostgreSQL: refused rounds, late slips,
voids and corrections in the alerts API (subject `table`), the floor's unresolved counts, and no
closed hand's fourth card or type in any of it."""

from __future__ import annotations

import json

from niuniu_support import HANDS, HIDDEN, TYPES, by_order, by_position, hidden_codes_in, other_hands, slip_body


def table_alerts(api, niuniu) -> list[dict]:
    answer = api.get(f"/api/v1/alerts?table_id={niuniu['id']}", role="pitboss")
    assert answer.status_code == 200
    return answer.json["alerts"]


def assert_hidden(payload) -> None:
    text = json.dumps(payload)
    assert not hidden_codes_in(text) and not [t for t in TYPES.values() if t in text]


def slip(api, niuniu, number: int, account: str):
    return api.post(f"/api/v1/tables/{niuniu['id']}/slips", slip_body(number, account, bets={"player_2": "5.00"}),
                    role="game_server")


def test_a_refused_round_post_is_an_alert_about_the_table(api, niuniu, rounds_url):
    hands = {**HANDS, "player_3": [*HANDS["player_3"][:4], HIDDEN["player_3"]]}
    refused = api.post(rounds_url, by_position(1, hands), role="dealer")
    assert (refused.status_code, refused.json["code"]) == (422, "repeated_card")
    [alert] = table_alerts(api, niuniu)
    assert (alert["code"], alert["subject"], alert["shoe_id"], alert["severity"]) == (
        "refused_rounds", "table", None, "warning")
    assert alert["details"]["refused"] == [{"round_number": 1, "code": "repeated_card", "field": "hands.player_3[4]"}]
    assert_hidden(alert)
    floor = api.get("/api/v1/floor", role="pitboss").json
    tile = next(entry for entry in floor["tables"] if entry["table"]["id"] == niuniu["id"])
    assert tile["alerts"]["unresolved"]["warning"] == 1


def test_late_slips_on_a_dealt_round_raise_late_slips_at_the_third(api, niuniu, rounds_url):
    assert api.post(rounds_url, by_order(1), role="dealer").status_code == 201
    for account in ("a1", "a2"):
        assert slip(api, niuniu, 1, account).json["code"] == "betting_closed"
    assert table_alerts(api, niuniu) == []
    assert slip(api, niuniu, 1, "a3").status_code == 409
    [alert] = table_alerts(api, niuniu)
    assert (alert["code"], alert["details"]["late_slips"], alert["details"]["slips"][-1]["account_id"]) == (
        "late_slips", 3, "a3")
    assert_hidden(alert)


def test_a_void_and_a_correction_of_closed_hands_are_alerts_without_cards(api, niuniu, rounds_url):
    api.post(rounds_url, by_order(1), role="dealer")
    corrected = api.post(f"{rounds_url}/1/correct", {**by_position(hands=other_hands()), "reason": "swapped"},
                         role="pitboss")
    assert corrected.status_code == 200, corrected.json
    assert api.post(f"{rounds_url}/1/void", {"reason": "misdeal"}, role="pitboss").status_code == 200
    [alert] = table_alerts(api, niuniu)
    assert (alert["code"], alert["severity"], alert["count"]) == ("corrections", "info", 2)
    assert [(c["round_number"], c["action"]) for c in alert["details"]["changes"]] == [(1, "correction"), (1, "void")]
    assert_hidden(alert)
