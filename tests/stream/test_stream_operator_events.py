"""The operators' events on the stream: every alert change and the next hand's odds reach pit
bosses and admins, never displays."""

from __future__ import annotations

from roadsvc.services.baccarat.odds_watch import OddsWatch

SUITS = "SHDC"


def nines_and_eights(i: int) -> dict:
    a, b = SUITS[(2 * i) % 4], SUITS[(2 * i + 1) % 4]
    return {"cards": {"player": [f"9{a}", f"9{b}"], "banker": [f"8{a}", f"8{b}"]}}


def late_table(api) -> tuple[int, int]:
    table = api.post("/api/v1/tables", {"name": "Late", "rule_set": "extended"}, role="pitboss").json["id"]
    shoe = api.post(f"/api/v1/tables/{table}/shoes", {"decks": 8, "burn_card": "KS"}, role="dealer").json["id"]
    return table, shoe


def post(api, table: int, body: dict) -> dict:
    response = api.post(f"/api/v1/tables/{table}/hands", body, role="dealer")
    assert response.status_code == 201, response.json
    return response.json


def until(stream, wanted: str, limit: int = 30) -> list[dict]:
    """Events up to and including the first of type `wanted`."""
    seen = []
    while len(seen) < limit:
        seen.append(stream.events(1)[0])
        if seen[-1]["event"] == wanted:
            break
    return seen


def test_positive_ev_reaches_a_pitboss_stream_and_not_a_display_stream(app, api, open_stream):
    table, shoe = late_table(api)
    watch = OddsWatch(app.extensions["roadsvc.db"])
    watch.start()
    display, pitboss = open_stream(f"?table_id={table}", role="display"), open_stream(f"?table_id={table}",
                                                                                    role="pitboss")
    for i in range(4):
        post(api, table, nines_and_eights(i))
    watch.step()
    seen = until(pitboss, "alert")
    kinds = [event["event"] for event in seen]
    assert kinds.count("hand") == 4 and kinds[-2:] == ["odds", "alert"]
    odds, alert = seen[-2]["data"], seen[-1]["data"]
    assert odds["hand_number"] == 5 and {f["bet"] for f in odds["positive_ev"]} == {"lucky_seven", "fire_sevens"}
    assert (alert["code"], alert["change"], alert["state"], alert["shoe_id"]) == ("positive_ev", "raised", "open", shoe)
    post(api, table, nines_and_eights(4))  # the display's next event, after the operators' ones
    display_kinds = []
    while display_kinds.count("hand") < 5 and len(display_kinds) < 20:
        display_kinds.append(display.events(1)[0]["event"])
    assert display_kinds.count("hand") == 5 and not {"alert", "odds"} & set(display_kinds)


def test_acknowledging_and_resolving_an_alert_reach_the_pitboss_stream(app, api, open_stream):
    table, _ = late_table(api)
    watch = OddsWatch(app.extensions["roadsvc.db"])
    watch.start()
    for i in range(4):
        post(api, table, nines_and_eights(i))
    watch.step()
    alert_id = api.get("/api/v1/alerts?code=positive_ev", role="pitboss").json["alerts"][0]["id"]
    pitboss = open_stream(f"?table_id={table}", role="pitboss")
    assert api.post(f"/api/v1/alerts/{alert_id}/acknowledge", {"note": "watching the player at seat 3"},
                    role="pitboss").status_code == 200
    assert api.post(f"/api/v1/alerts/{alert_id}/resolve", {"note": "shoe changed"}, role="pitboss").status_code == 200
    first, second = pitboss.events(2)
    assert [first["data"]["change"], second["data"]["change"]] == ["acknowledged", "resolved"]
    assert first["data"]["note"] == "watching the player at seat 3" and second["data"]["state"] == "resolved"
