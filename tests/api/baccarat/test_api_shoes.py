"""Shoes: opening closes the previous one, burn card, cut card, close, history."""

from __future__ import annotations

import pytest

HAND = {"cards": ["4S", "KD", "3H", "9C"]}  # player 7, banker 9: a natural, no draws


def test_opening_a_shoe_closes_the_previous_one(api, table):
    url = f"/api/v1/tables/{table['id']}/shoes"
    first = api.post(url, {}, role="dealer").json
    second = api.post(url, {"decks": 6, "burn_card": "QH"}, role="dealer").json
    assert (first["number"], second["number"]) == (1, 2)
    assert (second["decks"], second["burn_card"], second["burn_count"], second["status"]) == (6, "QH", 10, "open")
    history = api.get(url).json
    assert [(s["number"], s["status"]) for s in history] == [(2, "open"), (1, "closed")]
    assert history[1]["closed_at"] is not None


@pytest.mark.parametrize("card, count", [("AS", 1), ("7d", 7), ("10C", 10), ("KH", 10)])
def test_the_burn_card_tells_how_many_cards_are_burned(api, table, card, count):
    shoe = api.post(f"/api/v1/tables/{table['id']}/shoes", {"burn_card": card}, role="dealer").json
    assert shoe["burn_count"] == count


@pytest.mark.parametrize("body, field", [({"decks": 9}, "decks"), ({"decks": "8"}, "decks"), ({"burn_card": "ZZ"}, "burn_card")])
def test_bad_shoe_settings_are_422(api, table, body, field):
    response = api.post(f"/api/v1/tables/{table['id']}/shoes", body, role="dealer")
    assert (response.status_code, response.json["field"]) == (422, field)
    assert api.get(f"/api/v1/tables/{table['id']}/shoes").json == []


def test_after_the_cut_card_the_hand_in_play_is_the_last(api, table, shoe):
    hands = f"/api/v1/tables/{table['id']}/hands"
    assert api.post(hands, HAND, role="dealer").status_code == 201
    cut = api.post(f"/api/v1/tables/{table['id']}/shoes/{shoe['id']}/cut-card", {}, role="dealer")
    assert (cut.status_code, cut.json["last_hand"]) == (200, 2)
    assert api.post(hands, {"result": "player"}, role="dealer").status_code == 201
    refused = api.post(hands, {"result": "player"}, role="dealer")
    assert (refused.status_code, refused.json["code"]) == (409, "shoe_complete")


def test_the_cut_card_may_name_the_hand_already_posted(api, table, shoe):
    api.post(f"/api/v1/tables/{table['id']}/hands", HAND, role="dealer")
    url = f"/api/v1/tables/{table['id']}/shoes/{shoe['id']}/cut-card"
    assert api.post(url, {"last_hand": 3}, role="dealer").status_code == 422
    assert api.post(url, {"last_hand": 1}, role="dealer").json["last_hand"] == 1
    assert api.post(url, {}, role="dealer").json["code"] == "cut_card_already_out"
    refused = api.post(f"/api/v1/tables/{table['id']}/hands", HAND, role="dealer")
    assert refused.json["code"] == "shoe_complete"


def test_a_closed_shoe_takes_no_hands_and_cannot_close_twice(api, table, shoe):
    close = f"/api/v1/tables/{table['id']}/shoes/{shoe['id']}/close"
    closed = api.post(close, role="pitboss")
    assert (closed.status_code, closed.json["status"]) == (200, "closed")
    assert api.post(close, role="pitboss").json["code"] == "shoe_closed"
    refused = api.post(f"/api/v1/tables/{table['id']}/hands", HAND, role="dealer")
    assert (refused.status_code, refused.json["code"]) == (409, "no_open_shoe")


def test_a_shoe_is_addressed_through_its_own_table(api, table, shoe):
    other = api.post("/api/v1/tables", {"name": "Other"}).json
    response = api.post(f"/api/v1/tables/{other['id']}/shoes/{shoe['id']}/close", role="pitboss")
    assert (response.status_code, response.json["code"]) == (404, "shoe_not_found")


def test_every_write_bumps_the_revision(api, table, shoe):
    revision = lambda: api.get(f"/api/v1/shoes/{shoe['id']}").json["revision"]  # noqa: E731
    seen = [revision()]
    api.post(f"/api/v1/tables/{table['id']}/hands", HAND, role="dealer")
    seen.append(revision())
    api.post(f"/api/v1/tables/{table['id']}/shoes/{shoe['id']}/cut-card", {}, role="dealer")
    seen.append(revision())
    api.post(f"/api/v1/tables/{table['id']}/shoes/{shoe['id']}/close", role="pitboss")
    seen.append(revision())
    assert seen == [seen[0], seen[0] + 1, seen[0] + 2, seen[0] + 3]


def test_hand_counts_in_the_shoe_history(api, table, shoe):
    for _ in range(3):
        api.post(f"/api/v1/tables/{table['id']}/hands", {"result": "tie"}, role="dealer")
    api.post(f"/api/v1/shoes/{shoe['id']}/hands/2/void", {"reason": "misdeal"}, role="pitboss")
    listed = api.get(f"/api/v1/tables/{table['id']}/shoes").json[0]
    assert (listed["hands"], listed["counted_hands"]) == (3, 2)
