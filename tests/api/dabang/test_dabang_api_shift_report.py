"""打棒 in the shift report and on the floor (issue 43), on SQLite and PostgreSQL, the matches' clock set by the
test: a table's matches, deals and refused plays in the shift, counted apart from baccarat's hands and
百人牛牛's rounds, in the JSON, the CSV and the PDF; the floor's totals count hands, rounds and deals apart."""

from __future__ import annotations

import random
from datetime import datetime, timedelta, timezone

import pytest
from dabang_api import bury_and_pass, new_match, new_table, start_first_deal, state, whole_first_deal

from roadsvc.api.dabang import CLOCK
from roadsvc.services.pit import shift_reports
from roadsvc.services.pit.shifts import FloorClock

FLOOR = FloorClock.from_settings({"FLOOR_TIME_ZONE": "Asia/Macau", "FLOOR_SHIFTS": "06:00,14:00,22:00"})
NOW = datetime(2026, 11, 25, 7, 0, tzinfo=timezone.utc)  # 15:00 in Macau: the shift 2026-11-25/1400
SHIFT = FLOOR.shift_at(NOW)
URL = f"/api/v1/reports/shifts/{SHIFT.day.isoformat()}/{SHIFT.name}"


@pytest.fixture(autouse=True)
def stopped_clock(app):
    app.extensions[CLOCK] = lambda: NOW


def _refuse_twice(api, match_id, number):
    deal = state(api, match_id, "dealer")["current_deal"]
    waiting = deal["turn"] % 4 + 1
    for _ in range(2):
        refused = api.post(f"/api/v1/matches/{match_id}/deals/{number}/plays",
                           {"seat": waiting, "cards": deal["hands"][str(waiting)][:1]}, role="dealer")
        assert refused.status_code in (409, 422) and refused.json["code"] == "not_your_turn"


@pytest.fixture
def played(api):
    """A 打棒 table with one match in the shift: its first deal under way, two plays refused."""
    table = new_table(api, "Dabang 7")
    match_id = new_match(api, table["id"])["id"]
    number, _ = start_first_deal(api, match_id, seed=4)
    bury_and_pass(api, match_id, number, random.Random(1))
    _refuse_twice(api, match_id, number)
    return table["id"]


def test_the_report_counts_matches_deals_and_refusals_apart(api, played):
    document = api.get(URL, role="pitboss").json
    [entry] = [e for e in document["tables"] if e["table"]["id"] == played]
    assert entry["table"]["game"] == "dabang"
    assert {name: entry[name] for name in ("hands", "rounds", "matches", "deals", "refusals")} == \
        {"hands": 0, "rounds": 0, "matches": 1, "deals": 1, "refusals": 2}
    assert {name: document["totals"][name] for name in ("hands", "rounds", "matches", "deals", "refusals")} == \
        {"hands": 0, "rounds": 0, "matches": 1, "deals": 1, "refusals": 2}
    rows = api.get(URL, query_string={"format": "csv"}, role="pitboss").data.decode("utf-8-sig").splitlines()
    assert any(row.startswith(f"table,{played},Dabang 7,0,0,1,1,2,") for row in rows)
    later = FLOOR.shift_at(SHIFT.ends + timedelta(minutes=1))  # the next shift: nothing played in it
    [entry] = [e for e in api.get(f"/api/v1/reports/shifts/{later.day.isoformat()}/{later.name}",
                                  role="pitboss").json["tables"] if e["table"]["id"] == played] or [None]
    assert entry is None or (entry["matches"], entry["deals"], entry["refusals"]) == (0, 0, 0)


def test_the_pdf_has_the_dabang_columns(api, played):
    from test_api_shift_reports import pdf_text

    text = pdf_text(api.get(URL, query_string={"format": "pdf", "lang": "en"}, role="pitboss").data)
    assert "Matches" in text and "Deals" in text and "Refused plays" in text and "Da Bang" in text


def test_the_stored_report_keeps_dabang_s_figures(api, played):
    db = api.client.application.extensions["roadsvc.db"]
    assert shift_reports.write_due(db, FLOOR, SHIFT.ends + timedelta(seconds=1)) == SHIFT.key
    stored = api.get(URL, role="pitboss").json
    assert stored["final"] is True and stored["totals"]["refusals"] == 2


def test_the_floor_counts_hands_rounds_and_deals_apart(api):
    table = new_table(api, "Dabang 8")
    match_id = new_match(api, table["id"])["id"]
    whole_first_deal(api, match_id, seed=3)
    niuniu = api.post("/api/v1/tables", {"name": "Niu 3", "game": "niuniu"}, role="pitboss")
    assert niuniu.status_code == 201
    totals = api.get("/api/v1/floor", role="pitboss").json["totals"]
    assert (totals["hands"], totals["rounds"], totals["deals"]) == (0, 0, 1)


def test_a_refused_play_is_recorded_once_as_its_dealer_incident(api):
    """One record per refused play: the refusal's transaction stores its dealer incident (and the match's alert),
    nothing else; the report and the dealers' figures both read that incident."""
    from roadsvc.persistence.records import reading
    from roadsvc.services.records.chain import chain_head

    db = api.client.application.extensions["roadsvc.db"]
    table = new_table(api, "Dabang 9")
    match_id = new_match(api, table["id"])["id"]
    number, _ = start_first_deal(api, match_id, seed=4)
    bury_and_pass(api, match_id, number, random.Random(1))
    before = chain_head(db).seq
    deal = state(api, match_id, "dealer")["current_deal"]
    waiting = deal["turn"] % 4 + 1
    refused = api.post(f"/api/v1/matches/{match_id}/deals/{number}/plays",
                       {"seat": waiting, "cards": deal["hands"][str(waiting)][:1]}, role="dealer")
    assert refused.json["code"] == "not_your_turn"
    with db.read() as session:
        written = [(link.table, link.op) for link in reading.links(session, before + 1)]
    assert sorted(written) == [("alerts", "insert"), ("dealer_incidents", "insert")]
    [entry] = [e for e in api.get(URL, role="pitboss").json["tables"] if e["table"]["id"] == table["id"]]
    assert entry["refusals"] == 1
