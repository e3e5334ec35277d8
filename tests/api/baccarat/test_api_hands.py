"""Posting hands: numbering, idempotent retries, conflicts, rules and card supply, races."""

from __future__ import annotations

import threading

import pytest

from roadsvc.domain.baccarat.dealing.shoe import deal_shoe

NATURAL = {"cards": ["4S", "KD", "3H", "9C"]}  # player 7, banker 9
OTHER = {"cards": ["9S", "2D", "KH", "3C"]}  # player 9 natural against banker 5


def hands_url(table) -> str:
    return f"/api/v1/tables/{table['id']}/hands"


def stored_numbers(api, shoe) -> list[int]:
    return [h["number"] for h in api.get(f"/api/v1/shoes/{shoe['id']}/hands").json]


def test_hands_are_numbered_from_one_in_each_shoe(api, table, shoe):
    first = api.post(hands_url(table), NATURAL, role="dealer")
    assert first.status_code == 201
    assert (first.json["number"], first.json["result"], first.json["revision"]) == (1, "banker", shoe["revision"] + 1)
    assert first.json["hand"]["cards"] == {"player": ["4S", "3H"], "banker": ["KD", "9C"]}
    assert api.post(hands_url(table), {"result": "tie"}, role="dealer").json["number"] == 2
    api.post(f"/api/v1/tables/{table['id']}/shoes", {}, role="dealer")
    assert api.post(hands_url(table), {"result": "player"}, role="dealer").json["number"] == 1


def test_a_retry_with_the_same_hand_returns_the_stored_one(api, table, shoe):
    first = api.post(hands_url(table), {**NATURAL, "number": 1}, role="dealer")
    retry = api.post(hands_url(table), {**NATURAL, "number": 1}, role="dealer")
    assert (first.status_code, retry.status_code) == (201, 200)
    assert retry.json["number"] == 1 and retry.json["created_at"] == first.json["created_at"]
    assert retry.json["revision"] == first.json["revision"]
    assert stored_numbers(api, shoe) == [1]


def test_the_same_hand_in_another_notation_is_the_same_hand(api, table, shoe):
    api.post(hands_url(table), {**NATURAL, "number": 1}, role="dealer")
    by_side = {"cards": {"player": ["4s", "3h"], "banker": ["KD", "9C"]}, "number": 1}
    assert api.post(hands_url(table), by_side, role="dealer").status_code == 200


def test_another_hand_at_a_stored_number_is_a_409(api, table, shoe):
    api.post(hands_url(table), {**NATURAL, "number": 1}, role="dealer")
    response = api.post(hands_url(table), {**OTHER, "number": 1}, role="dealer")
    assert (response.status_code, response.json["code"], response.json["field"]) == (409, "hand_conflict", "number")
    assert api.get(f"/api/v1/shoes/{shoe['id']}/hands").json[0]["hand"]["cards"]["player"] == ["4S", "3H"]


def test_a_number_beyond_the_next_is_a_409(api, table, shoe):
    response = api.post(hands_url(table), {**NATURAL, "number": 2}, role="dealer")
    assert (response.status_code, response.json["code"]) == (409, "hand_number_ahead")
    assert stored_numbers(api, shoe) == []


def test_no_shoe_is_a_409_and_no_table_a_404(api, table):
    response = api.post(hands_url(table), NATURAL, role="dealer")
    assert (response.status_code, response.json["code"]) == (409, "no_open_shoe")
    assert api.post("/api/v1/tables/999/hands", NATURAL, role="dealer").status_code == 404


@pytest.mark.parametrize(
    "body, code",
    [
        ({"cards": {"player": ["2S", "3H"], "banker": ["KD", "4C"]}}, "third_card_rule"),
        ({"cards": ["4S", "KD", "3H", "9C", "5D"]}, "third_card_rule"),
        ({"cards": ["4S", "KD", "3H", "XX"]}, "invalid_card"),
        ({"result": "banker", "player_total": 7, "banker_total": 3}, "totals_contradict_result"),
        ({"cards": ["4S", "KD", "3H", "9C"], "result": "player"}, "facts_contradict_cards"),
        ({}, "missing_field"),
    ],
)
def test_a_hand_that_breaks_a_rule_is_a_422_naming_it(api, table, shoe, body, code):
    response = api.post(hands_url(table), body, role="dealer")
    assert (response.status_code, response.json["code"]) == (422, code)
    assert stored_numbers(api, shoe) == []


