"""The house's money (issue 24) against the settlements of a dealt shoe with known slips, on
SQLite and PostgreSQL: per shoe, per table and shift, on the floor; only for read_money keys."""

from __future__ import annotations

from fractions import Fraction

import pytest

from betting import bet, make_table  # noqa: F401
from roadsvc.services.pit.money import house_edge

BANKER_NATURAL_9 = {"cards": ["4S", "KD", "3H", "9C"]}  # player 7, banker 9
PLAYER_NATURAL_9 = {"cards": ["9S", "2D", "KH", "3C"]}  # player 9, banker 5


@pytest.fixture
def dealt(make_table):
    """Two hands with known slips: the house loses 35.00 on the first and wins 100.00 on the second."""
    table = make_table("classic")
    table.slip(bet("banker", "100.00"), account_id="acct-1")  # wins 95.00 (5% commission)
    table.slip(bet("player", "50.00"), bet("tie", "10.00"), account_id="acct-2")  # loses 60.00
    table.post(BANKER_NATURAL_9)
    table.slip(bet("player", "200.00"), account_id="acct-1")  # wins 200.00
    table.slip(bet("banker", "300.00"), account_id="acct-2")  # loses 300.00
    table.post(PLAYER_NATURAL_9)
    table.slip(bet("banker", "25.00"), account_id="acct-3")  # open on hand 3: not turnover yet
    return table


def expected_hold() -> float:
    rules = {"rule_set": "classic", "overrides": {}}
    edge = {code: house_edge(rules, 8, code) for code in ("banker", "player", "tie")}
    weighted = 400 * edge["banker"] + 250 * edge["player"] + 10 * edge["tie"]
    return round(float(weighted / 660), 6)


FIGURES = {"turnover": "660.00", "win": "65.00", "hold": round(65 / 660, 6), "bets": 5, "accounts": 2,
           "largest_bet": "300.00", "largest_win": "200.00",
           "by_bet": {"banker": "400.00", "player": "250.00", "tie": "10.00"}}


def test_a_shoe_s_money_is_its_settlements(dealt):
    answer = dealt.api.get(f"/api/v1/shoes/{dealt.shoe_id}/money", role="pitboss")
    assert answer.status_code == 200
    assert answer.json["money"] == {**FIGURES, "expected_hold": expected_hold()}
    assert answer.json["running_win"] == [{"hand": 1, "win": "-35.00"}, {"hand": 2, "win": "65.00"}]
    assert answer.json["hand_in_play"] == {"hand_number": 3, "open_bets": {"banker": {"stake": "25.00", "bets": 1}}}


def test_a_void_takes_its_hand_out_of_the_money(dealt):
    voided = dealt.api.post(f"/api/v1/shoes/{dealt.shoe_id}/hands/2/void", {"reason": "misdeal"}, role="pitboss")
    assert voided.status_code == 200
    figures = dealt.api.get(f"/api/v1/shoes/{dealt.shoe_id}/money", role="pitboss").json["money"]
    assert (figures["turnover"], figures["win"], figures["bets"]) == ("160.00", "-35.00", 3)


def test_a_table_s_shift_money_and_the_floor_s(dealt):
    answer = dealt.api.get(f"/api/v1/tables/{dealt.id}/money", role="admin").json
    assert answer["money"] == {**FIGURES, "expected_hold": expected_hold()}
    assert answer["shoe"]["id"] == dealt.shoe_id and answer["shoe"]["money"]["win"] == "65.00"
    assert answer["shift"]["time_zone"] == "Asia/Macau"
    floor = dealt.api.get("/api/v1/floor", role="pitboss").json
    entry = next(e for e in floor["tables"] if e["table"]["id"] == dealt.id)
    assert entry["money"] == {"turnover": "660.00", "win": "65.00", "bets": 5, "hold": round(65 / 660, 6)}
    assert floor["totals"]["money"]["win"] == "65.00" and floor["shift"]["shift"] == answer["shift"]["shift"]
    other = dealt.api.get(f"/api/v1/tables/{dealt.id}/money",
                          query_string={"date": "2020-01-01", "shift": "0600"}, role="pitboss").json
    assert other["money"]["turnover"] == "0.00" and other["money"]["hold"] is None


@pytest.mark.parametrize("role", ["display", "dealer"])
def test_money_needs_read_money(dealt, role):
    for path in (f"/api/v1/shoes/{dealt.shoe_id}/money", f"/api/v1/tables/{dealt.id}/money"):
        assert dealt.api.get(path, role=role).status_code == 403


def test_an_unknown_shift_is_refused_with_its_field(dealt):
    answer = dealt.api.get(f"/api/v1/tables/{dealt.id}/money", query_string={"date": "2026-11-25", "shift": "0700"},
                           role="pitboss")
    assert answer.status_code == 422 and (answer.json["code"], answer.json["field"]) == ("unknown_shift", "shift")
