"""The APScheduler jobs process: which jobs the settings turn on, and what each job does."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from apscheduler.schedulers.background import BackgroundScheduler

from niuniu_support import by_order, slip_body
from roadsvc.cli import main
from roadsvc.config import load_settings
from roadsvc.jobs import build_scheduler
from roadsvc.services.baccarat import hands, shoes
from roadsvc.services import alerts, tables
from roadsvc.services.niuniu import rounds, slips
from roadsvc.services.pit.shifts import FloorClock


def scheduler_for(db, interval: float, monitor_interval: float = 0, prune_interval: float = 0,
                  table_modes_interval: float = 0,
                  odds_interval: float = 0, shift_reports_interval: float = 0) -> BackgroundScheduler:
    settings = load_settings(overrides={"DEMO_DEAL_INTERVAL": interval, "DATABASE_URL": db.url,
                                        "MONITOR_INTERVAL": monitor_interval, "EVENTS_PRUNE_INTERVAL": prune_interval,
                                        "TABLE_MODES_INTERVAL": table_modes_interval,
                                        "ODDS_WATCH_INTERVAL": odds_interval,
                                        "SHIFT_REPORT_INTERVAL": shift_reports_interval, "DABANG_CLOCK_INTERVAL": 0})
    return build_scheduler(db, settings, BackgroundScheduler(timezone="UTC"))


def run_job(scheduler: BackgroundScheduler, job_id: str):
    job = scheduler.get_job(job_id)
    return job.func(*job.args)


def test_no_job_runs_unless_the_settings_turn_it_on(db):
    assert scheduler_for(db, 0).get_jobs() == []


def test_the_odds_watch_follows_the_log_at_its_interval(db):
    job = scheduler_for(db, 0, odds_interval=0.25).get_job("odds_watch")
    assert job.trigger.interval == timedelta(seconds=0.25)
    assert job.max_instances == 1 and job.coalesce


def test_the_money_watch_follows_the_log_with_the_odds_watch_and_the_reports_every_minute(db):
    scheduler = scheduler_for(db, 0, odds_interval=0.25, shift_reports_interval=60)
    assert scheduler.get_job("money_watch").trigger.interval == timedelta(seconds=0.25)
    reports = scheduler.get_job("shift_reports")
    assert reports.trigger.interval == timedelta(seconds=60) and reports.max_instances == 1
    assert reports.func()["written"] is not None  # the last shift's report, stored (an empty floor's)
    assert reports.func() == {"written": None, "mismatches": {}}  # once


def test_the_demo_dealer_runs_at_the_configured_interval(db):
    job = scheduler_for(db, 2.5).get_job("demo_dealer")
    assert job.trigger.interval == timedelta(seconds=2.5)
    assert job.max_instances == 1 and job.coalesce


def test_the_vip_tables_clock_runs_every_second_by_default(db):
    assert load_settings()["TABLE_MODES_INTERVAL"] == 1.0
    job = scheduler_for(db, 0, table_modes_interval=1).get_job("table_modes")
    assert job.trigger.interval == timedelta(seconds=1) and job.max_instances == 1 and job.coalesce
    assert job.func() == ([], [])  # nothing held, nothing asked


def test_the_demo_dealer_opens_a_shoe_then_posts_real_hands_through_the_services(db):
    scheduler = scheduler_for(db, 1)
    assert run_job(scheduler, "demo_dealer").startswith("shoe ")
    for _ in range(3):
        run_job(scheduler, "demo_dealer")
    dealer = scheduler.get_job("demo_dealer").args[0]
    stored = hands.list_hands(db, dealer.shoe_id)
    assert [hand.number for hand in stored] == [1, 2, 3]
    assert [hand.hand for hand in stored] == [h.to_dict() for h in dealer.dealt.hands[:3]]


def test_a_shoe_closed_under_the_demo_dealer_is_followed_by_a_new_one(db):
    scheduler = scheduler_for(db, 1)
    run_job(scheduler, "demo_dealer")
    dealer = scheduler.get_job("demo_dealer").args[0]
    first_shoe = dealer.shoe_id
    shoes.close_shoe(db, dealer.table_id, first_shoe)
    assert "refused (no_open_shoe)" in run_job(scheduler, "demo_dealer")
    assert run_job(scheduler, "demo_dealer").startswith("shoe ")
    run_job(scheduler, "demo_dealer")
    assert dealer.shoe_id != first_shoe
    assert [hand.number for hand in hands.list_hands(db, dealer.shoe_id)] == [1]


def test_roadsvc_jobs_says_so_and_stops_when_no_job_is_on(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("ROADSVC_INSTANCE_PATH", str(tmp_path))
    monkeypatch.delenv("ROADSVC_DEMO_DEAL_INTERVAL", raising=False)
    monkeypatch.setenv("ROADSVC_MONITOR_INTERVAL", "0")
    monkeypatch.setenv("ROADSVC_EVENTS_PRUNE_INTERVAL", "0")
    monkeypatch.setenv("ROADSVC_TABLE_MODES_INTERVAL", "0")
    monkeypatch.setenv("ROADSVC_ODDS_WATCH_INTERVAL", "0")
    monkeypatch.setenv("ROADSVC_SHIFT_REPORT_INTERVAL", "0")
    monkeypatch.setenv("ROADSVC_DABANG_CLOCK_INTERVAL", "0")
    assert main(["db", "upgrade"]) == 0
    assert main(["jobs"]) == 0
    assert "no job is turned on" in capsys.readouterr().out


def test_the_event_log_is_pruned_past_its_retention_keeping_the_newest(db):
    from roadsvc.persistence.models import Event, utcnow
    from roadsvc.services import events, tables

    scheduler = scheduler_for(db, 0, prune_interval=300)
    job = scheduler.get_job("prune_events")
    assert job.trigger.interval == timedelta(seconds=300) and job.args[1] == 24 * 3600
    for name in ("A", "B", "C"):
        tables.create_table(db, name)
    with db.write() as session:  # the first two are 25 hours old
        for event in session.query(Event).order_by(Event.id).limit(2):
            event.created_at = utcnow() - timedelta(hours=25)
    assert run_job(scheduler, "prune_events") == 2
    assert events.event_id_range(db) == (3, 3)
    with db.write() as session:
        session.query(Event).update({"created_at": utcnow() - timedelta(hours=30)})
    assert run_job(scheduler, "prune_events") == 0  # the newest stays: resuming clients learn they are current


def test_the_demo_niuniu_table_is_bet_on_dealt_and_opened_on_the_demo_clock(db):
    scheduler = scheduler_for(db, 3)
    job = scheduler.get_job("demo_niuniu_dealer")
    assert job.trigger.interval == timedelta(seconds=3)
    niuniu = 2  # beside the baccarat demo table: round 1 dealt and settled at setup
    assert rounds.read_round(db, niuniu, 1)["phase"] == "settled"
    steps = [run_job(scheduler, "demo_niuniu_dealer") for _ in range(3)]
    assert [step.split(":")[0] for step in steps] == ["round 2"] * 3
    assert "dealt" in steps[0] and "players' hands opened" in steps[1] and "settled" in steps[2]
    settled = rounds.read_round(db, niuniu, 2)
    assert settled["phase"] == "settled" and settled["opened"][-1] == "banker"
    assert len(slips.settlement_of(db, niuniu, 2)["accounts"]) == 2  # the demo accounts' bets, settled


def test_the_money_watch_judges_a_niuniu_table_over_the_configured_floor_s_shift(db):
    """The jobs' money watch reads 百人牛牛 rounds (issue 34) on the floor's clock face from the settings: a
    floor on UTC with shifts at 00:00 and 12:00 names its shifts so in the alert."""
    overrides = {"DEMO_DEAL_INTERVAL": 0, "DATABASE_URL": db.url, "MONITOR_INTERVAL": 0, "EVENTS_PRUNE_INTERVAL": 0,
                 "TABLE_MODES_INTERVAL": 0, "ODDS_WATCH_INTERVAL": 0.25, "SHIFT_REPORT_INTERVAL": 0,
                 "DABANG_CLOCK_INTERVAL": 0, "FLOOR_TIME_ZONE": "UTC", "FLOOR_SHIFTS": "00:00,12:00"}
    settings = load_settings(overrides=overrides)
    watch = build_scheduler(db, settings, BackgroundScheduler(timezone="UTC")).get_job("money_watch").func
    watch()  # starts at the log's newest event
    table = tables.create_table(db, "Niu", game="niuniu", settings={"monitoring": {"large_win_amount": 100}}).id
    slips.place_slip(db, table, slips.parse_slip(slip_body(1, "a", "10000.00", {"player_1": "20.00"})))
    rounds.post_round(db, table, rounds.parse_posted_round(by_order(1)), 1)
    rounds.open_round(db, table, 1, None)  # a wins 200.00: past 100.00
    watch()
    [alert], _ = alerts.find_alerts(db, {"code": "large_win", "table_id": table}, 0, 10)
    shift = FloorClock.from_settings(settings).shift_at(datetime.now(timezone.utc))
    assert alert.details["shift"] == shift.key and shift.name in ("0000", "1200")
    assert (alert.subject, alert.details["account_id"], alert.details["round_number"]) == ("table", "a", 1)