@pytest.mark.parametrize("flag", ["banker_pair", "player_pair", "natural"])
def test_a_hand_by_result_whose_flag_is_a_number_is_a_422_naming_it(api, table, shoe, flag):
    response = api.post(hands_url(table), {"result": "banker", flag: 1}, role="dealer")  # the document: a boolean
    assert (response.status_code, response.json["field"]) == (422, flag)
    assert stored_numbers(api, shoe) == []


def test_more_copies_of_a_card_than_the_decks_hold_is_a_422(api, table):
    shoe = api.post(f"/api/v1/tables/{table['id']}/shoes", {"decks": 1, "burn_card": "4S"}, role="dealer").json
    response = api.post(hands_url(table), NATURAL, role="dealer")  # holds a second 4S
    assert (response.status_code, response.json["code"], response.json["field"]) == (422, "impossible_card", "cards")
    assert stored_numbers(api, shoe) == []


def test_a_whole_dealt_shoe_is_accepted(api, table):
    import random

    dealt = deal_shoe(random.Random(7))
    api.post(f"/api/v1/tables/{table['id']}/shoes", {"burn_card": dealt.burn_card.code}, role="dealer")
    for number, hand in enumerate(dealt.hands, start=1):
        body = {"cards": {side: [c.code for c in hand.cards(side)] for side in ("player", "banker")}, "number": number}
        assert api.post(hands_url(table), body, role="dealer").status_code == 201


@pytest.mark.parametrize("same_hand", [True, False], ids=["same hand", "different hands"])
def test_two_posters_racing_for_one_number_store_exactly_one_hand(api, table, shoe, same_hand):
    for attempt in range(5):
        number = attempt + 1
        bodies = [{**NATURAL, "number": number}, {**(NATURAL if same_hand else OTHER), "number": number}]
        barrier = threading.Barrier(2)
        statuses: list[int] = []

        def post(body):
            barrier.wait()
            statuses.append(api.post(hands_url(table), body, role="dealer").status_code)

        threads = [threading.Thread(target=post, args=(body,)) for body in bodies]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(statuses) == ([200, 201] if same_hand else [201, 409])
        if not same_hand:  # keep the next round's numbers aligned with the stored hands
            stored = api.get(f"/api/v1/shoes/{shoe['id']}/hands").json[-1]
            assert stored["number"] == number
    assert stored_numbers(api, shoe) == [1, 2, 3, 4, 5]


def test_concurrent_posters_without_numbers_leave_no_gaps_or_duplicates(api, table, shoe):
    barrier = threading.Barrier(4)
    statuses: list[int] = []

    def post():
        barrier.wait()
        for _ in range(5):
            statuses.append(api.post(hands_url(table), {"result": "banker"}, role="dealer").status_code)

    threads = [threading.Thread(target=post) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert statuses == [201] * 20
    assert stored_numbers(api, shoe) == list(range(1, 21))


def test_a_retry_pinned_to_its_shoe_still_finds_its_hand_after_a_new_shoe(api, table, shoe):
    body = {**NATURAL, "number": 1, "shoe_id": shoe["id"]}
    assert api.post(hands_url(table), body, role="dealer").status_code == 201
    new_shoe = api.post(f"/api/v1/tables/{table['id']}/shoes", {}, role="dealer").json
    retry = api.post(hands_url(table), body, role="dealer")
    assert (retry.status_code, retry.json["shoe_id"]) == (200, shoe["id"])
    assert stored_numbers(api, new_shoe) == []
    late = api.post(hands_url(table), {**OTHER, "number": 2, "shoe_id": shoe["id"]}, role="dealer")
    assert (late.status_code, late.json["code"]) == (409, "shoe_changed")
    assert stored_numbers(api, shoe) == [1]


def test_a_retry_of_the_last_hand_after_the_shoe_closed_is_still_a_retry(api, table, shoe):
    body = {**NATURAL, "number": 1}
    api.post(hands_url(table), body, role="dealer")
    api.post(f"/api/v1/tables/{table['id']}/shoes/{shoe['id']}/close", role="pitboss")
    assert api.post(hands_url(table), body, role="dealer").status_code == 200
    assert api.post(hands_url(table), {**NATURAL, "number": 2}, role="dealer").json["code"] == "no_open_shoe"


def test_a_shoe_of_another_table_is_404(api, table, shoe):
    other = api.post("/api/v1/tables", {"name": "Other"}).json
    api.post(f"/api/v1/tables/{other['id']}/shoes", {}, role="dealer")
    response = api.post(f"/api/v1/tables/{other['id']}/hands", {**NATURAL, "shoe_id": shoe["id"]}, role="dealer")
    assert (response.status_code, response.json["code"]) == (404, "shoe_not_found")
