"""Slips at a niuniu table: betting open and closed, cover, limits, settlement, leaving, voids, corrections."""

from decimal import Decimal

import pytest

from niuniu_service_support import niuniu_table, post, settle
from niuniu_support import by_position, other_hands, slip_body
from roadsvc.domain.errors import DomainError
from roadsvc.persistence import niuniu as repo
from roadsvc.services import events as event_log
from roadsvc.services.errors import Conflict, NotFound
from roadsvc.services.niuniu import rounds, slips


def slip(db, table, number, account="a", balance="1000.00", **bets):
    answer, created = slips.place_slip(db, table, slips.parse_slip(slip_body(number, account, balance, bets)))
    assert created
    return answer


def refusal(call, *args, **kwargs):
    with pytest.raises((DomainError, Conflict, NotFound)) as refused:
        call(*args, **kwargs)
    return refused.value.code


def test_a_slip_wins_the_areas_multiple_and_loses_the_bankers(db):
    table = niuniu_table(db)
    slip(db, table, 1, "a", player_1="10.00", player_2="10.00")
    slip(db, table, 1, "b", player_4="5.00")
    settle(db, table, 1)
    settled = slips.settlement_of(db, table, 1)
    assert settled["accounts"]["a"]["net"] == "20.00"  # +100 on player_1's 牛牛, -80 on player_2 (banker bull 8)
    assert [bet["outcome"] for bet in settled["accounts"]["a"]["bets"]] == ["win", "lose"]
    assert settled["accounts"]["b"]["net"] == "50.00" and settled["banker"] == {"account_id": None, "net": "-70.00"}


def test_betting_closes_when_the_cards_come_and_a_late_slip_is_counted(db):
    table = niuniu_table(db)
    post(db, table, 1)
    assert refusal(slip, db, table, 1) == "betting_closed"
    assert refusal(slip, db, table, 1) == "betting_closed"
    with db.read() as session:
        assert repo.state(session, table).late_slips == 2
    late = [e for e in event_log.events_after(db, 0) if e.type == "late_slip"]
    assert [e.data["late_slips"] for e in late] == [1, 2] and late[0].audience == "operators"
    assert refusal(slip, db, table, 2) == "round_not_open"  # round 1 is still being played
    assert refusal(slip, db, table, 5) == "round_not_open"


def test_the_account_must_cover_ten_times_its_stakes_this_round(db):
    table = niuniu_table(db)
    slip(db, table, 1, balance="200.00", player_1="10.00")
    assert refusal(slip, db, table, 1, balance="200.00", player_2="10.01") == "insufficient_cover"
    slip(db, table, 1, balance="200.00", player_2="10.00")  # 20 x 10 = 200: covered exactly


def test_the_limits_per_area_and_the_bankers_cover(db):
    table = niuniu_table(db, house_banker_balance="9000.00")
    assert refusal(slip, db, table, 1, player_1="0.50") == "below_min"
    assert refusal(slip, db, table, 1, balance="99999.00", player_1="500.01") == "above_max"
    slip(db, table, 1, "a", balance="99999.00", player_1="500.00")
    assert refusal(slip, db, table, 1, "b", balance="99999.00", player_1="300.01") == "total_limit"
    slip(db, table, 1, "b", balance="99999.00", player_2="400.00")  # 900 x 10 = 9000: the house covers it
    assert refusal(slip, db, table, 1, "c", balance="99999.00", player_3="0.01") == "banker_cover_exceeded"


def test_a_refused_slip_changes_nothing(db):
    table = niuniu_table(db)
    before = event_log.newest_event_id(db)
    assert refusal(slip, db, table, 1, balance="1.00") == "insufficient_cover"
    assert event_log.newest_event_id(db) == before
    with db.read() as session:
        assert repo.open_slips(session, table, 1) == []


