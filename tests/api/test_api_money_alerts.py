"""large_win and hold_out_of_line (issue 24), raised by the jobs' money watch from the settled
ledger, on SQLite and PostgreSQL, with the table's own limits."""

from __future__ import annotations

from betting import bet, make_table  # noqa: F401
from roadsvc.services import alerts
from roadsvc.services.pit.money_watch import MoneyWatch

BANKER_NATURAL_9 = {"cards": ["4S", "KD", "3H", "9C"]}
PLAYER_NATURAL_9 = {"cards": ["9S", "2D", "KH", "3C"]}


def found(table, code):
    return alerts.find_alerts(table.db, {"table_id": table.id, "code": code})[0]


def test_a_large_win_on_a_hand_and_across_a_shoe(make_table):
    table = make_table("classic", {"monitoring": {"large_win_amount": 1000}})
    watch = MoneyWatch(table.db)
    watch.step()  # starts at the log's newest event
    table.slip(bet("player", "600.00"), account_id="acct-1")
    table.post(PLAYER_NATURAL_9)  # +600: below the limit
    assert watch.step() == [] and found(table, "large_win") == []
    table.slip(bet("player", "600.00"), account_id="acct-1")
    table.post(PLAYER_NATURAL_9)  # +1,200 in the shoe: over it
    watch.step()
    [alert] = found(table, "large_win")
    assert (alert.details["scope"], alert.details["account_id"], alert.details["won"]) == ("shoe", "acct-1", "1,200.00")
    table.slip(bet("player", "1500.00"), account_id="acct-2")
    table.post(PLAYER_NATURAL_9)  # +1,500 on one hand
    watch.step()
    [alert] = found(table, "large_win")
    assert alert.count == 2 and alert.details["scope"] == "hand" and alert.details["hand_number"] == 3


def test_a_shoe_whose_hold_strays_and_comes_back(make_table):
    table = make_table("classic", {"monitoring": {"hold_min_turnover": 1000, "hold_tolerance": 0.2}})
    watch = MoneyWatch(table.db)
    watch.step()
    table.slip(bet("banker", "1000.00"), account_id="acct-1")
    table.post(PLAYER_NATURAL_9)  # the house keeps all of 1,000: a hold of 100%
    watch.step()
    [alert] = found(table, "hold_out_of_line")
    assert alert.state == "open" and alert.details["hold"] == 1.0 and 0 < alert.details["expected_hold"] < 0.02
    table.slip(bet("player", "900.00"), account_id="acct-1")
    table.post(PLAYER_NATURAL_9)  # the house pays 900: 100 kept of 1,900, a hold of 5.3%, within 20 points
    watch.step()
    assert found(table, "hold_out_of_line")[0].state == "resolved"


def test_below_the_turnover_setting_the_hold_is_not_judged(make_table):
    table = make_table("classic")  # 100,000 by default
    watch = MoneyWatch(table.db)
    watch.step()
    table.slip(bet("banker", "1000.00"), account_id="acct-1")
    table.post(PLAYER_NATURAL_9)
    watch.step()
    assert found(table, "hold_out_of_line") == []
