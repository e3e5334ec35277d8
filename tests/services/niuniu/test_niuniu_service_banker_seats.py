"""The banker queue, the super grab (first wins under concurrency) and the seats at a niuniu table."""

import threading
from decimal import Decimal

import pytest

from niuniu_service_support import niuniu_table, post, settle
from niuniu_support import slip_body
from roadsvc.domain.errors import DomainError
from roadsvc.persistence.engine import Database
from roadsvc.services.errors import Conflict
from roadsvc.services import events as event_log
from roadsvc.services.niuniu import banker_seats, slips

D = Decimal


def refused(call, *args):
    with pytest.raises((DomainError, Conflict)) as error:
        call(*args)
    return error.value.code


def test_applicants_bank_in_turn_and_the_round_remembers_its_banker(db):
    table = niuniu_table(db, banker_min_balance="1000.00", banker_rounds=1)
    banker_seats.apply_banker(db, table, "a", D("1000.00"))
    banker_seats.apply_banker(db, table, "b", D("5000.00"))
    assert refused(banker_seats.apply_banker, db, table, "c", D("999.99")) == "balance_too_low"
    settle(db, table, 1)  # the house banked round 1; "a" takes the bank after it
    assert banker_seats.table_state(db, table)["queue"]["banker"]["account_id"] == "a"
    assert post(db, table, 2)["banker_account"] == "a"


def test_the_bankers_stated_balance_covers_the_round(db):
    table = niuniu_table(db, banker_min_balance="100.00")
    banker_seats.apply_banker(db, table, "bank", D("100.00"))
    settle(db, table, 1)
    with pytest.raises(DomainError) as error:
        slips.place_slip(db, table, slips.parse_slip(slip_body(2, "p", bets={"player_1": "10.01"})))
    assert error.value.code == "banker_cover_exceeded"


def test_the_super_grab_condition_and_the_state_says_why_not(db):
    table = niuniu_table(db, super_grab_condition={"kind": "vip", "value": 3}, super_grab_cost="500.00")
    state = banker_seats.table_state(db, table, "x", vip_level=2)
    assert state["for_account"]["super_grab"] == {"available": False, "reason": "vip_too_low"}
    assert refused(banker_seats.super_grab, db, table, "x", 2, None) == "vip_too_low"
    assert refused(banker_seats.super_grab, db, table, "g", 3, None) == "below_banker_min"  # issue 34
    assert refused(banker_seats.super_grab, db, table, "g", 3, D("9999.99")) == "below_banker_min"
    assert banker_seats.table_state(db, table, "g", vip_level=3, balance=D("0.00"))["for_account"]["super_grab"] == {
        "available": False, "reason": "below_banker_min"}
    grabbed = banker_seats.super_grab(db, table, "g", 3, D("10000.00"))
    assert grabbed["queue"] == ["g"] and grabbed["cost"] == "500.00"
    state = banker_seats.table_state(db, table, "y", vip_level=9)
    assert state["super_grab"]["held"] and state["for_account"]["super_grab"]["reason"] == "super_grab_taken"
    assert refused(banker_seats.step_down, db, table, "g") == "super_grab_final"


@pytest.mark.parametrize("attempts", [6])
def test_of_simultaneous_super_grabs_the_first_wins_and_the_rest_are_refused(database_url, attempts):
    setup = Database(database_url)
    table = niuniu_table(setup, super_grab_condition={"kind": "vip", "value": 1})
    setup.dispose()
    barrier, outcomes = threading.Barrier(attempts), []

    def grab(account: str) -> None:
        db = Database(database_url)
        try:
            barrier.wait()
            banker_seats.super_grab(db, table, account, 5, D("10000.00"))
            outcomes.append(("won", account))
        except Conflict as error:
            outcomes.append((error.code, account))
        finally:
            db.dispose()

    threads = [threading.Thread(target=grab, args=(f"acct-{n}",)) for n in range(attempts)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    won = [account for code, account in outcomes if code == "won"]
    assert len(won) == 1 and sorted(code for code, _ in outcomes if code != "won") == ["super_grab_taken"] * 5
    db = Database(database_url)
    try:
        assert banker_seats.table_state(db, table)["queue"]["super_grab_holder"] == won[0]
        assert [e.data["account_id"] for e in event_log.events_after(db, 0) if e.type == "banker_queue"] == won
    finally:
        db.dispose()


def test_seats_with_a_condition_and_the_automatic_stand_up(db):
    table = niuniu_table(db, seat_condition={"kind": "cost", "value": "20.00"}, seat_min_balance="100.00", seats=2)
    assert banker_seats.sit(db, table, 1, "a", None, D("150.00"))["cost"] == "20.00"
    assert refused(banker_seats.sit, db, table, 1, "b", None, D("500.00")) == "seat_taken"
    assert refused(banker_seats.sit, db, table, 3, "b", None, D("500.00")) == "no_such_seat"
    assert refused(banker_seats.sit, db, table, 2, "b", None, D("99.00")) == "balance_too_low"
    seats = banker_seats.table_state(db, table, "b", balance=D("500.00"))["for_account"]["seats"]
    assert [(s["seat"], s["available"], s["reason"]) for s in seats] == [(1, False, "seat_taken"), (2, True, None)]
    slips.place_slip(db, table, slips.parse_slip(slip_body(1, "a", "150.00", {"player_2": "10.00"})))
    settle(db, table, 1)  # player_2 loses 8 x 10: 150 - 80 = 70, below 100
    assert banker_seats.table_state(db, table)["seats"][0] == {"seat": 1, "account_id": None}
    stood = [e for e in event_log.events_after(db, 0) if e.type == "seats" and e.data["action"] == "stood_up"]
    assert [e.data["accounts"] for e in stood] == [["a"]]


def test_standing_and_stepping_down(db):
    table = niuniu_table(db, banker_min_balance="10.00")
    banker_seats.sit(db, table, 1, "a", None, D("5000.00"))
    assert banker_seats.stand(db, table, "a")["seated"] is False
    assert refused(banker_seats.stand, db, table, "a") == "not_seated"
    banker_seats.apply_banker(db, table, "b", D("10.00"))
    settle(db, table, 1)
    assert banker_seats.step_down(db, table, "b")["banker"]["stepping_down"] is True
    settle(db, table, 2)
    assert banker_seats.table_state(db, table)["queue"]["banker"] is None
