"""Dealers as people through the API (issue 45): the roster, a dealer change at a table (its record, its
event, the games that name the dealer), each dealer's figures, and bad input refused with its field."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from sqlalchemy import select

from roadsvc.persistence.events import events_after
from roadsvc.persistence.models import Hand

NATURAL = ["9H", "KD", "QS", "8C"]  # player 9, banker 8: four cards, no third
WRONG_DRAW = ["4S", "3H", "5D", "2C", "6H"]  # refused: the third-card rule


def add(api, badge="D-1042", name="Chan Mei Ling", role="pitboss"):
    return api.post("/api/v1/dealers", {"badge": badge, "name": name}, role=role)


def take(api, table_id, badge, role="dealer"):
    return api.post(f"/api/v1/tables/{table_id}/dealer", {"badge": badge}, role=role)


def post(api, table_id, cards):
    return api.post(f"/api/v1/tables/{table_id}/hands", {"cards": cards}, role="dealer")


def hand_dealers(app) -> list[int | None]:
    with app.extensions["roadsvc.db"].read() as session:
        return list(session.scalars(select(Hand.dealer_id).order_by(Hand.id)))


def test_a_dealer_takes_a_table_and_every_hand_names_them(app, api, table, shoe):
    mei, ho = add(api).json, add(api, "D-2001", "Ho Ka Wai").json
    post(api, table["id"], NATURAL)  # before anyone was declared: no dealer
    changed = take(api, table["id"], "D-1042")
    assert changed.status_code == 201, changed.json
    assert changed.json["dealer"] == {"id": mei["id"], "badge": "D-1042", "name": "Chan Mei Ling"}
    assert changed.json["previous"] is None
    post(api, table["id"], NATURAL)
    assert take(api, table["id"], "D-2001").json["previous"]["id"] == mei["id"]
    post(api, table["id"], NATURAL)
    assert hand_dealers(app) == [None, mei["id"], ho["id"]]
    now = api.get(f"/api/v1/tables/{table['id']}/dealer").json
    assert now["dealer"]["name"] == "Ho Ka Wai"
    assert [c["dealer"]["id"] for c in now["changes"]] == [ho["id"], mei["id"]]
    listed = {d["badge"]: d for d in api.get("/api/v1/dealers", role="pitboss").json}
    assert listed["D-2001"]["table_id"] == table["id"] and listed["D-1042"]["table_id"] is None


def test_a_dealer_change_is_an_event_for_every_reader(app, api, table):
    mei = add(api).json
    take(api, table["id"], "D-1042")
    with app.extensions["roadsvc.db"].read() as session:
        changed = [e for e in events_after(session, 0, 1000) if e.type == "dealer_changed"]
    assert len(changed) == 1
    assert changed[0].table_id == table["id"] and changed[0].audience == "all"
    assert changed[0].data["dealer_id"] == mei["id"] and changed[0].data["name"] == "Chan Mei Ling"
    assert "badge" not in changed[0].data


def test_a_dealer_who_moves_leaves_their_old_table(api, table):
    other = api.post("/api/v1/tables", {"name": "Table 2", "rule_set": "classic"}, role="pitboss").json
    add(api)
    take(api, table["id"], "D-1042")
    take(api, other["id"], "D-1042", role="pitboss")
    assert api.get(f"/api/v1/tables/{table['id']}/dealer").json["dealer"] is None
    assert api.get(f"/api/v1/tables/{other['id']}/dealer").json["dealer"]["badge"] == "D-1042"


def test_refusals_and_games_count_for_the_dealer_then_at_the_table(api, table, shoe):
    dealer = add(api).json
    take(api, table["id"], "D-1042")
    for _ in range(3):
        assert post(api, table["id"], NATURAL).status_code == 201
    assert post(api, table["id"], WRONG_DRAW).status_code == 422
    stats = api.get(f"/api/v1/dealers/{dealer['id']}/stats", role="pitboss")
    assert stats.status_code == 200, stats.json
    (baccarat,) = stats.json["games"]
    assert baccarat["game"] == "baccarat" and baccarat["games"] == 3 and baccarat["tables"] == [table["id"]]
    assert baccarat["refusals"] == {"count": 1, "per_100_games": 33.33}
    assert baccarat["voids"] == {"count": 0, "per_100_games": 0.0}
    assert baccarat["not_applicable"] == {}
    assert stats.json["floor"][0]["games"] == 3


def test_a_void_counts_against_the_dealer_of_the_hand(api, table, shoe):
    dealer = add(api).json
    take(api, table["id"], "D-1042")
    post(api, table["id"], NATURAL)
    voided = api.post(f"/api/v1/shoes/{shoe['id']}/hands/1/void", {"reason": "misdeal"}, role="pitboss")
    assert voided.status_code == 200, voided.json
    (baccarat,) = api.get(f"/api/v1/dealers/{dealer['id']}/stats", role="pitboss").json["games"]
    assert baccarat["voids"]["count"] == 1 and baccarat["games"] == 0


def test_bad_input_is_refused_with_its_field_and_changes_nothing(api, table):
    add(api)
    assert add(api, name="Someone else").status_code == 409
    assert add(api, name="Someone else").json["code"] == "badge_taken"
    refused = add(api, badge="no spaces")
    assert refused.status_code == 422 and refused.json["field"] == "badge"
    unknown = take(api, table["id"], "D-9999")
    assert unknown.status_code == 422 and unknown.json == {**unknown.json, "code": "unknown_badge", "field": "badge"}
    assert api.get(f"/api/v1/tables/{table['id']}/dealer").json["changes"] == []
    take(api, table["id"], "D-1042")
    assert take(api, table["id"], "D-1042").json["code"] == "same_dealer"
    dealer_id = api.get("/api/v1/dealers", role="pitboss").json[0]["id"]
    backwards = api.get(f"/api/v1/dealers/{dealer_id}/stats?from=2026-12-07T10:00:00%2B00:00"
                        "&to=2026-12-07T09:00:00%2B00:00", role="pitboss")
    assert backwards.status_code == 422 and backwards.json["field"] == "to"
    naive = api.get(f"/api/v1/dealers/{dealer_id}/stats?from=2026-12-07T10:00:00", role="pitboss")
    assert naive.status_code == 422 and naive.json["field"] == "from"
    assert api.get("/api/v1/dealers/999/stats", role="pitboss").status_code == 404
    ancient = api.get(f"/api/v1/dealers/{dealer_id}/stats?from=0001-01-01T00:00:00%2B14:00", role="pitboss")
    assert ancient.status_code == 422 and ancient.json["field"] == "from"


def test_who_may_read_and_change(api, table):
    assert api.get("/api/v1/dealers", role="display").status_code == 403
    assert api.get("/api/v1/dealers", role="admin").status_code == 200
    assert add(api, role="dealer").status_code == 403
    add(api)
    assert take(api, table["id"], "D-1042", role="game_server").status_code == 403


def test_a_period_gives_the_games_in_it_only(api, table, shoe):
    dealer = add(api).json
    take(api, table["id"], "D-1042")
    post(api, table["id"], NATURAL)
    later = datetime.now(timezone.utc) + timedelta(hours=1)
    url = (f"/api/v1/dealers/{dealer['id']}/stats?from={later.isoformat().replace('+', '%2B')}"
           f"&to={(later + timedelta(hours=1)).isoformat().replace('+', '%2B')}")
    answer = api.get(url, role="pitboss").json
    assert answer["games"][0]["games"] == 0 if answer["games"] else True


def test_a_new_dealer_does_the_charters_asked_change_of_dealer(api, table, shoe):
    api.patch(f"/api/v1/tables/{table['id']}", {"settings": {"mode": "vip"}}, role="pitboss")
    assert api.post(f"/api/v1/tables/{table['id']}/charter", {"account_id": "acct-vip"}, role="game_server").status_code == 201
    add(api), add(api, "D-2001", "Ho Ka Wai")
    take(api, table["id"], "D-1042")
    asked = api.post(f"/api/v1/tables/{table['id']}/requests", {"kind": "change_dealer", "account_id": "acct-vip"},
                     role="game_server")
    assert asked.status_code == 201, asked.json
    take(api, table["id"], "D-2001")
    found = api.get("/api/v1/alerts", role="pitboss",
                    query_string={"code": "change_dealer_requested", "table_id": table["id"]}).json["alerts"]
    assert [a["state"] for a in found] == ["resolved"]
    again = api.post(f"/api/v1/requests/{asked.json['id']}/done", role="pitboss")
    assert again.json["code"] == "request_done"


def test_a_named_shift_is_a_period(api, table, shoe):
    from roadsvc.services.pit.shifts import FloorClock

    dealer = add(api).json
    take(api, table["id"], "D-1042")
    post(api, table["id"], NATURAL)
    clock = FloorClock.from_settings({"FLOOR_TIME_ZONE": "Asia/Macau", "FLOOR_SHIFTS": "06:00,14:00,22:00"})
    shift = clock.shift_at(datetime.now(timezone.utc))
    url = f"/api/v1/dealers/{dealer['id']}/stats?date={shift.day.isoformat()}&shift={shift.name}"
    answer = api.get(url, role="pitboss")
    assert answer.status_code == 200, answer.json
    assert answer.json["from"] == shift.begins.isoformat() and answer.json["games"][0]["games"] == 1
    earlier = clock.previous(shift)
    before = api.get(f"/api/v1/dealers/{dealer['id']}/stats?date={earlier.day.isoformat()}&shift={earlier.name}",
                     role="pitboss").json
    assert before["to"] == earlier.ends.isoformat() and all(g["games"] == 0 for g in before["games"])
    unknown = api.get(f"/api/v1/dealers/{dealer['id']}/stats?date={shift.day.isoformat()}&shift=0700", role="pitboss")
    assert unknown.status_code == 422 and unknown.json["field"] == "shift"
    past_the_calendar = api.get(f"/api/v1/dealers/{dealer['id']}/stats?date=9999-12-31&shift=2200", role="pitboss")
    assert past_the_calendar.status_code == 422 and past_the_calendar.json["field"] == "date"


def test_a_late_slip_counts_on_the_dealers_game(api, table, shoe):
    dealer = add(api).json
    take(api, table["id"], "D-1042")
    assert api.post(f"/api/v1/tables/{table['id']}/bets/close", {}, role="dealer").status_code == 200
    slip = {"client_slip_id": "late-1", "account_id": "acct-1", "account_range": {"min": "1.00", "max": "100000.00"},
            "bets": [{"bet": "banker", "stake": "100.00"}]}
    late = api.post(f"/api/v1/tables/{table['id']}/slips", slip, role="game_server")
    assert "betting_closed" in str(late.json), late.json
    post(api, table["id"], NATURAL)
    (baccarat,) = api.get(f"/api/v1/dealers/{dealer['id']}/stats", role="pitboss").json["games"]
    assert baccarat["late_slips"] == {"count": 1, "per_100_games": 100.0}
