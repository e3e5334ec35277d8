"""Each game's clock pass owns its subjects (issue 36): with a stale baccarat shoe, a stale 百人牛牛 table and a
stale 打棒 match at once, the jobs process's passes (as its scheduler holds them, on a clock the test sets) keep
exactly one stale_table alert each, acknowledged, never resolved while the table stays stale (baccarat's pass
used to resolve the other games' alerts with "the shoe closed", and they were raised again a pass later: the
acknowledgement lost each time); each is resolved once, by its own game's pass, when its condition ends."""

from __future__ import annotations

from datetime import timedelta

from apscheduler.schedulers.background import BackgroundScheduler

from dabang_play import shuffled_codes
from niuniu_support import by_order
from roadsvc.config import load_settings
from roadsvc.domain.baccarat.dealing.hands import parse_hand
from roadsvc.jobs import build_scheduler
from roadsvc.persistence import niuniu as niuniu_repo
from roadsvc.persistence.models import utcnow
from roadsvc.services import alerts, tables
from roadsvc.services.baccarat import hands, shoes
from roadsvc.services.dabang import matches, moves
from roadsvc.services.niuniu import rounds

STALE_AFTER = 30
MONITORING = {"monitoring": {"stale_after_seconds": STALE_AFTER}}
PLAYERS = {"1": "Li", "2": "Wang", "3": "Zhao", "4": "Chen"}
PASSES = ("monitor", "niuniu_monitor", "dabang_monitor")


def jobs_process(db, clock):
    settings = load_settings(overrides={"DATABASE_URL": db.url, "MONITOR_INTERVAL": 5, "DEMO_DEAL_INTERVAL": 0,
                                        "TABLE_MODES_INTERVAL": 0, "ODDS_WATCH_INTERVAL": 0,
                                        "SHIFT_REPORT_INTERVAL": 0, "DABANG_CLOCK_INTERVAL": 0,
                                        "EVENTS_PRUNE_INTERVAL": 0})
    scheduler = build_scheduler(db, settings, BackgroundScheduler(timezone="UTC"), clock=clock)
    return [scheduler.get_job(job_id).func for job_id in PASSES]


def stale_alerts(db):
    found, _ = alerts.find_alerts(db, {"code": "stale_table"}, 0, 100)
    return sorted(found, key=lambda alert: alert.table_id)


def test_a_stale_table_of_each_game_keeps_one_alert_until_its_condition_ends(db):
    baccarat = tables.create_table(db, "Baccarat", settings=MONITORING).id
    shoe = shoes.open_shoe(db, baccarat)
    niuniu = tables.create_table(db, "Niu", game="niuniu", settings=MONITORING).id
    rounds.post_round(db, niuniu, rounds.parse_posted_round(by_order(1)), 1)
    dabang = tables.create_table(db, "Dabang", game="dabang", settings=MONITORING).id
    match = matches.create_match(db, dabang, PLAYERS, 90, utcnow())["id"]
    now = [utcnow() + timedelta(seconds=STALE_AFTER + 1)]
    passes = jobs_process(db, lambda: now[0])

    for _ in range(2):
        now[0] += timedelta(seconds=5)
        done = [run() for run in passes]
        assert [(d.raised_or_seen, d.resolved) for d in done] == [(1, 0)] * 3
    raised = stale_alerts(db)
    assert [(a.table_id, a.subject) for a in raised] == [
        (baccarat, f"shoe:{shoe.id}"), (niuniu, "table"), (dabang, f"match:{match}")]
    for alert in raised:
        alerts.acknowledge(db, alert.id, "boss", "seen, calling the dealer")

    for _ in range(6):  # half a minute of passes while all three stay stale
        now[0] += timedelta(seconds=5)
        done = [run() for run in passes]
        assert [(d.raised_or_seen, d.resolved) for d in done] == [(1, 0)] * 3
        kept = stale_alerts(db)
        assert [a.id for a in kept] == [a.id for a in raised]
        assert {(a.state, a.acknowledged_by) for a in kept} == {("acknowledged", "boss")}
    assert [a.count for a in stale_alerts(db)] == [8, 8, 8]

    hands.post_hand(db, baccarat, parse_hand({"cards": ["4S", "KD", "3H", "9C"]}))  # each condition ends
    rounds.open_round(db, niuniu, 1, None)
    with db.read() as session:
        moved = niuniu_repo.last_round(session, niuniu).updated_at
    moves.post_deal(db, match, shuffled_codes(3), 1, moved)
    now[0] = moved + timedelta(seconds=5)  # the next pass, a few seconds after the moves
    for _ in range(3):
        done = [run() for run in passes]
        now[0] += timedelta(seconds=5)
        assert sum(d.raised_or_seen for d in done) == 0
    ended = stale_alerts(db)
    assert [a.id for a in ended] == [a.id for a in raised]
    assert [(a.state, a.resolved_by) for a in ended] == [("resolved", alerts.SYSTEM_ACTOR)] * 3
    assert [a.resolved_note for a in ended] == ["the condition is gone: a hand came",
                                                "the condition is gone: a round moved",
                                                "the condition is gone: a move came"]


def test_a_stale_alert_is_announced_when_it_changes_not_on_every_pass(db):
    # issue 46 item 9: a stale table's alert sent an `alert` event on every pass (8 in 40 s) though nothing changed
    from roadsvc.services import events as event_log
    baccarat = tables.create_table(db, "Baccarat", settings=MONITORING).id
    shoes.open_shoe(db, baccarat)
    niuniu = tables.create_table(db, "Niu", game="niuniu", settings=MONITORING).id
    rounds.post_round(db, niuniu, rounds.parse_posted_round(by_order(1)), 1)
    dabang = tables.create_table(db, "Dabang", game="dabang", settings=MONITORING).id
    matches.create_match(db, dabang, PLAYERS, 90, utcnow())
    now = [utcnow() + timedelta(seconds=STALE_AFTER + 1)]
    passes = jobs_process(db, lambda: now[0])
    for _ in range(8):
        now[0] += timedelta(seconds=5)
        [run() for run in passes]
    raised = stale_alerts(db)
    assert [a.count for a in raised] == [8, 8, 8]  # still counted, and last_seen_at kept: only the stream is quiet
    assert all(a.last_seen_at > a.raised_at for a in raised)
    announced = [(e.table_id, e.data["change"]) for e in event_log.events_after(db, 0) if e.type == "alert"]
    assert sorted(announced) == sorted([(baccarat, "raised"), (niuniu, "raised"), (dabang, "raised")])
    alerts.acknowledge(db, raised[1].id, "boss", "seen")
    now[0] += timedelta(seconds=5)
    [run() for run in passes]
    changes = [e.data["change"] for e in event_log.events_after(db, 0) if e.type == "alert" and e.table_id == niuniu]
    assert changes == ["raised", "acknowledged"]
