"""A game server retries a 百人牛牛 slip blindly: the same slip again gets its first answer and pays once
(issue 34: a retried slip became two slips and paid twice)."""

import threading

import pytest
from sqlalchemy.exc import IntegrityError

from niuniu_service_support import niuniu_table, settle
from niuniu_support import slip_body
from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import NiuniuSlip
from roadsvc.services.errors import Conflict
from roadsvc.services.niuniu import slips


def place(db, table, body):
    return slips.place_slip(db, table, slips.parse_slip(body))


def test_the_same_slip_again_answers_the_first_answer_and_settles_once(db):
    table = niuniu_table(db)
    body = slip_body(1, "a", bets={"player_1": "10.00"}, client_slip_id="gs-7")
    first, created = place(db, table, body)
    again, created_again = place(db, table, {**body, "balance": "1000"})  # the same amount written otherwise
    assert (created, created_again, again) == (True, False, first)
    settle(db, table, 1)
    assert place(db, table, body) == (first, False)  # after settlement too: the stored answer
    bets = slips.settlement_of(db, table, 1)["accounts"]["a"]["bets"]
    assert [(bet["area"], bet["stake"]) for bet in bets] == [("player_1", "10.00")]


def test_another_slip_under_the_same_id_is_a_conflict_and_changes_nothing(db):
    table = niuniu_table(db)
    body = slip_body(1, "a", bets={"player_1": "10.00"}, client_slip_id="gs-7")
    place(db, table, body)
    with pytest.raises(Conflict) as refused:
        place(db, table, {**body, "bets": [{"area": "player_1", "stake": "20.00"}]})
    assert (refused.value.code, refused.value.field) == ("slip_conflict", "client_slip_id")
    other_table = niuniu_table(db, name="Niu 2")
    assert place(db, other_table, body)[1]  # the id is unique per table


def test_the_database_refuses_a_second_slip_under_one_id(db):
    table = niuniu_table(db)
    with pytest.raises(IntegrityError):
        with db.write() as session:
            for _ in range(2):
                session.add(NiuniuSlip(table_id=table, round_number=1, account_id="a", balance=100,
                                       client_slip_id="gs-1"))
                session.flush()


@pytest.mark.parametrize("copies", [5])
def test_copies_sent_at_once_take_one_slip(database_url, copies):
    setup = Database(database_url)
    table = niuniu_table(setup)
    setup.dispose()
    barrier, answers = threading.Barrier(copies), []
    body = slip_body(1, "a", bets={"player_2": "10.00"}, client_slip_id="gs-race")

    def send() -> None:
        db = Database(database_url)
        try:
            barrier.wait()
            answers.append(place(db, table, body))
        finally:
            db.dispose()

    threads = [threading.Thread(target=send) for _ in range(copies)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(created for _, created in answers) == [False] * (copies - 1) + [True]
    assert len({answer["slip_id"] for answer, _ in answers}) == 1
    db = Database(database_url)
    try:
        settle(db, table, 1)
        assert len(slips.settlement_of(db, table, 1)["accounts"]["a"]["bets"]) == 1
    finally:
        db.dispose()
