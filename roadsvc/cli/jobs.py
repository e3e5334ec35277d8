"""`roadsvc jobs`: the APScheduler process (see roadsvc.jobs for the jobs)."""

from __future__ import annotations

import argparse
import logging
from typing import Any

from roadsvc.config import load_settings
from roadsvc.jobs import build_scheduler
from roadsvc.persistence.engine import open_database


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("jobs", help="run the background jobs (APScheduler) until stopped")
    parser.add_argument("--demo-interval", type=float,
                        help="deal a demo hand every this many seconds (default: ROADSVC_DEMO_DEAL_INTERVAL, 0 = off)")
    parser.set_defaults(func=run_jobs)


def run_jobs(args: argparse.Namespace) -> int:
    overrides = {} if args.demo_interval is None else {"DEMO_DEAL_INTERVAL": args.demo_interval}
    settings = load_settings(overrides=overrides)
    logging.basicConfig(level=settings["LOG_LEVEL"], format="%(asctime)s %(name)s %(message)s")
    logging.getLogger("apscheduler").setLevel(logging.WARNING)  # not a line per run: the jobs log what they did
    db = open_database(overrides)
    scheduler = build_scheduler(db, settings)
    if not scheduler.get_jobs():
        print("roadsvc jobs: no job is turned on (set ROADSVC_DEMO_DEAL_INTERVAL or --demo-interval)")
        return 0
    try:
        scheduler.start()
    except (KeyboardInterrupt, SystemExit):
        pass
    finally:
        db.dispose()
    return 0
