"""The shared field types (roadsvc.api.schemas.common): what each takes, what it refuses and with
which code, named by the field. Every game's routes use these (docs/api.md)."""

from __future__ import annotations

import marshmallow as ma
import pytest

from roadsvc.api.schemas import common
from roadsvc.api.schemas.coded import StrictSchema


class Fields(StrictSchema):
    amount = common.Amount()
    stake = common.Amount(positive=True)
    name = common.name()
    account_id = common.account_id()
    seat = common.seat()
    position = common.position()
    area = common.area()
    card = common.card_code()
    cards = common.cards(1, 4)
    round = common.round_number()
    deal = common.deal_number()
    flag = common.Flag()


def refusal(**data) -> tuple[str, str, str]:
    """(field, code, message) of the one refused field."""
    with pytest.raises(ma.ValidationError) as refused:
        Fields().load(data)
    [(field, messages)] = refused.value.messages.items()
    message = messages[0] if isinstance(messages, list) else next(iter(messages.values()))[0]
    return field, getattr(message, "code", "validation_error"), str(message)


@pytest.mark.parametrize("sent, kept", [("10", "10.00"), ("0.5", "0.50"), ("0", "0.00"), ("100.00", "100.00"),
                                        ("9999999999999.99", "9999999999999.99")])
def test_an_amount_is_a_decimal_string_answered_with_two_places(sent, kept):
    assert Fields().load({"amount": sent}) == {"amount": kept}


@pytest.mark.parametrize("sent", [10, 10.5, "10.005", "1e3", "1e30", "-5", "+5", " 5", "5.", ".5", "",
                                  "99999999999999999999999999999999.00", "10000000000000", "NaN", "Infinity", True])
def test_an_amount_past_the_bound_or_not_a_decimal_string_is_invalid_amount(sent):
    field, code, message = refusal(amount=sent)
    assert (field, code) == ("amount", "invalid_amount")
    assert "decimal string" in message


def test_a_stake_is_more_than_zero():
    assert refusal(stake="0.00")[:2] == ("stake", "invalid_amount")
    assert Fields().load({"stake": "0.01"}) == {"stake": "0.01"}


@pytest.mark.parametrize("field", ["name", "account_id"])
@pytest.mark.parametrize("hidden", ["\u202e", "\u200b", "\u0085", "\x00", "\ufeff", "\u2028", "\ue000"])
def test_names_and_account_ids_refuse_invisible_characters(field, hidden):
    assert refusal(**{field: f"Li{hidden}Wei"})[:2] == (field, "invalid_characters")


@pytest.mark.parametrize("field", ["name", "account_id"])
def test_names_and_account_ids_are_bounded(field):
    assert Fields().load({field: "李" * 100}) == {field: "李" * 100}
    assert refusal(**{field: "x" * 101})[0] == field
    assert refusal(**{field: ""})[0] == field


@pytest.mark.parametrize("sent", [0, 5, "1", 1.5, True])
def test_a_seat_is_the_number_1_to_4(sent):
    field, code, message = refusal(seat=sent)
    assert (field, code) == ("seat", "invalid_seat")
    assert "a JSON number, not a string" in message
    assert [Fields().load({"seat": n})["seat"] for n in (1, 2, 3, 4)] == [1, 2, 3, 4]


def test_positions_and_areas():
    assert Fields().load({"position": "banker", "area": "player_4"}) == {"position": "banker", "area": "player_4"}
    assert refusal(position="player_5")[:2] == ("position", "unknown_position")
    assert refusal(area="banker")[:2] == ("area", "unknown_area")


@pytest.mark.parametrize("code", ["AS", "10H", "KD", "BJ", "SJ", "th", "7♠", "qc"])
def test_card_codes_the_rules_read_are_taken(code):
    assert Fields().load({"card": code}) == {"card": code}


@pytest.mark.parametrize("code", ["1S", "11H", "ZZ", "BJJ", "AX", "", "A", 7])
def test_a_card_code_that_is_not_a_card_is_invalid_card(code):
    field, code_, _ = refusal(card=code)
    assert field == "card"
    assert code_ in ("invalid_card", "validation_error")  # a non-string is marshmallow's "Not a valid string"


def test_a_bad_card_in_a_list_is_named_by_its_index():
    with pytest.raises(ma.ValidationError) as refused:
        Fields().load({"cards": ["AS", "XX"]})
    assert list(refused.value.messages["cards"]) == [1]
    assert refused.value.messages["cards"][1][0].code == "invalid_card"


@pytest.mark.parametrize("field, code, high", [("round", "invalid_round", common.MAX_ROUND),
                                               ("deal", "invalid_deal", common.MAX_DEAL)])
def test_round_and_deal_numbers_are_bounded(field, code, high):
    assert Fields().load({field: high}) == {field: high}
    assert refusal(**{field: 0})[:2] == (field, code)
    assert refusal(**{field: high + 1})[:2] == (field, code)
    assert refusal(**{field: "3"})[0] == field


def test_page_parameters_name_the_parameter_that_is_wrong():
    assert common.PageQuery().load({}) == {"after": 0, "limit": 100}
    assert common.PageQuery().load({"after": "5", "limit": "10"}) == {"after": 5, "limit": 10}
    for query, field in (({"limit": "abc"}, "limit"), ({"after": "abc"}, "after"), ({"limit": "0"}, "limit"),
                         ({"limit": "501"}, "limit"), ({"after": "-1"}, "after")):
        with pytest.raises(ma.ValidationError) as refused:
            common.PageQuery().load(query)
        assert list(refused.value.messages) == [field]
        assert refused.value.messages[field][0].code == "invalid_parameter"


@pytest.mark.parametrize("sent", [True, False])
def test_a_flag_takes_json_true_and_false(sent):
    assert Fields().load({"flag": sent}) == {"flag": sent}


@pytest.mark.parametrize("sent", [0, 1, "true", "yes", "", None])
def test_a_flag_refuses_numbers_and_strings(sent):
    assert refusal(flag=sent)[:2] == ("flag", "validation_error")


@pytest.mark.parametrize("field", ["name", "account_id"])
@pytest.mark.parametrize("sent", ["Li\u00a0Wei", "Li\u2007Wei", "Li\u3000Wei", "Li\tWei", " Li Wei", "Li Wei "])
def test_identifiers_refuse_look_alike_spaces_and_spaces_at_either_end(field, sent):
    # issue 46 item 2: one rule for every identifier a client sends
    field_named, code, message = refusal(**{field: sent})
    assert (field_named, code) == (field, "invalid_characters")
    assert Fields().load({field: "Li Wei"}) == {field: "Li Wei"}
