"""百人牛牛's inputs typed in the API document are refused by their type before any rule looks at them, each
a 422 with the shared code and the field: a posted round's cards (card codes), its hands (the five positions
only), an opened position, the rounds page's `format` (json or csv); and the rounds page keeps ignoring a
query parameter it does not read (a client's cache-buster)."""

from __future__ import annotations

import pytest
from niuniu_support import HANDS, by_order, by_position

from roadsvc.api.niuniu.schemas import NiuniuRoundPostSchema


@pytest.mark.parametrize("body, code, field", [
    ({**by_order(1), "reveal": "ZZ"}, "invalid_card", "reveal"),
    ({**by_order(1), "reveal": 7}, "validation_error", "reveal"),
    ({"number": 1, "reveal": "7S", "cards": ["AS", "1X"]}, "invalid_card", "cards[1]"),
    ({"number": 1, "hands": {**HANDS, "banker": ["AS", "2H", "ZZ", "4C", "5S"]}}, "invalid_card", "hands.banker[2]"),
    ({"number": 1, "hands": {**HANDS, "player_5": HANDS["banker"]}}, "validation_error", "hands.player_5"),
])
def test_a_posted_round_that_is_not_of_its_types_is_refused_naming_the_field(api, rounds_url, body, code, field):
    response = api.post(rounds_url, body, role="dealer")
    assert (response.status_code, response.json["code"], response.json["field"]) == (422, code, field), response.json
    assert api.get(rounds_url).json["rounds"] == []


def test_an_opened_position_is_one_of_the_five(api, rounds_url):
    assert api.post(rounds_url, by_position(1), role="dealer").status_code == 201
    response = api.post(f"{rounds_url}/1/open", {"position": "player_9"}, role="dealer")
    assert (response.status_code, response.json["code"], response.json["field"]) == \
        (422, "unknown_position", "position")
    assert api.get(f"{rounds_url}/1").json["opened"] == []


def test_the_rounds_page_takes_json_or_csv_and_the_cache_buster_and_refuses_other_parameters(api, rounds_url):
    assert api.post(rounds_url, by_position(1), role="dealer").status_code == 201
    refused = api.get(f"{rounds_url}?format=xml")
    assert (refused.status_code, refused.json["code"], refused.json["field"]) == (422, "invalid_parameter", "format")
    assert [r["number"] for r in api.get(f"{rounds_url}?_=1700000000").json["rounds"]] == [1]
    other = api.get(f"{rounds_url}?foo=1")  # issue 46 item 4: was ignored
    assert (other.status_code, other.json["code"], other.json["field"]) == (422, "unknown_parameter", "foo")
    csv = api.get(f"{rounds_url}?format=csv")
    assert (csv.mimetype, csv.get_data(as_text=True).splitlines()[1].split(",")[0]) == ("text/csv", "1")


def test_the_document_types_every_field_of_a_posted_round():
    fields = NiuniuRoundPostSchema().fields
    assert {name: type(field).__name__ for name, field in fields.items()} == {
        "number": "Integer", "reveal": "String", "cards": "List", "hands": "Nested"}
