"""Every table setting is bounded when it is set, and a stored slip can never stop its hand
from being posted: a settlement that cannot be computed is a visible refusal on that bet
(`unsettleable`, all it held given back), never a 500."""

from __future__ import annotations

import pytest
from sqlalchemy import update

from betting import bet, make_table  # noqa: F401
from roadsvc.persistence.models import Table

TIE_AT_7 = {"cards": ["5S", "3D", "2H", "4C"]}  # 7 a side, no draws


def patch_settings(api, table_id: int, settings: dict):
    return api.patch(f"/api/v1/tables/{table_id}", {"settings": settings}, role="pitboss")


@pytest.mark.parametrize("pay", ["1e30", "99999999999999", "1000.01", "0", "0.12345", "-1", "NaN", "Infinity", 9, 0.95])
def test_a_pay_out_of_range_is_refused(make_table, api, pay):
    table = make_table("classic")
    refused = patch_settings(api, table.id, {"pays": {"tie": pay}})
    assert refused.status_code == 422, refused.json
    assert refused.json["field"].startswith("settings.pays.tie")
    assert table.bet_type("tie")["pays"] == {"win": "8"}


@pytest.mark.parametrize("pay", ["1000", "0.0001", "8", "11.5"])
def test_a_pay_in_range_is_taken(make_table, api, pay):
    table = make_table("classic")
    assert patch_settings(api, table.id, {"pays": {"tie": pay}}).status_code == 200
    assert table.bet_type("tie")["pays"] == {"win": pay}


@pytest.mark.parametrize(("settings", "field"), [
    ({"limits": {"banker": {"min": "1.00", "max": "100000000.01"}}}, "settings.limits.banker.max"),
    ({"limits": {"banker": {"min": "0.00", "max": "10.00"}}}, "settings.limits.banker.min"),
    ({"total_limits": {"tie": "1000000000000"}}, "settings.total_limits.tie"),
    ({"total_limits": {"tie": "0"}}, "settings.total_limits.tie"),
    ({"difference_limit": "100000000.01"}, "settings.difference_limit"),
    ({"cutoffs": {"banker_pair": 0}}, "settings.cutoffs.banker_pair"),
    ({"cutoffs": {"banker_pair": 201}}, "settings.cutoffs.banker_pair"),
    ({"good_roads": {"long_banker": 101}}, "settings.good_roads.long_banker"),
    ({"good_roads": {"repeats": 0}}, "settings.good_roads.repeats"),
])
def test_every_setting_out_of_its_range_is_refused(api, table, settings, field):
    refused = patch_settings(api, table["id"], settings)
    assert (refused.status_code, refused.json["field"]) == (422, field), refused.json
    assert api.get(f"/api/v1/tables/{table['id']}").json["settings"] == {}


def test_settings_at_the_ends_of_their_ranges_are_taken(api, table):
    settings = {"limits": {"banker": {"min": "0.01", "max": "100000000.00"}}, "difference_limit": "100000000.00",
                "total_limits": {"tie": "100000000.00"}, "cutoffs": {"banker_pair": 200, "tiger": None},
                "good_roads": {"long_banker": 100, "long_player": 1, "repeats": 20}}
    response = patch_settings(api, table["id"], settings)
    assert response.status_code == 200, response.json
    assert response.json["settings"] == settings


def store_pay_behind_the_apis_back(table, pay: str) -> None:
    """A table whose pay predates the bounds (or was written by hand into the database)."""
    with table.db.write() as session:
        session.execute(update(Table).where(Table.id == table.id).values(settings={"pays": {"tie": pay}}))


@pytest.mark.parametrize("pay", ["1e30", "99999999999999999"])
def test_a_slip_whose_stored_rules_cannot_settle_never_stops_its_hand(make_table, api, pay):
    table = make_table("classic")
    store_pay_behind_the_apis_back(table, pay)
    placed = table.slip(bet("tie", "1000.00"), bet("banker", "10.00"), account_id="a")
    assert placed.json["accepted"] == 2, placed.json
    posted = api.post(f"/api/v1/tables/{table.id}/hands", {**TIE_AT_7, "number": 1}, role="dealer")
    assert posted.status_code == 201, posted.json
    bets = {b["bet"]: b for b in table.settlement(1).json["bets"]}
    assert (bets["tie"]["status"], bets["tie"]["returned"], bets["tie"]["net"]) == ("unsettleable", "1000.00", "0.00")
    assert (bets["banker"]["status"], bets["banker"]["net"]) == ("push", "0.00")
    assert api.get(f"/api/v1/shoes/{table.shoe_id}/roads").json["roads"]["hands"] == 1


def test_setting_a_table_right_again_is_possible_after_a_bad_stored_pay(make_table, api):
    table = make_table("classic")
    store_pay_behind_the_apis_back(table, "1e30")
    assert patch_settings(api, table.id, {"pays": {"tie": "8"}}).status_code == 200
    assert table.bet_type("tie")["pays"] == {"win": "8"}


@pytest.mark.parametrize(("settings", "code", "field"), [
    ({"difference_limit": "10.005"}, "invalid_amount", "settings.difference_limit"),
    ({"limits": {"banker": {"min": "10.001", "max": "20.00"}}}, "invalid_amount", "settings.limits.banker.min"),
    ({"difference_limit": 20000}, "invalid_amount", "settings.difference_limit"),
    ({"total_limits": {"tie": 50.5}}, "invalid_amount", "settings.total_limits.tie"),
    ({"pays": {"tie": 9}}, "invalid_pay", "settings.pays.tie"),
    ({"pays": {"lucky_six": {"two_card": 12}}}, "invalid_pay", "settings.pays.lucky_six.two_card"),
    ({"cutoffs": {"banker_pair": 0}}, "invalid_cutoff", "settings.cutoffs.banker_pair"),
])
def test_money_settings_are_strings_with_at_most_two_decimals(api, table, settings, code, field):
    refused = patch_settings(api, table["id"], settings)
    assert (refused.status_code, refused.json["code"], refused.json["field"]) == (422, code, field), refused.json
    assert api.get(f"/api/v1/tables/{table['id']}").json["settings"] == {}
