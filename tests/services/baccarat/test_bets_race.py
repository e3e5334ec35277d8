"""Slips racing for the last room under a limit: the shoe lock serialises them, so at most one
gets it, on SQLite and PostgreSQL; twins of one slip (same client id) store it once."""

from __future__ import annotations

import threading
from typing import Callable

import pytest
from sqlalchemy import func, select

from roadsvc.persistence.models import Bet, BetSlip
from roadsvc.services import tables
from roadsvc.services.baccarat import shoes, slips

RACERS = 6


def racing(calls: list[Callable[[], object]]) -> list[object]:
    """Run the calls at once (threads released together); their results or exceptions."""
    barrier = threading.Barrier(len(calls))
    results: list[object] = [None] * len(calls)

    def run(i: int) -> None:
        barrier.wait()
        try:
            results[i] = calls[i]()
        except Exception as error:  # reported to the test, which fails on it
            results[i] = error

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def slip(db, table_id: int, slip_id: str, code: str, stake: str):
    request = slips.SlipRequest(slip_id, f"acct-{slip_id}", ("1.00", "100000.00"), ((code, stake),))
    return lambda: slips.place_slip(db, table_id, request, "test")


@pytest.fixture
def table_id(db) -> int:
    limits = {"difference_limit": "1000.00", "total_limits": {"tie": "500.00"}}
    table = tables.create_table(db, "Race", "classic", limits)
    shoes.open_shoe(db, table.id)
    return table.id


def accepted(results) -> int:
    assert not [r for r in results if isinstance(r, Exception)], results
    return sum(r.answer["accepted"] for r in results)


def staked(db, code: str) -> int:
    with db.read() as session:
        return session.scalar(select(func.coalesce(func.sum(Bet.stake), 0)).where(Bet.code == code))


def test_slips_racing_for_the_last_room_under_the_hedge_limit_let_one_in(db, table_id):
    results = racing([slip(db, table_id, f"h{i}", "banker", "600.00") for i in range(RACERS)])
    assert accepted(results) == 1
    refusals = [r.answer["bets"][0]["refusal"] for r in results if not r.answer["accepted"]]
    assert {r["code"] for r in refusals} == {"hedge_limit"}
    assert staked(db, "banker") == 60000  # cents: one bet, within the 1000.00 difference limit


def test_slips_racing_under_a_total_limit_never_take_the_hand_past_it(db, table_id):
    results = racing([slip(db, table_id, f"t{i}", "tie", "300.00") for i in range(RACERS)])
    assert accepted(results) == 1
    assert staked(db, "tie") == 30000


def test_twins_of_one_slip_store_it_once_and_get_the_same_answer(db, table_id):
    results = racing([slip(db, table_id, "same", "player", "100.00") for _ in range(RACERS)])
    assert not [r for r in results if isinstance(r, Exception)], results
    assert sorted(r.created for r in results) == [False] * (RACERS - 1) + [True]
    assert len({r.answer["slip_id"] for r in results}) == 1
    with db.read() as session:
        assert session.scalar(select(func.count()).select_from(BetSlip)) == 1
    assert staked(db, "player") == 10000
