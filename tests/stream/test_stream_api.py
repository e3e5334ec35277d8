"""GET /api/v1/events through the app: what a display sees on its stream."""

from __future__ import annotations

from datetime import timedelta

from roadsvc.persistence.models import utcnow
from roadsvc.services import events as event_log

BANKER = {"result": "banker"}


def new_table(api, name: str) -> int:
    table = api.post("/api/v1/tables", {"name": name, "rule_set": "classic"}, role="pitboss").json["id"]
    assert api.post(f"/api/v1/tables/{table}/shoes", {"decks": 8}, role="dealer").status_code == 201
    return table


def post_hand(api, table: int, body=None) -> dict:
    response = api.post(f"/api/v1/tables/{table}/hands", body or BANKER, role="dealer")
    assert response.status_code == 201, response.json
    return response.json


def newest(app) -> int:
    return event_log.newest_event_id(app.extensions["roadsvc.db"])


def test_a_hand_arrives_with_its_bead_and_big_road_mark(api, open_stream):
    table = new_table(api, "T1")
    stream = open_stream()
    post_hand(api, table, {"cards": ["4S", "KD", "3H", "9C"]})  # player 7, banker 9: banker
    posted = post_hand(api, table, {"cards": ["4S", "5D", "4H", "5C"]})  # player 8 (pair), banker 0 (pair)
    first, second = stream.events(2)
    assert [first["event"], second["event"]] == ["hand", "hand"] and second["id"] > first["id"]
    data = second["data"]
    assert data["table_id"] == table and data["shoe_id"] == posted["shoe_id"] and data["revision"] == posted["revision"]
    assert (data["number"], data["result"], data["player_pair"], data["banker_pair"]) == (2, "player", True, True)
    assert data["bead"] == {"hand": 2, "col": 0, "row": 1, "result": "player", "banker_pair": True,
                            "player_pair": True, "points": 8, "natural": True}
    assert data["big_road"]["cell"] == {"col": 1, "row": 0} and data["big_road"]["column"] == 1
    assert data["big_road"]["entry"]["hand"] == 2
    roads = api.get(f"/api/v1/tables/{table}/roads").json
    assert roads["roads"]["bead_plate"][-1] == data["bead"]
    assert roads["roads"]["big_road"]["cells"][-1] == data["big_road"]["cell"]


def test_every_kind_of_write_reports_itself(api, open_stream):
    table = new_table(api, "T1")
    stream = open_stream(f"?table_id={table}")
    shoe = post_hand(api, table)["shoe_id"]
    post_hand(api, table)
    assert api.post(f"/api/v1/shoes/{shoe}/hands/1/void", {"reason": "misdeal"}, role="pitboss").status_code == 200
    assert api.post(f"/api/v1/shoes/{shoe}/hands/2/correct", {"hand": {"result": "tie"}, "reason": "misread"},
                    role="pitboss").status_code == 200
    api.client.patch(f"/api/v1/tables/{table}", json={"name": "T1b"}, headers=api.headers("pitboss"))
    assert api.post(f"/api/v1/tables/{table}/shoes/{shoe}/cut-card", {}, role="dealer").status_code == 200
    assert api.post(f"/api/v1/tables/{table}/shoes", {"decks": 8}, role="dealer").status_code == 201
    kinds = [event["event"] for event in stream.events(8)]
    assert kinds == ["hand", "hand", "void", "correction", "table_changed", "cut_card", "shoe_closed", "shoe_opened"]


def test_resume_sends_exactly_the_missed_events_once_each_in_order(api, open_stream):
    table = new_table(api, "T1")
    stream = open_stream()
    post_hand(api, table)
    seen = stream.events(1)[0]["id"]
    stream.close()
    missed = [post_hand(api, table)["number"] for _ in range(3)]
    resumed = open_stream(last_event_id=seen)
    got = resumed.events(3)
    assert [event["data"]["number"] for event in got] == missed
    assert [event["id"] for event in got] == sorted({event["id"] for event in got})
    post_hand(api, table)
    live = resumed.events(1)[0]
    if live["event"] == "good_roads":  # hand 4 started the long banker
        assert [good["code"] for good in live["data"]["started"]] == ["long_banker"]
        live = resumed.events(1)[0]
    assert live["data"]["number"] == missed[-1] + 1 and live["id"] > got[-1]["id"]


