"""A 百人牛牛 round's betting window (issue 34: betting_seconds closed nothing and a round taking bets
did not exist): open from its first slip, closed at its deadline on the server's clock, by a dealer or
by the cards. Time is a parameter here, never slept."""

from datetime import timedelta

import pytest

from niuniu_service_support import niuniu_table, post
from niuniu_support import slip_body
from roadsvc.persistence.models import utcnow
from roadsvc.services import events as event_log
from roadsvc.services.errors import Conflict, NotFound
from roadsvc.services.niuniu import banker_seats, betting, monitor, rounds, slips

T0 = utcnow().replace(microsecond=0)


def place(db, table, number=1, account="a", at=T0):
    return slips.place_slip(db, table, slips.parse_slip(slip_body(number, account)), now=at)


def late(db, table, number=1, account="b", at=T0):
    with pytest.raises(Conflict) as refused:
        place(db, table, number, account, at)
    return refused.value.code


def test_the_first_slip_opens_the_window_and_the_round_reads_as_betting(db):
    table = niuniu_table(db, betting_seconds=15)
    place(db, table, at=T0)
    seen = rounds.read_round(db, table, 1, now=T0 + timedelta(seconds=5))
    assert (seen["phase"], seen["betting_open"], seen["betting_closes_at"]) == (
        "betting", True, (T0 + timedelta(seconds=15)).isoformat())
    assert banker_seats.table_state(db, table)["round"]["number"] == 1
    assert banker_seats.table_state(db, table)["round"]["phase"] == "betting"


def test_a_slip_after_the_deadline_is_late_though_no_job_closed_it(db):
    table = niuniu_table(db, betting_seconds=15)
    place(db, table, at=T0)
    place(db, table, account="b", at=T0 + timedelta(seconds=14))
    assert late(db, table, account="c", at=T0 + timedelta(seconds=15)) == "betting_closed"
    assert late(db, table, account="d", at=T0 + timedelta(minutes=5)) == "betting_closed"  # was accepted
    late_events = [e.data for e in event_log.events_after(db, 0) if e.type == "late_slip"]
    assert [e["account_id"] for e in late_events] == ["c", "d"]


def test_the_clock_pass_closes_the_window_and_writes_the_event(db):
    table = niuniu_table(db, betting_seconds=15)
    place(db, table, at=T0)
    assert betting.close_due(db, T0 + timedelta(seconds=10)) == 0
    monitor.check_tables(db, T0 + timedelta(seconds=40))  # the jobs process's pass, late
    closed = [e.data for e in event_log.events_after(db, 0) if e.type == "round"]
    assert closed[-1]["action"] == "betting_closed"
    assert closed[-1]["round"]["betting_closed_by"] == "deadline"
    assert closed[-1]["round"]["number"] == 1
    assert betting.close_due(db, T0 + timedelta(seconds=60)) == 0  # once


def test_a_dealer_closes_betting_and_it_stays_closed(db):
    table = niuniu_table(db, betting_seconds=600)
    place(db, table, at=T0)
    closed = betting.close_betting(db, table, 1, now=T0 + timedelta(seconds=3))
    assert (closed["phase"], closed["betting_open"], closed["betting_closed_by"]) == ("betting", False, "dealer")
    assert late(db, table, at=T0 + timedelta(seconds=4)) == "betting_closed"
    with pytest.raises(NotFound):
        betting.close_betting(db, table, 5)
    post(db, table, 1)  # the cards come; the round is dealt
    with pytest.raises(Conflict) as dealt:
        betting.close_betting(db, table, 1)
    assert dealt.value.code == "round_dealt"
    assert rounds.read_round(db, table, 1)["phase"] == "dealing"


def test_the_next_round_opens_its_own_window(db):
    table = niuniu_table(db, betting_seconds=15)
    place(db, table, at=T0)
    post(db, table, 1)
    rounds.open_round(db, table, 1, None)
    later = T0 + timedelta(minutes=5)
    place(db, table, number=2, at=later)  # a new round: its own 15 seconds from its first slip
    assert rounds.read_round(db, table, 2, now=later)["betting_closes_at"] == (later + timedelta(seconds=15)).isoformat()
