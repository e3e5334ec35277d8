"""The jobs process's 打棒 monitor pass, on SQLite and PostgreSQL: on the monitor's interval beside the other
games', on a clock the tests set, a match with no move past its threshold raises stale_table, resolved by itself
at the first pass after a move came or the match ended; a failing pass logs and returns None; `roadsvc jobs
--once` runs it."""

from __future__ import annotations

import logging
from datetime import datetime, timedelta, timezone

from apscheduler.schedulers.background import BackgroundScheduler

from dabang_api import finish
from dabang_play import shuffled_codes
from roadsvc.cli import main
from roadsvc.config import load_settings
from roadsvc.jobs import build_scheduler
from roadsvc.jobs.dabang import MatchesMonitorJob
from roadsvc.persistence.engine import Database
from roadsvc.services import alerts, tables
from roadsvc.services.dabang import matches, moves

START = datetime(2026, 11, 25, 6, 0, tzinfo=timezone.utc)
PLAYERS = {"1": "Li", "2": "Wang", "3": "Zhao", "4": "Chen"}
STALE_AFTER = 60


def a_match(db, name="Dabang") -> tuple[int, int]:
    table = tables.create_table(db, name, game="dabang", settings={"monitoring": {"stale_after_seconds": STALE_AFTER}})
    return table.id, matches.create_match(db, table.id, PLAYERS, 90, START)["id"]


def stale_alerts(db, match_id):
    return alerts.find_alerts(db, {"subject": f"match:{match_id}", "code": "stale_table"}, 0, 10)[0]


def test_the_dabang_pass_runs_on_the_monitors_interval(db):
    settings = load_settings(overrides={"DATABASE_URL": db.url, "MONITOR_INTERVAL": 5, "DEMO_DEAL_INTERVAL": 0,
                                        "TABLE_MODES_INTERVAL": 0, "ODDS_WATCH_INTERVAL": 0,
                                        "SHIFT_REPORT_INTERVAL": 0, "DABANG_CLOCK_INTERVAL": 0,
                                        "EVENTS_PRUNE_INTERVAL": 0})
    scheduler = build_scheduler(db, settings, BackgroundScheduler(timezone="UTC"))
    job, baccarat = scheduler.get_job("dabang_monitor"), scheduler.get_job("monitor")
    assert job.trigger.interval == baccarat.trigger.interval == timedelta(seconds=5)
    assert job.max_instances == 1 and job.coalesce
    off = build_scheduler(db, {**settings, "MONITOR_INTERVAL": 0}, BackgroundScheduler(timezone="UTC"))
    assert off.get_job("dabang_monitor") is None


def test_a_match_with_no_move_goes_stale_and_resolves_when_a_move_comes(db):
    table_id, match_id = a_match(db)
    now = [START + timedelta(seconds=STALE_AFTER)]
    job = MatchesMonitorJob(db, lambda: now[0])
    assert job.run().raised_or_seen == 0
    now[0] = START + timedelta(seconds=STALE_AFTER + 1)
    assert job.run().raised_or_seen == 1
    now[0] += timedelta(seconds=30)
    assert job.run().raised_or_seen == 1  # seen again: the same alert
    [alert] = stale_alerts(db, match_id)
    assert (alert.table_id, alert.state, alert.count, alert.severity) == (table_id, "open", 2, "warning")
    assert alert.details["deal_number"] is None and alert.details["match_id"] == match_id
    moves.post_deal(db, match_id, shuffled_codes(3), 1, now[0])  # a move: the next deal's draw
    now[0] += timedelta(seconds=1)
    done = job.run()
    assert (done.raised_or_seen, done.resolved) == (0, 1)
    [alert] = stale_alerts(db, match_id)
    assert (alert.state, alert.resolved_by) == ("resolved", alerts.SYSTEM_ACTOR)
    assert "a move came" in alert.resolved_note


def test_a_stale_match_that_ends_resolves_and_a_finished_match_never_goes_stale(db):
    _, match_id = a_match(db)
    _, other = a_match(db, "Dabang 2")
    now = START + timedelta(seconds=STALE_AFTER + 5)
    job = MatchesMonitorJob(db, lambda: now)
    assert job.run().raised_or_seen == 2
    finish(db, match_id, "A", "time_limit")  # as its last deal would end it
    done = job.run()
    assert (done.matches, done.raised_or_seen, done.resolved) == (1, 1, 1)
    [alert] = stale_alerts(db, match_id)
    assert alert.state == "resolved" and alert.resolved_note == "the match ended"
    assert stale_alerts(db, other)[0].state == "open"


def test_a_failing_pass_logs_and_returns_none(tmp_path, caplog):
    caplog.set_level(logging.INFO, logger="roadsvc.jobs")  # whatever level an earlier app left the root at
    missing = Database(f"sqlite:///{tmp_path / 'no' / 'such' / 'dir.db'}")
    job = MatchesMonitorJob(missing)
    assert job.run() is None and job.failing
    assert "dabang monitor pass failed" in caplog.text
    missing.dispose()


def test_roadsvc_jobs_once_runs_the_dabang_pass(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("ROADSVC_INSTANCE_PATH", str(tmp_path))
    monkeypatch.delenv("ROADSVC_DATABASE_URL", raising=False)
    assert main(["db", "upgrade"]) == 0
    db = Database(f"sqlite:///{tmp_path / 'roadsvc.db'}")
    a_match(db)
    db.dispose()
    assert main(["jobs", "--once"]) == 0
    assert "dabang monitor: 1 matches, 1 alerts raised or seen, 0 resolved" in capsys.readouterr().out