def test_resume_older_than_the_retention_starts_with_resync(app, api, open_stream):
    table = new_table(api, "T1")
    for _ in range(3):
        post_hand(api, table)
    later = utcnow() + timedelta(hours=25)
    assert event_log.prune_events(app.extensions["roadsvc.db"], 24 * 3600, now=later) > 0
    stream = open_stream(last_event_id=1)
    resync = stream.events(1)[0]
    assert resync["event"] == "resync" and resync["id"] == newest(app)
    assert resync["data"]["why"] == "pruned" and "no longer retained" in resync["data"]["reason"]
    post_hand(api, table)
    assert stream.events(1)[0]["data"]["number"] == 4


def test_an_id_this_log_never_had_is_told_to_resync_without_a_claim_of_loss(app, api, open_stream):
    table = new_table(api, "T1")
    stream = open_stream(last_event_id=99999999)
    resync = stream.events(1)[0]
    assert (resync["event"], resync["id"]) == ("resync", newest(app))
    assert resync["data"]["why"] == "unknown_id" and resync["data"]["last_event_id"] == 99999999
    assert "never had" in resync["data"]["reason"] and "no longer retained" not in resync["data"]["reason"]
    post_hand(api, table)
    assert stream.events(1)[0]["data"]["number"] == 1  # and it continues live from the newest id


def test_a_refused_write_makes_no_event(app, api, open_stream):
    table = api.post("/api/v1/tables", {"name": "No shoe", "rule_set": "classic"}, role="pitboss").json["id"]
    before = newest(app)
    assert api.post(f"/api/v1/tables/{table}/hands", BANKER, role="dealer").status_code == 409
    assert api.post(f"/api/v1/tables/{table}/hands", {"cards": ["4S"]}, role="dealer").status_code in (400, 422)
    assert newest(app) == before


def test_a_stream_filtered_by_table_sees_only_those_tables(api, open_stream):
    one, two, three = new_table(api, "T1"), new_table(api, "T2"), new_table(api, "T3")
    stream = open_stream(f"?table_id={one}&table_id={three}")
    post_hand(api, two)
    post_hand(api, one)
    post_hand(api, two)
    post_hand(api, three)
    assert [event["data"]["table_id"] for event in stream.events(2)] == [one, three]


def test_bad_filters_and_ids_are_clear_errors(api):
    for query, code in [("?table_id=x", 422), ("?table_id=0", 422), ("?table_id=999", 404)]:
        response = api.get(f"/api/v1/events{query}")
        assert response.status_code == code and response.json["field"] == ("table_id" if code == 422 else "table_id")
    response = api.client.get("/api/v1/events", headers=api.headers("display", {"Last-Event-ID": "-3"}))
    assert response.status_code == 422 and response.json["code"] == "invalid_last_event_id"


def test_roles_no_key_no_stream_and_only_operators_see_operator_events(app, api, open_stream):
    assert api.get("/api/v1/events", role=None).status_code == 401
    table = new_table(api, "T1")
    display, pitboss = open_stream(role="display"), open_stream(role="pitboss")
    with app.extensions["roadsvc.db"].write() as session:
        event_log.append_event(session, "alert", table_id=table, data={"rule": "stale"}, audience=event_log.OPERATORS)
    post_hand(api, table)
    assert [event["event"] for event in display.events(1)] == ["hand"]
    assert [event["event"] for event in pitboss.events(2)] == ["alert", "hand"]


def test_a_dealer_key_bound_to_a_table_streams_only_that_table(app, api, open_stream):
    from roadsvc.services.keys.lifecycle import create_key

    one, two = new_table(api, "T1"), new_table(api, "T2")
    api.keys["bound"] = create_key(app.extensions["roadsvc.db"], "dealer", "bound", table_id=one)[1]
    assert api.get(f"/api/v1/events?table_id={two}", role="bound").status_code == 403
    assert api.get("/api/v1/events", role="bound").json["code"] == "wrong_table"  # every table: not for a bound key
    stream = open_stream(f"?table_id={one}", role="bound")
    post_hand(api, two)
    post_hand(api, one)
    assert stream.events(1)[0]["data"]["table_id"] == one


def test_a_quiet_stream_sends_keep_alive_comments(api, open_stream):
    stream = open_stream()
    blocks = [stream.block() for _ in range(3)]
    assert all(block["comments"] == ["keep-alive"] and "event" not in block for block in blocks)


def test_the_stream_is_an_event_stream_the_proxies_do_not_buffer(api):
    response = api.client.get("/api/v1/events", headers=api.headers("display"), buffered=False)
    try:
        assert response.mimetype == "text/event-stream"
        assert response.headers["Cache-Control"] == "private, no-cache" and response.headers["X-Accel-Buffering"] == "no"
    finally:
        response.close()
