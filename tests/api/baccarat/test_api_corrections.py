"""Voids and corrections (pit boss): audited, revision bumped, the roads follow."""

from __future__ import annotations

import pytest

NATURAL = {"cards": ["4S", "KD", "3H", "9C"]}  # banker 9 over player 7


@pytest.fixture
def three_hands(api, table, shoe):
    for body in (NATURAL, {"result": "player"}, {"result": "banker"}):
        assert api.post(f"/api/v1/tables/{table['id']}/hands", body, role="dealer").status_code == 201
    return shoe


def test_a_void_is_audited_and_leaves_the_hand_out_of_the_roads(api, three_hands):
    shoe = three_hands
    response = api.post(f"/api/v1/shoes/{shoe['id']}/hands/2/void", {"reason": "misdeal"}, role="pitboss")
    assert response.status_code == 200
    assert (response.json["voided"], response.json["void_reason"]) == (True, "misdeal")
    log = api.get(f"/api/v1/shoes/{shoe['id']}/audit").json
    assert len(log) == 1
    record = log[0]
    assert (record["action"], record["hand_number"], record["reason"]) == ("void", 2, "misdeal")
    assert record["actor"].startswith("test pitboss")
    assert (record["before"]["voided"], record["after"]["voided"]) == (False, True)
    roads = api.get(f"/api/v1/shoes/{shoe['id']}/roads").json
    assert roads["revision"] == response.json["revision"]
    assert [bead["hand"] for bead in roads["roads"]["bead_plate"]] == [1, 3]
    assert roads["roads"]["hands"] == 2


def test_a_hand_is_voided_once(api, three_hands):
    url = f"/api/v1/shoes/{three_hands['id']}/hands/1/void"
    api.post(url, {"reason": "misdeal"}, role="pitboss")
    response = api.post(url, {"reason": "again"}, role="pitboss")
    assert (response.status_code, response.json["code"]) == (409, "hand_already_voided")


@pytest.mark.parametrize("body", [{}, {"reason": ""}, {"reason": "   "}, {"reason": None}])
def test_a_void_needs_a_reason(api, three_hands, body):
    response = api.post(f"/api/v1/shoes/{three_hands['id']}/hands/1/void", body, role="pitboss")
    assert (response.status_code, response.json["field"]) == (422, "reason")
    assert api.get(f"/api/v1/shoes/{three_hands['id']}/audit").json == []


def test_a_correction_replaces_the_hand_and_keeps_before_and_after(api, three_hands):
    shoe = three_hands
    body = {"hand": {"result": "tie", "player_pair": True}, "reason": "reader misread"}
    response = api.post(f"/api/v1/shoes/{shoe['id']}/hands/1/correct", body, role="pitboss")
    assert (response.status_code, response.json["result"]) == (200, "tie")
    record = api.get(f"/api/v1/shoes/{shoe['id']}/audit").json[0]
    assert record["before"]["hand"]["cards"] == {"player": ["4S", "3H"], "banker": ["KD", "9C"]}
    assert record["after"]["hand"]["result"] == "tie" and record["after"]["hand"]["player_pair"] is True
    roads = api.get(f"/api/v1/shoes/{shoe['id']}/roads").json["roads"]
    assert roads["bead_plate"][0]["result"] == "tie"


def test_an_invalid_correction_is_refused_and_changes_nothing(api, three_hands):
    shoe = three_hands
    before = api.get(f"/api/v1/shoes/{shoe['id']}").json["revision"]
    bad = {"hand": {"cards": {"player": ["2S", "3H"], "banker": ["KD", "4C"]}}, "reason": "x"}
    response = api.post(f"/api/v1/shoes/{shoe['id']}/hands/1/correct", bad, role="pitboss")
    assert (response.status_code, response.json["code"]) == (422, "third_card_rule")
    assert response.json["field"].startswith("hand.cards")
    assert api.get(f"/api/v1/shoes/{shoe['id']}").json["revision"] == before
    assert api.get(f"/api/v1/shoes/{shoe['id']}/audit").json == []


def test_a_correction_is_checked_against_the_shoes_card_supply(api, table):
    shoe = api.post(f"/api/v1/tables/{table['id']}/shoes", {"decks": 1}, role="dealer").json
    api.post(f"/api/v1/tables/{table['id']}/hands", NATURAL, role="dealer")
    api.post(f"/api/v1/tables/{table['id']}/hands", {"result": "banker"}, role="dealer")
    body = {"hand": {"cards": ["4S", "KH", "3D", "9D"]}, "reason": "typo"}  # a second 4S in one deck
    response = api.post(f"/api/v1/shoes/{shoe['id']}/hands/2/correct", body, role="pitboss")
    assert (response.status_code, response.json["code"]) == (422, "impossible_card")


def test_a_voided_hand_cannot_be_corrected(api, three_hands):
    shoe = three_hands
    api.post(f"/api/v1/shoes/{shoe['id']}/hands/1/void", {"reason": "misdeal"}, role="pitboss")
    response = api.post(f"/api/v1/shoes/{shoe['id']}/hands/1/correct", {"hand": {"result": "tie"}, "reason": "x"}, role="pitboss")
    assert (response.status_code, response.json["code"]) == (409, "hand_voided")


def test_an_unknown_hand_or_shoe_is_404(api, three_hands):
    assert api.post(f"/api/v1/shoes/{three_hands['id']}/hands/9/void", {"reason": "x"}, role="pitboss").status_code == 404
    assert api.post("/api/v1/shoes/999/hands/1/void", {"reason": "x"}, role="pitboss").status_code == 404
    assert api.get("/api/v1/shoes/999/audit").status_code == 404
