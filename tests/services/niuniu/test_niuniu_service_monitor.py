"""The floor monitor at 百人牛牛 tables, on SQLite and PostgreSQL: every rule raised through the services
(a stopped table on the clock, refused round posts of every kind, late slips, voids and corrections),
the self-resolving ones resolving, the tallies starting again when their alert is resolved, and no
closed hand's fourth card or type in any alert."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest

from niuniu_service_support import niuniu_table, post, settle
from niuniu_support import HANDS, HIDDEN, TYPES, by_order, by_position, hidden_codes_in, other_hands, slip_body
from roadsvc.domain.errors import DomainError
from roadsvc.domain.monitoring import CRITICAL, INFO, WARNING
from roadsvc.persistence import niuniu as repo
from roadsvc.services import alerts, tables
from roadsvc.services.errors import Conflict
from roadsvc.services.baccarat import shoes
from roadsvc.services.niuniu import monitor, rounds, slips


def all_alerts(db, **filters):
    return alerts.find_alerts(db, filters, 0, 100)[0]


def one_alert(db, code):
    [alert] = all_alerts(db, code=code)
    return alert


def last_change(db, table):
    with db.read() as session:
        return repo.last_round(session, table).updated_at


def assert_no_hidden_card(alert):
    """Neither a closed hand's fourth card nor a type anywhere in the alert (message or details)."""
    text = json.dumps([alert.message, alert.details])
    assert not hidden_codes_in(text), text
    assert not [kind for kind in TYPES.values() if kind in text], text


# The clock: a stopped table


def test_a_round_stuck_half_dealt_goes_stale_then_resolves_when_it_moves(db):
    table = niuniu_table(db)
    post(db, table, 1)
    since = last_change(db, table)
    assert monitor.check_tables(db, since + timedelta(seconds=119.9)).raised_or_seen == 0
    done = monitor.check_tables(db, since + timedelta(seconds=120.1))
    alert = one_alert(db, "stale_table")
    assert (done.tables, done.raised_or_seen) == (1, 1)
    assert (alert.subject, alert.shoe_id, alert.table_id, alert.severity, alert.state) == (
        "table", None, table, WARNING, "open")
    assert (alert.details["round_number"], alert.details["phase"]) == (1, "dealing")
    monitor.check_tables(db, since + timedelta(seconds=125))
    assert one_alert(db, "stale_table").count == 2
    rounds.open_round(db, table, 1, "player_1")
    done = monitor.check_tables(db, last_change(db, table) + timedelta(seconds=5))
    resolved = one_alert(db, "stale_table")
    assert done.resolved == 1 and resolved.state == "resolved" and resolved.resolved_by == alerts.SYSTEM_ACTOR
    assert resolved.resolved_note == "the condition is gone: a round moved"
    assert_no_hidden_card(resolved)


def test_a_table_whose_next_round_never_came_is_stale_until_it_counts_as_closed(db):
    monitoring = {"stale_after_seconds": 60, "closed_after_seconds": 600}
    table = tables.create_table(db, "Niu", settings={"niuniu": {}, "monitoring": monitoring}, game="niuniu").id
    settle(db, table, 1)
    since = last_change(db, table)
    monitor.check_tables(db, since + timedelta(seconds=59))
    assert all_alerts(db) == []
    monitor.check_tables(db, since + timedelta(seconds=61))
    assert one_alert(db, "stale_table").details["phase"] == "settled"
    done = monitor.check_tables(db, since + timedelta(seconds=601))
    alert = one_alert(db, "stale_table")
    assert done.resolved == 1 and alert.state == "resolved"
    assert alert.resolved_note == "the table closed for now: no round since"
    assert monitor.check_tables(db, since + timedelta(seconds=5000)).raised_or_seen == 0


def test_the_clock_looks_only_at_niuniu_tables_and_not_before_their_first_round(db):
    niuniu_table(db)
    baccarat = tables.create_table(db, "Bac")
    shoes.open_shoe(db, baccarat.id)
    done = monitor.check_tables(db)
    assert (done.tables, done.raised_or_seen) == (1, 0)
    assert monitor.check_tables(db, last_shoe_time(db, baccarat.id) + timedelta(days=1)).raised_or_seen == 0


def last_shoe_time(db, table_id):
    return shoes.list_shoes(db, table_id)[0].opened_at


# Refused rounds


def repeated_hidden_card() -> dict:
    """player_1's fifth card posted as its fourth (5C, dealt face down) again."""
    hands = {**HANDS, "player_1": [*HANDS["player_1"][:4], HIDDEN["player_1"]]}
    return by_position(1, hands)


BAD_POSTS = {
    "repeated_card": repeated_hidden_card(),
    "invalid_card": {**by_order(1), "cards": ["ZZ", *by_order(1)["cards"][1:]]},
    "joker_reveal": by_order(1, reveal="BJ"),
    "wrong_card_count": {**by_order(1), "cards": by_order(1)["cards"][:24]},
    "missing_position": by_position(1, {p: c for p, c in HANDS.items() if p != "player_4"}),
    "missing_cards": {"number": 1},
    "invalid_cards": {**by_order(1), "cards": "7S"},
    "unknown_position": by_position(1, {**HANDS, "player_5": HANDS["player_4"]}),
    "invalid_hands": {"number": 1, "hands": []},
    "missing_reveal": {key: value for key, value in by_order(1).items() if key != "reveal"},
    "ambiguous_round": {**by_order(1), "hands": HANDS},
}