def test_leaving_before_the_opening_refunds_and_after_settles_as_normal(db):
    table = niuniu_table(db)
    slip(db, table, 1, "a")
    slip(db, table, 1, "b")
    post(db, table, 1)
    left = slips.leave(db, table, 1, "a", "game server")
    assert left["refunded"] and not left["settles_as_normal"]
    rounds.open_round(db, table, 1, "player_1")
    assert slips.leave(db, table, 1, "b", "game server")["settles_as_normal"]
    rounds.open_round(db, table, 1, None)
    settled = slips.settlement_of(db, table, 1)["accounts"]  # issue 34: a leaver's refund is in the settlement
    assert settled["a"] == {"net": "0.00", "bets": [{"area": "player_1", "stake": "10.00", "outcome": "refunded",
                                                     "multiple": 0, "commission": "0.00", "net": "0.00"}]}
    assert [bet["outcome"] for bet in settled["b"]["bets"]] == ["win"]
    assert [r["action"] for r in rounds.audit_log(db, table)] == ["leave"]
    assert slips.leave(db, table, 2, "z", "game server")["refunded"] == []  # never bet: nothing to give back
    assert refusal(slips.leave, db, table, 99, "z", "game server") == "round_not_found"  # issue 34: was 200


def test_a_void_gives_every_stake_back_audited(db):
    table = niuniu_table(db)
    slip(db, table, 1, "a")
    post(db, table, 1)
    rounds.void_round(db, table, 1, "misdeal", "pit boss")
    voided = slips.settlement_of(db, table, 1)  # issue 34: was 409 round_not_settled
    assert (voided["phase"], voided["banker"]["net"], voided["accounts"]["a"]["net"]) == ("voided", "0.00", "0.00")
    assert [bet["outcome"] for bet in voided["accounts"]["a"]["bets"]] == ["refunded"]
    assert refusal(slips.settlement_of, db, table, 2) == "round_not_settled"  # taking bets
    assert refusal(slips.settlement_of, db, table, 3) == "round_not_found"
    record = rounds.audit_log(db, table)[0]
    assert record["action"] == "void" and record["after"]["refunded"][0]["account_id"] == "a"
    with db.read() as session:
        assert repo.open_slips(session, table, 1) == []
    slip(db, table, 2, "a")  # betting on the next round is open again


def test_a_correction_settles_again_and_keeps_the_differences(db):
    table = niuniu_table(db)
    slip(db, table, 1, "a", player_3="10.00")
    settle(db, table, 1)
    assert slips.settlement_of(db, table, 1)["accounts"]["a"]["net"] == "-80.00"
    fixed = rounds.correct_round(db, table, 1, rounds.parse_posted_round(by_position(hands=other_hands())),
                                 "misread", "pit boss")
    assert fixed["differences"] == {"a": "180.00", "banker": "-180.00"}  # player_3 now holds the bomb: +100
    assert slips.settlement_of(db, table, 1)["accounts"]["a"]["net"] == "100.00"
    record = rounds.audit_log(db, table)[-1]
    assert record["after"]["differences"] == fixed["differences"]
    assert record["before"]["settlement"]["accounts"]["a"]["net"] == "-80.00"


def test_commission_is_a_share_of_the_winnings(db):
    table = niuniu_table(db, commission_percent="5")
    slip(db, table, 1, "a", player_1="10.00")
    settle(db, table, 1)
    bet = slips.settlement_of(db, table, 1)["accounts"]["a"]["bets"][0]
    assert (bet["net"], bet["commission"]) == ("95.00", "5.00")


def test_slip_input_refusals():
    base = {"client_slip_id": "gs-1"}
    for body, field in [({}, "client_slip_id"), ({**base, "round": 0}, "round"), ({**base, "round": 10**30}, "round"),
                        ({**base, "round": 1, "account_id": ""}, "account_id"),
                        ({**base, "round": 1, "account_id": "a", "balance": 5.5}, "balance"),
                        ({**base, "round": 1, "account_id": "a", "balance": 100000}, "balance"),  # issue 34
                        ({**base, "round": 1, "account_id": "a", "balance": "1e30"}, "balance"),
                        ({**base, "round": 1, "account_id": "a", "balance": "9" * 32 + ".00"}, "balance"),
                        ({**base, "round": 1, "account_id": "a", "balance": "5", "bets": [{"area": "player_1",
                                                                                          "stake": 10}]},
                         "bets[0].stake"),
                        ({**base, "round": 1, "account_id": "a", "balance": "5", "bets": []}, "bets")]:
        with pytest.raises(DomainError) as refused:
            slips.parse_slip(body)
        assert refused.value.field == field
    assert slips.parse_slip({**base, "round": 1, "account_id": "a", "balance": "5",
                             "bets": [{"area": "player_1", "stake": "1"}]})["balance"] == Decimal("5.00")
