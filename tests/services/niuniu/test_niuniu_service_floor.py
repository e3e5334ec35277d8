"""A niuniu table in the lobby and on the floor: phase, pace, counts, results, and never a closed hand."""

import json
from datetime import timedelta

import pytest

from niuniu_service_support import niuniu_table, post, settle
from niuniu_support import HIDDEN, by_order, hidden_codes_in
from roadsvc.domain.errors import DomainError
from roadsvc.services import events as event_log
from roadsvc.persistence import niuniu as repo
from roadsvc.persistence.models import utcnow
from roadsvc.services.niuniu import rounds
from roadsvc.services.niuniu.floor import floor_figures, lobby_figures


def test_the_lobby_entry_shows_the_phase_and_the_last_results(db):
    table = niuniu_table(db)
    settle(db, table, 1)
    post(db, table, 2)
    with db.read() as session:
        entry = lobby_figures(session, table)
    assert entry["round"] == {"number": 2, "phase": "dealing"}
    assert entry["trend"]["areas"]["player_1"]["last"] == ["win"] and entry["trend"]["rounds"] == 1
    assert not hidden_codes_in(json.dumps(entry))


def test_the_floor_tile_counts_and_hides_what_is_closed(db):
    table = niuniu_table(db)
    settle(db, table, 1)
    post(db, table, 2)
    rounds.void_round(db, table, 2, "misdeal", "pit boss")
    post(db, table, 3)
    rounds.open_round(db, table, 3, "player_1")
    now = utcnow()
    with db.read() as session:
        figures = floor_figures(session, repo.table(session, table), now, 120)
        stale = floor_figures(session, repo.table(session, table), now + timedelta(minutes=5), 120)
    assert figures["status"] == "dealing" and stale["status"] == "stale"
    assert (figures["rounds"], figures["voids"], figures["corrections"]) == (3, 1, 0)
    assert figures["round"]["phase"] == "opening" and figures["round"]["hands"]["banker"]["cards"][3] is None
    closed = {p: c for p, c in HIDDEN.items() if p != "player_1"}
    assert not [code for code in closed.values() if f'"{code}"' in json.dumps(figures, default=repr)]  # a Clock: its repr
    assert figures["seconds_since_last_round"].at(now + timedelta(seconds=30)) >= 30.0
    assert figures["recent"]["player_1"]["last"] == ["win"]


def test_a_refused_round_is_counted_for_the_floor_and_changes_nothing_else(db):
    table = niuniu_table(db)
    with pytest.raises(DomainError):
        rounds.post_posted_round(db, table, by_order(1, reveal="SJ"))
    with db.read() as session:
        figures = floor_figures(session, repo.table(session, table), utcnow(), 120)
    assert figures["refused_rounds"] == 1 and figures["rounds"] == 0
    refused = [e for e in event_log.events_after(db, 0) if e.type == "round_refused"]
    assert [(e.data["code"], e.audience) for e in refused] == [("joker_reveal", "operators")]


def test_the_tile_agrees_with_the_monitor_a_finished_table_long_quiet_is_idle_a_stuck_round_stale(db):
    finished, stuck = niuniu_table(db, "Finished"), niuniu_table(db, "Stuck")
    settle(db, finished, 1)
    post(db, stuck, 1)
    later = utcnow() + timedelta(seconds=1801)
    with db.read() as session:
        quiet = floor_figures(session, repo.table(session, finished), later, 120, 1800)
        halfway = floor_figures(session, repo.table(session, stuck), later, 120, 1800)
        sooner = floor_figures(session, repo.table(session, finished), later - timedelta(seconds=60), 120, 1800)
    assert (quiet["status"], halfway["status"], sooner["status"]) == ("idle", "stale", "stale")


def test_a_refused_rounds_event_carries_its_code_and_field_never_a_card(db):
    # issue 46 item 8: a repeated card's refusal sent "3S appears twice" to the operators' stream
    table = niuniu_table(db)
    body = by_order(1)
    body["cards"][24] = body["cards"][0]  # the last card (the banker's fourth card, face down) posted twice
    with pytest.raises(DomainError) as refused:
        rounds.post_posted_round(db, table, body)
    assert refused.value.code == "repeated_card" and body["cards"][0] in refused.value.message  # the dealer's own answer
    [event] = [e for e in event_log.events_after(db, 0) if e.type == "round_refused"]
    assert event.data == {"code": "repeated_card", "field": refused.value.field, "refused_rounds": 1}
    assert hidden_codes_in(json.dumps(event.data)) == [] and body["cards"][0] not in json.dumps(event.data)