@pytest.mark.parametrize("code", sorted(BAD_POSTS))
def test_every_refused_round_post_raises_refused_rounds_and_changes_nothing_else(db, code):
    table = niuniu_table(db)
    with pytest.raises(DomainError) as refused:
        rounds.post_posted_round(db, table, BAD_POSTS[code])
    assert refused.value.code == code
    alert = one_alert(db, "refused_rounds")
    assert (alert.subject, alert.severity, alert.details["refusals"]) == ("table", WARNING, 1)
    assert alert.details["refused"] == [{"round_number": 1, "code": code, "field": refused.value.field}]
    assert rounds.list_rounds(db, table)["rounds"] == []
    assert_no_hidden_card(alert)


def test_refused_rounds_turn_critical_and_count_again_from_nothing_once_resolved(db):
    table = niuniu_table(db)
    settle(db, table, 1)
    for _ in range(3):
        with pytest.raises(DomainError):
            rounds.post_posted_round(db, table, {**repeated_hidden_card(), "number": 2})
    alert = one_alert(db, "refused_rounds")
    assert (alert.severity, alert.count, alert.details["refusals"]) == (CRITICAL, 3, 3)
    assert [r["round_number"] for r in alert.details["refused"]] == [2, 2, 2]
    assert "appears twice" not in alert.message and "5C" not in alert.message
    alerts.resolve(db, alert.id, "pit boss", "card reader cleaned")
    with pytest.raises(DomainError):
        rounds.post_posted_round(db, table, {**by_order(2), "cards": ["ZZ"] * 25})
    [fresh] = all_alerts(db, code="refused_rounds", state="open")
    assert (fresh.severity, fresh.details["refusals"]) == (WARNING, 1)


# Late slips


def slip(number: int, account: str = "acct-1") -> dict:
    return slips.parse_slip(slip_body(number, account))


def late(db, table, number, account="acct-1"):
    with pytest.raises(Conflict) as refused:
        slips.place_slip(db, table, slip(number, account))
    assert refused.value.code == "betting_closed"


def test_late_slips_raise_at_the_threshold_and_count_again_once_resolved(db):
    table = niuniu_table(db)
    slips.place_slip(db, table, slip(1))  # in time
    post(db, table, 1)
    late(db, table, 1, "acct-2")
    late(db, table, 1, "acct-3")
    assert all_alerts(db) == []
    late(db, table, 1, "acct-4")
    alert = one_alert(db, "late_slips")
    assert (alert.subject, alert.severity, alert.details["late_slips"]) == ("table", WARNING, 3)
    assert alert.details["slips"][-1] == {"round_number": 1, "account_id": "acct-4", "why": "its cards are dealt"}
    assert_no_hidden_card(alert)
    late(db, table, 1, "acct-5")
    assert one_alert(db, "late_slips").count == 2
    alerts.resolve(db, alert.id, "pit boss", "told the game server's team")
    late(db, table, 1, "acct-6")
    assert all_alerts(db, code="late_slips", state="open") == []  # one since the resolution: under 3


# Voids and corrections


def test_a_void_is_an_info_alert_naming_the_round_who_and_why(db):
    table = niuniu_table(db)
    post(db, table, 1)
    rounds.void_round(db, table, 1, "misdeal: two cards stuck", "pit boss 2")
    alert = one_alert(db, "corrections")
    assert (alert.subject, alert.severity, alert.details["corrections"]) == ("table", INFO, 1)
    assert alert.details["changes"] == [{"round_number": 1, "action": "void", "actor": "pit boss 2",
                                         "reason": "misdeal: two cards stuck"}]
    assert_no_hidden_card(alert)


def test_a_correction_of_a_closed_round_never_shows_its_cards_and_the_third_change_warns(db):
    table = niuniu_table(db)
    post(db, table, 1)
    rounds.correct_round(db, table, 1, rounds.parse_posted_round(by_position(hands=other_hands())),
                         "player 3 and 4 swapped", "pit boss")
    assert_no_hidden_card(one_alert(db, "corrections"))
    rounds.void_round(db, table, 1, "misdeal", "pit boss")
    settle(db, table, 2)
    rounds.correct_round(db, table, 2, rounds.parse_posted_round(by_position(hands=other_hands())), "read again",
                         "pit boss")
    alert = one_alert(db, "corrections")
    assert (alert.severity, alert.count, [c["action"] for c in alert.details["changes"]]) == (
        WARNING, 3, ["correction", "void", "correction"])


def test_a_refused_void_raises_nothing(db):
    table = niuniu_table(db)
    settle(db, table, 1)
    with pytest.raises(Conflict):
        rounds.void_round(db, table, 1, "too late", "pit boss")
    assert all_alerts(db) == []
