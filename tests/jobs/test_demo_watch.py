"""The demo's advantage-play watch table (issue 45): the jobs process deals an `extended` table with flat bettors,
two linked accounts on both sides now and then, and one counter; the play watch flags the counter, never a flat
bettor, and the linked pair."""

from __future__ import annotations

import random

from test_jobs import run_job, scheduler_for
from roadsvc.services import alerts
from roadsvc.services.baccarat import play
from roadsvc.services.baccarat.play_watch import PlayWatch
from roadsvc.services.demo import DEMO_COUNTER, DEMO_FLAT, WATCH_TABLE_NAME, DemoBettors, DemoDealer, ensure_watch_table


def test_the_jobs_process_deals_the_watch_table_with_its_bettors(db):
    scheduler = scheduler_for(db, 2.5, odds_interval=0.25)
    job = scheduler.get_job("demo_watch_dealer")
    assert job.trigger.interval.total_seconds() == 2.5 and scheduler.get_job("play_watch") is not None
    assert run_job(scheduler, "demo_watch_dealer").startswith("shoe ")
    assert "slips" in run_job(scheduler, "demo_watch_dealer")
    assert job.args[0].bettors is not None and ensure_watch_table(db).name == WATCH_TABLE_NAME


def test_a_new_user_sees_the_counter_flagged_among_flat_bettors(db):
    table = ensure_watch_table(db)
    watch = PlayWatch(db)
    watch.step()
    dealer = DemoDealer(db, table.id, random.Random(7), bettors=DemoBettors(db, table.id, random.Random(1)))
    while dealer.shoes_finished < 1:
        dealer.step()
        watch.step()
    dealer.step()  # the next shoe opens: the first closes and is counted
    watch.step()
    [counter] = alerts.find_alerts(db, {"code": "advantage_play"})[0]
    assert counter.details["account_id"] == DEMO_COUNTER and counter.table_id == table.id
    for account in DEMO_FLAT:
        assert not play.account_play(db, account)["flagged"]
    wash = alerts.find_alerts(db, {"code": "opposite_bets"})[0]
    assert [alert.details["accounts"] for alert in wash] == [["demo-wash-a", "demo-wash-b"]]
