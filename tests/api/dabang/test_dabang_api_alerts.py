"""打棒's alerts through the routes, on SQLite and PostgreSQL: every refused play raises or counts its match's
refused_plays alert (by seat: a repeated refusal at one seat turns it critical), in a transaction of its own that
leaves the match exactly as it was; no alert and no alert event holds a card."""

from __future__ import annotations

import json
import random
from datetime import datetime, timezone

import pytest
from dabang_api import bury_and_pass, card_codes, finish, new_match, new_table, start_first_deal, state
from dabang_play import shuffled_codes

from roadsvc.api.dabang import CLOCK
from roadsvc.services.events import events_after

NOW = datetime(2026, 11, 25, 7, 0, tzinfo=timezone.utc)


@pytest.fixture(autouse=True)
def stopped_clock(app):
    """The matches' clock stands still: two reads of a match differ only if the match changed."""
    app.extensions[CLOCK] = lambda: NOW


def _playing(api, seed=4):
    table = new_table(api)
    match_id = new_match(api, table["id"])["id"]
    number, _ = start_first_deal(api, match_id, seed)
    bury_and_pass(api, match_id, number, random.Random(1))
    return table["id"], match_id, number


def _alerts(api, match_id, code="refused_plays"):
    found = api.get(f"/api/v1/alerts?subject=match:{match_id}&code={code}", role="pitboss")
    assert found.status_code == 200, found.json
    return found.json["alerts"]


def _refuse(api, match_id, number, seat, cards):
    response = api.post(f"/api/v1/matches/{match_id}/deals/{number}/plays", {"seat": seat, "cards": cards},
                        role="dealer")
    assert response.status_code in (409, 422), response.json
    return response.json["code"]


def test_a_refused_play_raises_an_alert_and_changes_nothing_in_the_match(api):
    table_id, match_id, number = _playing(api)
    before = state(api, match_id, "dealer")
    deal = before["current_deal"]
    waiting = deal["turn"] % 4 + 1  # the next seat, not the one to play
    held = deal["hands"][str(waiting)][:1]  # a card of its hand: refused, so never played
    assert _refuse(api, match_id, number, waiting, held) == "not_your_turn"
    assert state(api, match_id, "dealer") == before  # the revision, the hands, the trick: all as they were
    [alert] = _alerts(api, match_id)
    assert (alert["table_id"], alert["subject"], alert["severity"], alert["count"]) == \
        (table_id, f"match:{match_id}", "warning", 1)
    details = alert["details"]
    assert details["seat"] == waiting and details["by_seat"] == {str(waiting): 1} and details["match_id"] == match_id
    assert details["refused"] == [{"seat": waiting, "deal_number": number, "trick_number": 1,
                                   "code": "not_your_turn", "field": "seat", "cards": 1}]
    assert card_codes(json.dumps(alert)) == []  # not the refused card, not the message naming it


def _not_held(hand: list[str]) -> list[str]:
    return [next(code for code in shuffled_codes(0) if code not in hand)]


def test_repeated_refusals_at_one_seat_count_into_the_same_alert_and_turn_it_critical(api):
    _, match_id, number = _playing(api, seed=6)
    deal = state(api, match_id, "dealer")["current_deal"]
    leader, other = deal["turn"], deal["turn"] % 4 + 1
    for _ in range(2):
        _refuse(api, match_id, number, leader, deal["hands"][str(leader)][:4])  # invalid_lead
    [alert] = _alerts(api, match_id)
    assert (alert["count"], alert["severity"], alert["details"]["by_seat"]) == (2, "warning", {str(leader): 2})
    _refuse(api, match_id, number, other, deal["hands"][str(other)][:1])
    _refuse(api, match_id, number, leader, _not_held(deal["hands"][str(leader)]))  # the third at the leader's seat
    [alert] = _alerts(api, match_id)
    assert alert["count"] == 4 and alert["severity"] == "critical"
    assert alert["details"]["by_seat"] == {str(leader): 3, str(other): 1} and alert["details"]["seat_refusals"] == 3
    assert [r["code"] for r in alert["details"]["refused"]] == ["invalid_lead", "invalid_lead", "not_your_turn",
                                                                "not_in_hand"]
    _refuse(api, match_id, number, other, deal["hands"][str(other)][:1])  # another seat after the critical
    [alert] = _alerts(api, match_id)
    assert alert["severity"] == "critical" and alert["details"]["critical_seat"] == leader
    assert f"seat {leader} reached 3" in alert["message"]


@pytest.mark.parametrize(("body", "field", "code"), [
    ({"seat": "1", "cards": ["AS"]}, "seat", "invalid_seat"),
    ({"seat": 5, "cards": ["AS"]}, "seat", "invalid_seat"),
    ({"seat": True, "cards": ["AS"]}, "seat", "invalid_seat"),
    ({"seat": 1, "cards": "AS"}, "cards", "validation_error"),
    ({"seat": 1, "cards": []}, "cards", "validation_error"),
    ({"seat": 1, "cards": ["ZZ"]}, "cards[0]", "invalid_card"),
    ({"seat": 1}, "cards", "validation_error"),
])
def test_a_malformed_play_is_a_validation_error_naming_the_field_and_not_a_refused_play(api, body, field, code):
    _, match_id, number = _playing(api)
    before = state(api, match_id, "dealer")
    response = api.post(f"/api/v1/matches/{match_id}/deals/{number}/plays", body, role="dealer")
    assert (response.status_code, response.json["code"], response.json["field"]) == (422, code, field)
    assert _alerts(api, match_id) == [] and state(api, match_id, "dealer") == before


def test_a_play_refused_by_the_phase_counts_a_play_at_a_finished_match_does_not(api, app):
    table = new_table(api)
    match_id = new_match(api, table["id"])["id"]
    number, _ = start_first_deal(api, match_id, seed=4)  # burying: no trick is being played
    assert _refuse(api, match_id, number, 1, ["3S"]) == "wrong_phase"
    assert _alerts(api, match_id)[0]["details"]["refused"][0]["trick_number"] is None
    finish(app.extensions["roadsvc.db"], match_id, "A", "time_limit")
    assert _refuse(api, match_id, number, 1, ["3S"]) == "match_over"
    assert _alerts(api, match_id)[0]["count"] == 1


def test_the_alert_is_for_operators_and_its_event_holds_no_card(api, app):
    _, match_id, number = _playing(api)
    deal = state(api, match_id, "dealer")["current_deal"]
    waiting = deal["turn"] % 4 + 1
    _refuse(api, match_id, number, waiting, deal["hands"][str(waiting)][:2])
    records = [r for r in events_after(app.extensions["roadsvc.db"], 0) if r.type == "alert"]
    assert [r.audience for r in records] == ["operators"] and records[0].data["code"] == "refused_plays"
    assert card_codes(json.dumps(records[0].data)) == []
    assert api.get(f"/api/v1/alerts?subject=match:{match_id}", role="display").status_code == 403
    assert api.get(f"/api/v1/alerts?subject=match:{match_id}", role="dealer").status_code == 403
