"""GET /api/v1/floor and the alerts API, on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest

NATURAL = ["9H", "KD", "QS", "8C"]  # player 9, banker 8: a player win, four cards
BANKER_WIN = ["2H", "7D", "QC", "KS", "10H"]  # player 2 draws 10 -> 2; banker 7 stands: banker
SAME_KING = ["9S", "KD", "QH", "8D"]


def new_table(api, name, settings=None):
    response = api.post("/api/v1/tables", {"name": name, "settings": settings or {}}, role="pitboss")
    assert response.status_code == 201, response.json
    return response.json


def new_shoe(api, table_id, **body):
    response = api.post(f"/api/v1/tables/{table_id}/shoes", {"decks": 8, **body}, role="dealer")
    assert response.status_code == 201, response.json
    return response.json


def post(api, table_id, body):
    return api.post(f"/api/v1/tables/{table_id}/hands", body, role="dealer")


def floor(api, role="pitboss", **headers):
    return api.get("/api/v1/floor", role=role, headers=headers)


def entry_of(response, table_id):
    return next(e for e in response.json["tables"] if e["table"]["id"] == table_id)


@pytest.mark.parametrize("role, status", [(None, 401), ("display", 403), ("game_server", 403), ("dealer", 403),
                                          ("pitboss", 200), ("admin", 200)])
def test_the_floor_is_for_pit_bosses_and_admins(api, role, status):
    assert floor(api, role).status_code == status


def test_each_table_on_the_floor_with_its_shoe_cards_results_and_totals(api):
    dealing = new_table(api, "Dealing")
    shoe = new_shoe(api, dealing["id"], burn_card="3H")
    for cards in (NATURAL, BANKER_WIN, BANKER_WIN):
        assert post(api, dealing["id"], {"cards": cards}).status_code == 201
    idle = new_table(api, "Idle")
    by_result = new_table(api, "By result", {"hands_by": "result"})
    new_shoe(api, by_result["id"])
    post(api, by_result["id"], {"result": "tie"})
    response = floor(api)
    assert response.status_code == 200 and response.headers["Cache-Control"] == "private, no-cache"
    entry = entry_of(response, dealing["id"])
    assert entry["status"] == "dealing"
    assert entry["shoe"] | {"opened_at": None} == {
        "id": shoe["id"], "number": 1, "revision": entry["shoe"]["revision"], "decks": 8, "hands": 3,
        "counted_hands": 3, "voids": 0, "corrections": 0, "opened_at": None, "cut_card_out": False, "last_hand": None}
    assert entry["cards"] == {"dealt": 4 + 14, "left": 416 - 18}  # the burn card, 3 burned, 4 + 5 + 5 dealt
    assert entry["recent"] == ["player", "banker", "banker"]
    assert entry["streak"] == {"result": "banker", "length": 2}
    assert entry["counts"]["banker"] == 2 and entry["counts"]["player"] == 1
    assert entry["last_hand_at"] and 0 <= entry["seconds_since_last_hand"] < 60
    assert entry["pace_per_hour"] is None or entry["pace_per_hour"] > 0
    none = {"info": 0, "warning": 0, "critical": 0}
    assert entry["alerts"] == {"open": none, "acknowledged": 0, "unresolved": none, "worst": None}
    assert entry["money"] == {"turnover": "0.00", "win": "0.00", "bets": 0, "hold": None}  # the pit boss reads money
    assert entry_of(response, idle["id"])["status"] == "idle" and entry_of(response, idle["id"])["shoe"] is None
    assert entry_of(response, by_result["id"])["cards"] is None
    totals = response.json["totals"]
    assert totals["tables"] == 3 and totals["hands"] == 4
    assert totals["by_status"] == {"dealing": 2, "stale": 0, "ending": 0, "idle": 1}


def test_a_shoe_whose_cut_card_is_out_is_ending(api):
    table = new_table(api, "T")
    shoe = new_shoe(api, table["id"])
    post(api, table["id"], {"result": "banker"})
    api.post(f"/api/v1/tables/{table['id']}/shoes/{shoe['id']}/cut-card", {}, role="dealer")
    assert entry_of(floor(api), table["id"])["status"] == "ending"


def test_the_floor_answers_304_while_nothing_changed(api):
    table = new_table(api, "T")
    new_shoe(api, table["id"])
    first = floor(api)
    tag = first.headers["ETag"]
    assert floor(api, **{"If-None-Match": tag}).status_code == 304
    assert floor(api, **{"If-None-Match": tag}).data == b""
    post(api, table["id"], {"cards": NATURAL})
    moved = floor(api, **{"If-None-Match": tag})
    assert moved.status_code == 200 and moved.headers["ETag"] != tag
    tag = moved.headers["ETag"]
    post(api, table["id"], {"cards": NATURAL})  # a second hand
    post(api, table["id"], {"cards": ["4S", "3H", "5D", "2C", "6H"]})  # refused: an alert, the shoe unchanged
    with_alert = floor(api, **{"If-None-Match": tag})
    assert with_alert.status_code == 200
    assert entry_of(with_alert, table["id"])["alerts"]["open"]["warning"] == 1
    alert = api.get("/api/v1/alerts", role="pitboss").json["alerts"][0]
    api.post(f"/api/v1/alerts/{alert['id']}/acknowledge", {"note": "on it"}, role="pitboss")
    acknowledged = floor(api, **{"If-None-Match": with_alert.headers["ETag"]})
    assert acknowledged.status_code == 200 and entry_of(acknowledged, table["id"])["alerts"]["acknowledged"] == 1


def raise_refusals(api, table_id, times):
    for _ in range(times):
        assert post(api, table_id, {"cards": ["4S", "3H", "5D", "2C", "6H"]}).status_code == 422


def test_alerts_are_listed_with_filters_and_pages(api):
    tables = [new_table(api, f"T{n}") for n in range(3)]
    for table in tables:
        new_shoe(api, table["id"])
        raise_refusals(api, table["id"], 1)
    raise_refusals(api, tables[2]["id"], 2)  # now critical
    everything = api.get("/api/v1/alerts", role="pitboss").json
    assert everything["total"] == 3 and [a["table_id"] for a in everything["alerts"]] == [t["id"] for t in
                                                                                          reversed(tables)]
    critical = api.get("/api/v1/alerts?severity=critical", role="pitboss").json
    assert [(a["table_id"], a["count"]) for a in critical["alerts"]] == [(tables[2]["id"], 3)]
    one = api.get(f"/api/v1/alerts?table_id={tables[0]['id']}&code=refused_hands&state=open", role="admin").json
    assert [a["table_id"] for a in one["alerts"]] == [tables[0]["id"]]
    page = api.get("/api/v1/alerts?page=2&page_size=2", role="pitboss").json
    assert (page["total"], page["pages"], page["page"], len(page["alerts"])) == (3, 2, 2, 1)
    assert api.get("/api/v1/alerts?state=closed", role="pitboss").status_code == 422
    assert api.get("/api/v1/alerts?page_size=201", role="pitboss").status_code == 422


@pytest.mark.parametrize("role", [None, "display", "game_server", "dealer"])
def test_alerts_are_refused_below_pitboss(api, table, shoe, role):
    raise_refusals(api, table["id"], 1)
    alert_id = api.get("/api/v1/alerts", role="pitboss").json["alerts"][0]["id"]
    expected = 401 if role is None else 403
    assert api.get("/api/v1/alerts", role=role).status_code == expected
    for action in ("acknowledge", "resolve"):
        assert api.post(f"/api/v1/alerts/{alert_id}/{action}", {"note": "x"}, role=role).status_code == expected
    assert api.get(f"/api/v1/alerts/{alert_id}", role="pitboss").json["state"] == "open"


def test_acknowledge_then_resolve_with_notes_kept_and_audited(api, table, shoe):
    raise_refusals(api, table["id"], 1)
    alert_id = api.get("/api/v1/alerts", role="pitboss").json["alerts"][0]["id"]
    url = f"/api/v1/alerts/{alert_id}"
    assert api.post(f"{url}/acknowledge", {}, role="pitboss").json["field"] == "note"
    assert api.post(f"{url}/acknowledge", {"note": "  "}, role="pitboss").status_code == 422
    acknowledged = api.post(f"{url}/acknowledge", {"note": "calling surveillance"}, role="pitboss")
    assert acknowledged.status_code == 200
    assert (acknowledged.json["state"], acknowledged.json["acknowledged_note"]) == ("acknowledged",
                                                                                   "calling surveillance")
    assert acknowledged.json["acknowledged_by"].startswith("test pitboss") and acknowledged.json["acknowledged_at"]
    assert api.post(f"{url}/acknowledge", {"note": "again"}, role="pitboss").json["code"] == "alert_acknowledged"
    resolved = api.post(f"{url}/resolve", {"note": "reader replaced"}, role="admin")
    assert (resolved.json["state"], resolved.json["resolved_note"]) == ("resolved", "reader replaced")
    again = api.post(f"{url}/resolve", {"note": "x"}, role="pitboss")
    assert (again.status_code, again.json["code"]) == (409, "alert_resolved")
    log = api.get(f"/api/v1/shoes/{shoe['id']}/audit").json
    assert [(r["action"], r["reason"]) for r in log] == [("alert_acknowledged", "calling surveillance"),
                                                         ("alert_resolved", "reader replaced")]
    assert api.post("/api/v1/alerts/999/resolve", {"note": "x"}, role="pitboss").json["code"] == "alert_not_found"


def test_monitoring_thresholds_are_table_settings_within_bounds(api):
    table = new_table(api, "T", {"monitoring": {"stale_after_seconds": 60, "anomaly_p": 0.001}})
    assert table["settings"]["monitoring"] == {"stale_after_seconds": 60, "anomaly_p": 0.001}
    for bad in ({"stale_after_seconds": 5}, {"anomaly_p": 0.5}, {"late_slips_threshold": "3"}, {"other": 1}):
        response = api.patch(f"/api/v1/tables/{table['id']}", {"settings": {"monitoring": bad}}, role="pitboss")
        assert response.status_code == 422, bad
        assert response.json["field"].startswith("settings.monitoring")


def test_the_floor_reads_the_apps_clock_a_quiet_table_goes_stale_when_it_says_so(app, api):
    from datetime import timedelta

    from roadsvc.persistence.models import utcnow

    table = new_table(api, "Quiet")
    new_shoe(api, table["id"])
    assert post(api, table["id"], {"cards": NATURAL}).status_code == 201
    assert entry_of(floor(api), table["id"])["status"] == "dealing"
    later = utcnow() + timedelta(seconds=121)  # past the default stale_after_seconds (120)
    app.extensions["roadsvc.clock"] = lambda: later
    assert entry_of(floor(api), table["id"])["status"] == "stale"
    app.extensions["roadsvc.clock"] = lambda: later - timedelta(seconds=2)
    assert entry_of(floor(api), table["id"])["status"] == "dealing"


def test_a_floor_that_did_not_move_is_a_304_without_reading_the_tables(app, api, monkeypatch):
    # issue 46 item 25: a 304 read every table, shoe and alert to name the floor (29.9 ms at 1,000 tables)
    from datetime import timedelta

    from roadsvc.persistence import alerts as alerts_repo
    from roadsvc.persistence.models import utcnow

    baccarat = new_table(api, "Bac")
    new_shoe(api, baccarat["id"])
    post(api, baccarat["id"], {"cards": NATURAL})
    niuniu = api.post("/api/v1/tables", {"name": "Niu", "game": "niuniu"}, role="pitboss").json
    dabang = api.post("/api/v1/tables", {"name": "Dab", "game": "dabang"}, role="pitboss").json
    api.post(f"/api/v1/tables/{dabang['id']}/matches", {"players": {"1": "Li", "2": "Wang", "3": "Zhao",
                                                                     "4": "Chen"}}, role="pitboss")
    start = utcnow()
    app.extensions["roadsvc.clock"] = lambda: start
    tag = floor(api).headers["ETag"]
    read_rows = alerts_repo.floor_rows
    monkeypatch.setattr(alerts_repo, "floor_rows", lambda session: pytest.fail("read the floor's rows for a 304"))
    for seconds in (0, 1, 30, 119):
        app.extensions["roadsvc.clock"] = lambda seconds=seconds: start + timedelta(seconds=seconds)
        assert floor(api, **{"If-None-Match": tag}).status_code == 304, seconds
    monkeypatch.setattr(alerts_repo, "floor_rows", read_rows)
    app.extensions["roadsvc.clock"] = lambda: start + timedelta(seconds=121)  # by the clock alone: stale tiles
    stale = floor(api, **{"If-None-Match": tag})
    assert stale.status_code == 200 and entry_of(stale, baccarat["id"])["status"] == "stale"
    assert entry_of(stale, dabang["id"])["status"] == "stale"
    tag = stale.headers["ETag"]
    assert floor(api, **{"If-None-Match": tag}).status_code == 304
    api.post(f"/api/v1/tables/{niuniu['id']}/rounds", {"reveal": "7S", "cards": []}, role="dealer")  # refused: counted
    moved = floor(api, **{"If-None-Match": tag})
    assert moved.status_code == 200 and entry_of(moved, niuniu["id"])["niuniu"]["refused_rounds"] == 1
