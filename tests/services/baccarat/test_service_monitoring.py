"""The floor monitor's services on SQLite and PostgreSQL: rules on the writes, the clock's
pass (stale tables raised and resolving themselves), deduplication, also under a race."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from sqlalchemy.exc import IntegrityError

from roadsvc.domain.errors import DomainError
from roadsvc.domain.baccarat.dealing.hands import Hand
from roadsvc.domain.monitoring import CRITICAL, INFO, WARNING, Finding, subjects
from roadsvc.domain.baccarat.monitoring.probability import banker_share, longest_run_p
from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import Alert
from roadsvc.services import alerts, tables
from roadsvc.services.baccarat import betting_window, hands, monitor, shoes, slips

NATURAL = ["9H", "KD", "QS", "8C"]  # player 9, banker 8: four cards, a player win
SAME_KING = ["9S", "KD", "QH", "8D"]  # the king of diamonds again
BAD_DRAW = ["4S", "3H", "5D", "2C", "6H"]  # player 7 stands: no third card


def setup_table(db, settings=None, decks=8):
    table = tables.create_table(db, "T1", "classic", settings or {})
    return table, shoes.open_shoe(db, table.id, decks)


def all_alerts(db, **filters):
    return alerts.find_alerts(db, filters, 0, 100)[0]


def hand_time(db, shoe_id, number):
    return next(h.created_at for h in hands.list_hands(db, shoe_id) if h.number == number)


# The clock: stale tables


def test_a_stale_table_is_raised_after_its_threshold_then_resolves_itself_when_a_hand_comes(db):
    table, shoe = setup_table(db)
    hands.post_hand(db, table.id, Hand(result="banker"))
    last = hand_time(db, shoe.id, 1)
    monitor.check_open_shoes(db, last + timedelta(seconds=119.9))
    assert all_alerts(db) == []
    monitor.check_open_shoes(db, last + timedelta(seconds=120.1))
    [alert] = all_alerts(db)
    assert (alert.code, alert.severity, alert.state, alert.shoe_id, alert.count) == ("stale_table", WARNING, "open",
                                                                                     shoe.id, 1)
    assert alert.details["stale_after_seconds"] == 120
    monitor.check_open_shoes(db, last + timedelta(seconds=125))
    assert [(a.id, a.count) for a in all_alerts(db)] == [(alert.id, 2)]
    hands.post_hand(db, table.id, Hand(result="player"))
    done = monitor.check_open_shoes(db, hand_time(db, shoe.id, 2) + timedelta(seconds=5))
    [resolved] = all_alerts(db)
    assert done.resolved == 1 and resolved.state == "resolved" and resolved.resolved_by == alerts.SYSTEM_ACTOR
    assert "hand came" in resolved.resolved_note


def test_a_stale_alert_resolves_when_its_shoe_closes_and_the_table_setting_moves_the_threshold(db):
    table, shoe = setup_table(db, {"monitoring": {"stale_after_seconds": 30}})
    monitor.check_open_shoes(db, shoe.opened_at + timedelta(seconds=29))
    assert all_alerts(db) == []
    monitor.check_open_shoes(db, shoe.opened_at + timedelta(seconds=31))
    assert [a.code for a in all_alerts(db, state="open")] == ["stale_table"]
    shoes.close_shoe(db, table.id, shoe.id)
    monitor.check_open_shoes(db, shoe.opened_at + timedelta(seconds=40))
    [alert] = all_alerts(db)
    assert alert.state == "resolved" and alert.resolved_note == "the shoe closed"


# Deduplication


def test_one_unresolved_alert_per_table_shoe_and_code_counts_every_sighting(db):
    table, shoe = setup_table(db)
    first = Finding("corrections", INFO, "one", {"changes": [1]}, 3, keep="changes")
    again = Finding("corrections", WARNING, "two", {"changes": [2]}, 4, keep="changes")
    with db.write() as session:
        alerts.record(session, table.id, subjects.shoe(shoe.id), first)
    with db.write() as session:
        alerts.record(session, table.id, subjects.shoe(shoe.id), again)
    with db.write() as session:
        alerts.record(session, table.id, subjects.shoe(shoe.id), first)
    [alert] = all_alerts(db)
    assert (alert.count, alert.severity, alert.hand_number) == (3, WARNING, 3)  # the severity never falls
    assert alert.details["changes"] == [1, 2, 1] and alert.last_seen_at >= alert.raised_at
    alerts.acknowledge(db, alert.id, "pit boss", "looking")
    with db.write() as session:
        alerts.record(session, table.id, subjects.shoe(shoe.id), first)
    assert [(a.state, a.count) for a in all_alerts(db)] == [("acknowledged", 4)]
    alerts.resolve(db, alert.id, "pit boss", "fine")
    with db.write() as session:
        alerts.record(session, table.id, subjects.shoe(shoe.id), first)
    assert [(a.state, a.count) for a in all_alerts(db)] == [("open", 1), ("resolved", 4)]


def test_the_database_refuses_a_second_unresolved_alert_of_the_same_code(db):
    table, shoe = setup_table(db)
    row = dict(code="stale_table", severity=WARNING, table_id=table.id, shoe_id=shoe.id, message="m", details={})
    with db.write() as session:
        session.add(Alert(**row))
    with pytest.raises(IntegrityError):
        with db.write() as session:
            session.add(Alert(**row))
    with db.write() as session:
        session.add(Alert(**row, state="resolved"))  # resolved ones are history: any number


def test_two_writers_raising_the_same_alert_at_once_make_one_alert(db, caplog):
    """Two jobs processes (two engines) raise one finding while the first has not committed.
    On PostgreSQL the second's insert meets the unique index and counts the first's alert;
    SQLite serialises the writers at BEGIN IMMEDIATE."""
    caplog.set_level("INFO", logger="roadsvc.services.alerts")
    table, shoe = setup_table(db)
    other = Database(db.url)
    finding = Finding("stale_table", WARNING, "stale", {})
    second_started, errors = threading.Event(), []

    def second():
        second_started.set()
        try:
            with other.write() as session:
                alerts.record(session, table.id, subjects.shoe(shoe.id), finding)
        except Exception as error:  # noqa: BLE001 - reported below
            errors.append(error)

    with db.write() as session:
        alerts.record(session, table.id, subjects.shoe(shoe.id), finding)
        thread = threading.Thread(target=second)
        thread.start()
        second_started.wait()
        thread.join(0.3)  # the second writer is waiting on the first's lock or index entry
    thread.join(10)
    other.dispose()
    assert errors == []
    assert [(a.code, a.count) for a in all_alerts(db)] == [("stale_table", 2)]
    assert ("raised by another writer first" in caplog.text) == (not db.is_sqlite)


def test_two_clock_passes_at_once_raise_each_stale_table_once(db):
    table, shoe = setup_table(db)
    other = Database(db.url)
    now = shoe.opened_at + timedelta(seconds=500)
    passes = [threading.Thread(target=monitor.check_open_shoes, args=(d, now)) for d in (db, other)]
    for thread in passes:
        thread.start()
    for thread in passes:
        thread.join(20)
    other.dispose()
    assert [(a.code, a.state, a.count) for a in all_alerts(db)] == [("stale_table", "open", 2)]


# On the writes


def test_refused_hands_are_recorded_with_their_input_and_the_shoe_stays_unchanged(db):
    table, shoe = setup_table(db, decks=1)
    hands.ingest(db, table.id, {"cards": NATURAL})
    revision = shoes.get_shoe(db, shoe.id).revision
    with pytest.raises(DomainError, match="KD"):
        hands.ingest(db, table.id, {"cards": SAME_KING})
    [alert] = all_alerts(db)
    assert (alert.code, alert.severity, alert.hand_number) == ("refused_hands", WARNING, 2)
    assert alert.details["refused"][0]["input"] == {"cards": SAME_KING}
    assert alert.details["refused"][0]["code"] == "impossible_card"
    with pytest.raises(DomainError):
        hands.ingest(db, table.id, {"cards": BAD_DRAW})
    assert [(a.severity, a.count) for a in all_alerts(db)] == [(WARNING, 2)]
    with pytest.raises(DomainError):
        hands.ingest(db, table.id, {"cards": SAME_KING})
    [alert] = all_alerts(db)
    assert (alert.severity, alert.count, alert.details["refusals"]) == (CRITICAL, 3, 3)
    assert [r["code"] for r in alert.details["refused"]] == ["impossible_card", "third_card_rule", "impossible_card"]
    assert shoes.get_shoe(db, shoe.id).revision == revision
    assert [h.number for h in hands.list_hands(db, shoe.id)] == [1]


def test_malformed_input_is_refused_without_an_alert(db):
    table, _ = setup_table(db)
    with pytest.raises(DomainError):
        hands.ingest(db, table.id, {"cards": ["ZZ", "KD", "QS", "8C"]})
    assert all_alerts(db) == []


def test_voids_and_corrections_raise_info_then_a_warning_at_the_threshold(db):
    table, shoe = setup_table(db)
    for _ in range(3):
        hands.post_hand(db, table.id, Hand(result="banker"))
    hands.void_hand(db, shoe.id, 1, "misdeal", "pit boss 2")
    hands.correct_hand(db, shoe.id, 2, Hand(result="player"), "reader misread", "pit boss 2")
    [alert] = all_alerts(db)
    assert (alert.code, alert.severity, alert.count) == ("corrections", INFO, 2)
    hands.void_hand(db, shoe.id, 3, "exposed card", "pit boss 3")
    [alert] = all_alerts(db)
    assert (alert.severity, alert.count, alert.details["corrections"]) == (WARNING, 3, 3)
    assert [c["action"] for c in alert.details["changes"]] == ["void", "correct", "void"]


def late_slip(db, table_id, n):
    request = slips.SlipRequest(f"s{n}", "acct-7", ("1.00", "1000.00"), (("banker", "10.00"),))
    return slips.place_slip(db, table_id, request, "game server")


def test_late_slips_are_counted_per_shoe_and_raised_at_the_threshold(db):
    table, shoe = setup_table(db)
    late_slip(db, table.id, 0)  # betting open: not late
    betting_window.close_betting(db, table.id, "dealer")
    late_slip(db, table.id, 1)
    late_slip(db, table.id, 2)
    assert all_alerts(db) == []
    answer = late_slip(db, table.id, 3).answer
    assert answer["bets"][0]["refusal"]["code"] == "betting_closed"
    [alert] = all_alerts(db)
    assert (alert.code, alert.severity, alert.shoe_id, alert.details["late_slips"]) == ("late_slips", WARNING,
                                                                                       shoe.id, 3)
    assert [s["client_slip_id"] for s in alert.details["slips"]] == ["s3"]


def first_improbable_hand(threshold: float) -> int:
    q = banker_share(8)
    return next(n for n in range(1, 60) if longest_run_p(n, n, q) < threshold)


def test_a_long_banker_streak_is_raised_on_the_hand_that_makes_it_improbable(db):
    table, shoe = setup_table(db, {"monitoring": {"anomaly_p": 0.01}})
    expected = first_improbable_hand(0.01)
    for number in range(1, expected):
        hands.post_hand(db, table.id, Hand(result="banker"))
    assert all_alerts(db) == []
    hands.post_hand(db, table.id, Hand(result="banker"))
    [alert] = all_alerts(db)
    assert (alert.code, alert.hand_number) == ("improbable_results", expected)
    assert alert.details["p_value"] == longest_run_p(expected, expected, banker_share(8)) < 0.01
    assert alert.details["streak"]["longest"] == expected


def test_the_rules_on_the_writes_can_be_turned_off(db):
    table, _ = setup_table(db, {"monitoring": {"anomaly_p": 0.01}}, decks=1)
    for _ in range(first_improbable_hand(0.01) + 1):
        hands.post_hand(db, table.id, Hand(result="banker"), rules=False)
    hands.ingest(db, table.id, {"cards": NATURAL}, rules=False)
    with pytest.raises(DomainError):
        hands.ingest(db, table.id, {"cards": SAME_KING}, rules=False)
    assert all_alerts(db) == []
