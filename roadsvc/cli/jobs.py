"""`roadsvc jobs`: the APScheduler process (see roadsvc.jobs for the jobs)."""

from __future__ import annotations

import argparse
import logging
from typing import Any

from roadsvc.config import load_settings
from roadsvc.jobs import DealersMonitorJob, MonitorJob, OddsJob, TableModesJob, build_scheduler
from roadsvc.jobs.dabang import MatchesMonitorJob
from roadsvc.jobs.niuniu import RoundTablesMonitorJob
from roadsvc.persistence.engine import open_database
from roadsvc.services.pit.shifts import FloorClock


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("jobs", help="run the background jobs (APScheduler) until stopped")
    parser.add_argument("--demo-interval", type=float,
                        help="deal a demo hand every this many seconds (default: ROADSVC_DEMO_DEAL_INTERVAL, 0 = off)")
    parser.add_argument("--once", action="store_true",
                        help="run each periodic check once (the floor monitor's pass, the VIP tables' clocks) and exit: "
                             "0 if they ran, 1 if not")
    parser.set_defaults(func=run_jobs)


def run_jobs(args: argparse.Namespace) -> int:
    overrides = {} if args.demo_interval is None else {"DEMO_DEAL_INTERVAL": args.demo_interval}
    settings = load_settings(overrides=overrides)
    logging.basicConfig(level=settings["LOG_LEVEL"], format="%(asctime)s %(name)s %(message)s")
    logging.getLogger("apscheduler").setLevel(logging.WARNING)  # not a line per run: the jobs log what they did
    db = open_database(overrides)
    if args.once:
        return run_once(db, FloorClock.from_settings(settings))
    scheduler = build_scheduler(db, settings)
    if not scheduler.get_jobs():
        print("roadsvc jobs: no job is turned on (set ROADSVC_MONITOR_INTERVAL, ROADSVC_DEMO_DEAL_INTERVAL or --demo-interval)")
        return 0
    try:
        scheduler.start()
    except (KeyboardInterrupt, SystemExit):
        pass
    finally:
        db.dispose()
    return 0


def run_once(db, floor_clock: FloorClock | None = None) -> int:
    shoes, tables, matches = MonitorJob(db), RoundTablesMonitorJob(db), MatchesMonitorJob(db)
    dealers = DealersMonitorJob(db, floor_clock=floor_clock)
    try:
        done = shoes.run()
        modes = TableModesJob(db).run() if done is not None else None
        # The odds watch's first step checks every open shoe's odds and positive_ev.
        odds = OddsJob(db).run() if done is not None else None
        rounds = tables.run() if done is not None else None
        played = matches.run() if done is not None else None
        people = dealers.run() if done is not None else None
    finally:
        db.dispose()
    if done is None:
        print("roadsvc jobs --once: the monitor pass failed (see the log)")
        return 1
    print(shoes.summary(done))
    if modes is None:
        print("roadsvc jobs --once: the table modes pass failed (see the log)")
        return 1
    print(f"table modes: {len(modes[0])} held hands opened, {len(modes[1])} changes of shoe overdue")
    if odds is None:
        print("roadsvc jobs --once: the odds watch failed (see the log)")
        return 1
    print(f"odds watch: {len(odds)} shoes' odds or positive_ev written")
    for job, result in ((tables, rounds), (matches, played), (dealers, people)):
        if result is None:
            print(f"roadsvc jobs --once: the {job.name} pass failed (see the log)")
            return 1
        print(job.summary(result))
    return 0
