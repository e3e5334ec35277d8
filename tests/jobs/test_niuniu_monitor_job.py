"""The jobs process's 百人牛牛 monitor pass: on the monitor's interval beside baccarat's, on a clock the
tests set, a stopped table raised and then resolved; a failing pass logs and returns None; `roadsvc
jobs --once` runs it."""

from __future__ import annotations

import logging
from datetime import timedelta

from apscheduler.schedulers.background import BackgroundScheduler

from niuniu_support import by_order
from roadsvc.cli import main
from roadsvc.config import load_settings
from roadsvc.jobs import build_scheduler
from roadsvc.jobs.niuniu import RoundTablesMonitorJob
from roadsvc.persistence import niuniu as repo
from roadsvc.persistence.engine import Database
from roadsvc.services import alerts, tables
from roadsvc.services.niuniu import rounds


def niuniu_round(db) -> tuple[int, object]:
    table = tables.create_table(db, "Niu", game="niuniu").id
    rounds.post_round(db, table, rounds.parse_posted_round(by_order(1)), 1)
    with db.read() as session:
        return table, repo.last_round(session, table).updated_at


def test_the_niuniu_pass_runs_on_the_monitors_interval(db):
    settings = load_settings(overrides={"DATABASE_URL": db.url, "MONITOR_INTERVAL": 5, "DEMO_DEAL_INTERVAL": 0,
                                        "TABLE_MODES_INTERVAL": 0, "ODDS_WATCH_INTERVAL": 0,
                                        "SHIFT_REPORT_INTERVAL": 0, "DABANG_CLOCK_INTERVAL": 0,
                                        "EVENTS_PRUNE_INTERVAL": 0})
    scheduler = build_scheduler(db, settings, BackgroundScheduler(timezone="UTC"))
    job, baccarat = scheduler.get_job("niuniu_monitor"), scheduler.get_job("monitor")
    assert job.trigger.interval == baccarat.trigger.interval == timedelta(seconds=5)
    assert job.max_instances == 1 and job.coalesce
    off = build_scheduler(db, {**settings, "MONITOR_INTERVAL": 0}, BackgroundScheduler(timezone="UTC"))
    assert off.get_job("niuniu_monitor") is None


def test_the_job_raises_a_stopped_table_on_its_clock_and_resolves_it_when_the_round_moves(db):
    table, since = niuniu_round(db)
    now = [since + timedelta(seconds=100)]
    job = RoundTablesMonitorJob(db, lambda: now[0])
    assert job.run().raised_or_seen == 0
    now[0] = since + timedelta(seconds=121)
    assert job.run().raised_or_seen == 1
    [alert] = alerts.find_alerts(db, {"table_id": table}, 0, 10)[0]
    assert (alert.code, alert.subject, alert.state) == ("stale_table", "table", "open")
    rounds.open_round(db, table, 1, None)
    with db.read() as session:
        now[0] = repo.last_round(session, table).updated_at + timedelta(seconds=1)
    assert job.run().resolved == 1


def test_a_failing_pass_logs_and_returns_none_then_works_again(tmp_path, caplog):
    caplog.set_level(logging.INFO, logger="roadsvc.jobs")  # whatever level an earlier app left the root at
    missing = Database(f"sqlite:///{tmp_path / 'no' / 'such' / 'dir.db'}")
    job = RoundTablesMonitorJob(missing)
    assert job.run() is None and job.failing
    assert "niuniu monitor pass failed" in caplog.text
    missing.dispose()


def test_roadsvc_jobs_once_runs_the_niuniu_pass(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("ROADSVC_INSTANCE_PATH", str(tmp_path))
    monkeypatch.delenv("ROADSVC_DATABASE_URL", raising=False)
    assert main(["db", "upgrade"]) == 0
    db = Database(f"sqlite:///{tmp_path / 'roadsvc.db'}")
    niuniu_round(db)
    db.dispose()
    assert main(["jobs", "--once"]) == 0
    assert "niuniu monitor: 1 tables, 0 alerts raised or seen, 0 resolved" in capsys.readouterr().out
