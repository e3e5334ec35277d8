"""The jobs process's dealers pass (issue 45) through the database, on a clock the test sets: a seeded
shift of 60 baccarat hands a table at 6 tables, one dealer a table, the floor's posts refused 15 times in
100 games and one dealer's three times as often. The dealer out of line is flagged within the shift
(dealer_refusals, about `dealer:<id>`, at their table); the dealers at the floor's rate are not. The alert
resolves by itself once the figures are in line (a new shift)."""

from __future__ import annotations

import random
from datetime import datetime, timedelta, timezone

from apscheduler.schedulers.background import BackgroundScheduler

from dealer_simulation import poisson
from roadsvc.config import load_settings
from roadsvc.domain.errors import DomainError
from roadsvc.jobs import DealersMonitorJob, build_scheduler
from roadsvc.services import alerts, tables
from roadsvc.services.admin_audit import Actor
from roadsvc.services.baccarat import hands, shoes
from roadsvc.services.dealers import registry
from roadsvc.services.pit.shifts import FloorClock

WRONG_DRAW = ["4S", "3H", "5D", "2C", "6H"]  # the third-card rule refuses it
TABLES, GAMES, RATE, FACTOR, SEED = 6, 60, 0.15, 3.0, 7
PIT = Actor("pit boss")


def shift_clock(now: datetime) -> FloorClock:
    """One shift a day, begun an hour ago: the whole test runs inside it."""
    start = (now - timedelta(hours=1)).strftime("%H:%M")
    return FloorClock.from_settings({"FLOOR_TIME_ZONE": "UTC", "FLOOR_SHIFTS": start})


def floor_of_dealers(db) -> list[tuple[int, int]]:
    """(table, dealer) pairs: a baccarat table with an open shoe and its own dealer."""
    found = []
    for index in range(TABLES):
        table = tables.create_table(db, f"Baccarat {index + 1}").id
        shoes.open_shoe(db, table)
        dealer = registry.register(db, f"D-{100 + index}", f"Dealer {index + 1}", PIT).id
        registry.change_dealer(db, table, f"D-{100 + index}", PIT)
        found.append((table, dealer))
    return found


def deal(db, table: int, refusals: int) -> None:
    for _ in range(refusals):
        try:
            hands.ingest(db, table, {"cards": WRONG_DRAW})
        except DomainError:
            pass
    hands.ingest(db, table, {"result": "banker"})


def flagged(db) -> dict[str, dict]:
    found, _ = alerts.find_alerts(db, {"code": "dealer_refusals"}, 0, 50)
    return {alert.subject: alert for alert in found if alert.state != "resolved"}


def test_a_dealer_refusing_at_three_times_the_floors_rate_is_flagged_within_the_shift(db):
    now = datetime.now(timezone.utc)
    clock = [now]
    job = DealersMonitorJob(db, lambda: clock[0], shift_clock(now))
    pairs, rng = floor_of_dealers(db), random.Random(SEED)
    bad_table, bad_dealer = pairs[0]
    first_flagged = None
    for game in range(1, GAMES + 1):
        for table, dealer in pairs:
            deal(db, table, poisson(rng, RATE * (FACTOR if dealer == bad_dealer else 1.0)))
        if game % 5 == 0:
            clock[0] = datetime.now(timezone.utc)
            job.run()
            if first_flagged is None and flagged(db):
                first_flagged = game
    found = flagged(db)
    assert set(found) == {f"dealer:{bad_dealer}"}, {s: a.details for s, a in found.items()}
    alert = found[f"dealer:{bad_dealer}"]
    assert alert.table_id == bad_table and alert.details["p_value"] < 0.001 and alert.details["games"] >= 20
    assert first_flagged is not None and first_flagged <= GAMES
    later = DealersMonitorJob(db, lambda: clock[0] + timedelta(days=1), shift_clock(now))  # the next day's shift
    assert later.run().resolved == 1 and flagged(db) == {}


def test_the_dealers_pass_runs_on_its_own_interval(db):
    settings = load_settings(overrides={"DATABASE_URL": db.url, "MONITOR_INTERVAL": 5, "DEMO_DEAL_INTERVAL": 0,
                                        "TABLE_MODES_INTERVAL": 0, "ODDS_WATCH_INTERVAL": 0,
                                        "SHIFT_REPORT_INTERVAL": 0, "DABANG_CLOCK_INTERVAL": 0,
                                        "EVENTS_PRUNE_INTERVAL": 0})
    scheduler = build_scheduler(db, settings, BackgroundScheduler(timezone="UTC"))
    assert scheduler.get_job("dealers_monitor").trigger.interval == timedelta(seconds=60)  # DEALERS_MONITOR_INTERVAL
    off = build_scheduler(db, {**settings, "MONITOR_INTERVAL": 0}, BackgroundScheduler(timezone="UTC"))
    assert off.get_job("dealers_monitor") is None


def test_roadsvc_jobs_once_runs_the_dealers_pass(tmp_path, monkeypatch, capsys):
    from roadsvc.cli import main
    from roadsvc.persistence.engine import Database

    monkeypatch.setenv("ROADSVC_INSTANCE_PATH", str(tmp_path))
    monkeypatch.delenv("ROADSVC_DATABASE_URL", raising=False)
    assert main(["db", "upgrade"]) == 0  # migration 0016 on a new database
    db = Database(f"sqlite:///{tmp_path / 'roadsvc.db'}")
    floor_of_dealers(db)
    db.dispose()
    assert main(["jobs", "--once"]) == 0
    assert "dealers monitor: 6 dealers, 0 alerts raised or seen, 0 resolved" in capsys.readouterr().out
