"""The jobs process's odds watch: it follows the event log, computes the next hand's odds off the
dealer's path, raises `positive_ev` when an open bet turns in the player's favour, resolves it when
none does, and tells the operators' stream (`odds` and `alert` events)."""

from __future__ import annotations

import pytest

from roadsvc.domain.baccarat.dealing.hands import parse_hand
from roadsvc.jobs import OddsJob
from roadsvc.services import alerts, events, tables
from roadsvc.services.baccarat import hands, shoes
from roadsvc.services.baccarat.odds_watch import OddsWatch
from late_shoe import nines_and_eights

@pytest.fixture
def late(db):
    table = tables.create_table(db, "Integrity", "extended")
    shoe = shoes.open_shoe(db, table.id, burn_card="KS")
    watch = OddsWatch(db)
    watch.start()
    return table.id, shoe.id, watch


def positive_ev(db) -> list:
    return alerts.find_alerts(db, {"code": "positive_ev"})[0]


def new_events(db, after: int, type_: str) -> list:
    return [event for event in events.events_after(db, after) if event.type == type_]


def test_a_late_shoe_raises_positive_ev_on_the_watchs_step_never_on_the_post(db, late):
    table_id, shoe_id, watch = late
    for i in range(4):
        view = hands.post_hand(db, table_id, nines_and_eights(i))
    assert positive_ev(db) == []  # the post computed nothing
    mark = events.newest_event_id(db)
    assert watch.step() == [shoe_id]
    [alert] = positive_ev(db)
    assert (alert.state, alert.severity, alert.shoe_id, alert.hand_number) == ("open", "warning", shoe_id, 5)
    assert {bet["bet"] for bet in alert.details["bets"]} == {"lucky_seven", "fire_sevens"}
    assert alert.details["bets"][0]["ev"] >= alert.details["bets"][1]["ev"] > 0  # the best first
    assert alert.details["cards_left"] == 399 and alert.details["threshold"] == "0"
    [odds] = new_events(db, mark, "odds")
    assert (odds.audience, odds.revision, odds.data["hand_number"]) == ("operators", view.revision, 5)
    assert {found["bet"] for found in odds.data["positive_ev"]} == {"lucky_seven", "fire_sevens"}
    assert odds.data["ev"]["lucky_seven"] > 0 > odds.data["ev"]["banker"]
    [raised] = new_events(db, mark, "alert")
    assert (raised.audience, raised.data["change"], raised.data["alert_id"]) == ("operators", "raised", alert.id)
    assert raised.id > odds.id  # the alert's event is its transaction's last statement


def test_the_alert_is_counted_while_the_window_stays_open_and_resolves_when_it_closes(db, late):
    table_id, shoe_id, watch = late
    for i in range(4):
        hands.post_hand(db, table_id, nines_and_eights(i))
    watch.step()
    hands.post_hand(db, table_id, nines_and_eights(4))
    watch.step()
    [alert] = positive_ev(db)
    assert (alert.count, alert.hand_number, alert.state) == (2, 6, "open")
    mark = events.newest_event_id(db)
    tables.update_table(db, table_id, {"settings": {"ev_alert_threshold": 0.5}})  # no bet reaches +50%
    assert watch.step() == [shoe_id]
    [alert] = positive_ev(db)
    assert alert.state == "resolved" and alert.resolved_by == alerts.SYSTEM_ACTOR
    assert [e.data["change"] for e in new_events(db, mark, "alert")] == ["resolved"]
    assert new_events(db, mark, "odds")[0].data["positive_ev"] == []


def test_closing_the_shoe_resolves_it(db, late):
    table_id, shoe_id, watch = late
    for i in range(4):
        hands.post_hand(db, table_id, nines_and_eights(i))
    watch.step()
    shoes.close_shoe(db, table_id, shoe_id)
    watch.step()
    [alert] = positive_ev(db)
    assert alert.state == "resolved" and alert.resolved_note == "the shoe closed"


def test_a_fresh_shoe_publishes_its_odds_once_and_raises_nothing(db, late):
    table_id, shoe_id, watch = late
    hands.post_hand(db, table_id, nines_and_eights(0))
    mark = events.newest_event_id(db)
    watch.step()
    assert watch.step() == []  # nothing new in the log: nothing written
    [odds] = new_events(db, mark, "odds")
    assert odds.data["hand_number"] == 2 and odds.data["positive_ev"] == [] and positive_ev(db) == []


def test_result_only_tables_have_no_odds_and_no_alert(db):
    table = tables.create_table(db, "By result", "classic", {"hands_by": "result"})
    shoes.open_shoe(db, table.id)
    job = OddsJob(db)
    job.run()
    mark = events.newest_event_id(db)
    for _ in range(5):
        hands.post_hand(db, table.id, parse_hand({"result": "banker"}))
    assert job.run() == []
    assert new_events(db, mark, "odds") == [] and positive_ev(db) == []


def test_a_restarted_watch_checks_every_open_shoe_first(db):
    table = tables.create_table(db, "Integrity", "extended")
    shoe = shoes.open_shoe(db, table.id, burn_card="KS")
    for i in range(4):
        hands.post_hand(db, table.id, nines_and_eights(i))
    assert OddsWatch(db).start() == [shoe.id]
    assert [alert.state for alert in positive_ev(db)] == ["open"]
