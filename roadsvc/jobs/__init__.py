"""Background jobs, run by APScheduler 3 in their own process (`roadsvc jobs`).

Jobs go through the services like any other client, so the web workers see their
writes by revision exactly as they see a dealer's.

* demo_dealer: deals real 8-deck shoes into the demo table, one hand every
  `DEMO_DEAL_INTERVAL` seconds (0, the default, leaves it off). `./dev serve` runs it,
  so a newcomer sees the roads move; beside it demo_niuniu_dealer runs the demo 百人牛牛 table
  on the same clock (bets, the round dealt, the players' hands opened, the banker's: settled), and
  demo_dabang_player plays the demo 打棒 table's match one legal move a step (a new match when one ends);
  demo_watch_dealer deals the advantage-play watch's demo table (`extended`, table 4 on a new database) with
  slips before every hand from flat bettors, two linked accounts on both sides now and then, and one
  counter who bets only when the exact odds favour a side bet (services.demo.DemoBettors).
* monitor: the clock's pass of the floor monitor (stale tables raised, seen again,
  resolved), every `MONITOR_INTERVAL` seconds (5 by default; 0 turns it off). A pass
  that cannot reach the database logs it and the next pass tries again: the process
  outlives a database restart. Beside it, on the same interval, niuniu_monitor: the same pass
  at the 百人牛牛 tables (jobs/niuniu.py: a table whose newest round stopped moving), and dabang_monitor: at
  the 打棒 matches (jobs/dabang.py: a match with no move for its threshold).
* replication: on the monitor's interval, when ROADSVC_DB_STANDBYS is set, the database's standbys read from
  the primary's pg_stat_replication: a `replication_degraded` alert at every table while fewer stream or none
  is synchronous, resolved when they are back (services.database.replication). A failing pass tries again next time.
* engine_monitor: on the monitor's interval, where the push engine is configured (ROADSVC_ENGINE_PUBLISH_URLS and
  ROADSVC_REDIS_URL): each engine node asked, the publisher's cursor read; `push_engine_unreachable` and
  `publisher_behind` at every table after ROADSVC_ENGINE_ALERT_AFTER seconds, resolved when healthy (jobs/engine.py).
* table_modes: VIP tables' clocks (issue 14): held hands whose deadline has come are
  opened automatically, and changes of shoe not done in time raise shoe_change_overdue,
  every `TABLE_MODES_INTERVAL` seconds (1 by default; 0 turns it off).
* odds_watch: follows the event log every `ODDS_WATCH_INTERVAL` seconds (0.25 by default; 0
  turns it off): after each change to a shoe of a table that enters cards, the next hand's
  odds (an `odds` event for the operators) and the `positive_ev` alert, raised or resolved
  (services.odds_watch). Like the monitor, a failing step logs and the next one retries.
* play_watch: beside the odds watch, on its interval: the advantage-play watch
  (services.baccarat.play_watch): `opposite_bets` after each hand, and each closed shoe counted
  once into every account's play against the exact EV, raising `advantage_play`.
* dabang_clock: ends the 打棒 matches whose time limit has passed (between deals, at different
  levels), every `DABANG_CLOCK_INTERVAL` seconds (5 by default; 0 turns it off).
* shift_reports: stores each shift's final report once at its end and computes the recent stored reports
  again (`report_mismatch`), every `SHIFT_REPORT_INTERVAL` seconds (60 by default; 0 turns it off):
  jobs/shift_reports.py.
* prune_events: deletes events older than `EVENTS_RETENTION` seconds (default 24 h) every
  `EVENTS_PRUNE_INTERVAL` seconds (0 turns it off), always keeping the newest.
"""

from __future__ import annotations

import logging
import random
from typing import Any, Mapping

from datetime import datetime
from typing import Callable

from apscheduler.schedulers.base import BaseScheduler
from apscheduler.schedulers.blocking import BlockingScheduler

from roadsvc.jobs.engine import EngineMonitorJob, engine_configured
from roadsvc.jobs.dabang import MatchClockJob, MatchesMonitorJob
from roadsvc.jobs.monitor_passes import MonitorPassJob
from roadsvc.jobs.niuniu import RoundTablesMonitorJob
from roadsvc.jobs.shift_reports import ShiftReportsJob
from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import utcnow
from roadsvc.services.baccarat import monitor
from roadsvc.services.baccarat.vip import held_hands, table_requests
from roadsvc.services.baccarat.odds_watch import OddsWatch
from roadsvc.services.baccarat.play_watch import PlayWatch
from roadsvc.services.pit.money_watch import MoneyWatch
from roadsvc.services.pit.shifts import FloorClock
from roadsvc.services.dealers import watch as dealer_watch
from roadsvc.services.dealers.demo import DealerRotation
from roadsvc.services import events as event_log
from roadsvc.services.database import replication
from roadsvc.services.demo import (
    DabangDemoPlayer, DemoBettors, DemoDealer, NiuniuDemoDealer, ensure_demo_floor, ensure_watch_table,
)
from roadsvc.services.errors import ServiceError

log = logging.getLogger(__name__)


def build_scheduler(db: Database, settings: Mapping[str, Any], scheduler: BaseScheduler | None = None,
                    clock: Callable[[], datetime] = utcnow) -> BaseScheduler:
    """A scheduler holding the jobs the settings turn on (not started). `clock` gives the clock
    passes their "now" (tests set it)."""
    scheduler = scheduler or BlockingScheduler(timezone="UTC")
    if settings["MONITOR_INTERVAL"] > 0:
        for job_id, job in (("monitor", MonitorJob), ("niuniu_monitor", RoundTablesMonitorJob),
                            ("dabang_monitor", MatchesMonitorJob)):
            scheduler.add_job(job(db, clock).run, "interval", seconds=settings["MONITOR_INTERVAL"], id=job_id,
                              max_instances=1, coalesce=True)
    if settings["MONITOR_INTERVAL"] > 0 and settings.get("DEALERS_MONITOR_INTERVAL", 0) > 0:
        dealers_pass = DealersMonitorJob(db, clock, FloorClock.from_settings(settings))  # the shift so far: a minute
        scheduler.add_job(dealers_pass.run, "interval", seconds=settings["DEALERS_MONITOR_INTERVAL"],
                          id="dealers_monitor", max_instances=1, coalesce=True)
    if settings["MONITOR_INTERVAL"] > 0 and settings.get("DB_STANDBYS", 0) > 0 and not db.is_sqlite:
        expected = settings["DB_STANDBYS"]
        scheduler.add_job(Guarded("replication pass", lambda: replication.check_replication(db, expected, clock())).run,
                          "interval", seconds=settings["MONITOR_INTERVAL"], id="replication", max_instances=1,
                          coalesce=True)
    if settings["MONITOR_INTERVAL"] > 0 and engine_configured(settings):
        scheduler.add_job(EngineMonitorJob(db, settings, clock).run, "interval", seconds=settings["MONITOR_INTERVAL"],
                          id="engine_monitor", max_instances=1, coalesce=True)
    if settings.get("ODDS_WATCH_INTERVAL", 0) > 0:
        scheduler.add_job(OddsJob(db).run, "interval", seconds=settings["ODDS_WATCH_INTERVAL"], id="odds_watch",
                          max_instances=1, coalesce=True)
    if settings.get("ODDS_WATCH_INTERVAL", 0) > 0:  # the money rules follow the log as often as the odds
        watch = MoneyWatch(db, clock=clock, floor_clock=FloorClock.from_settings(settings))
        scheduler.add_job(Guarded("money watch", watch.step).run, "interval",
                          seconds=settings["ODDS_WATCH_INTERVAL"], id="money_watch", max_instances=1, coalesce=True)
        play_watch = PlayWatch(db, clock=clock)  # advantage_play and opposite_bets (issue 45)
        scheduler.add_job(Guarded("play watch", play_watch.step).run, "interval",
                          seconds=settings["ODDS_WATCH_INTERVAL"], id="play_watch", max_instances=1, coalesce=True)
    if settings.get("SHIFT_REPORT_INTERVAL", 0) > 0:
        reports = ShiftReportsJob(db, FloorClock.from_settings(settings), clock, settings.get("REPORT_FONT") or None)
        scheduler.add_job(Guarded("shift reports", reports.run).run, "interval",
                          seconds=settings["SHIFT_REPORT_INTERVAL"], id="shift_reports", max_instances=1,
                          coalesce=True)
    interval = settings["DEMO_DEAL_INTERVAL"]
    if interval > 0:
        floor = ensure_demo_floor(db, settings["DEMO_TABLE_NAME"])
        dealer = DemoDealer(db, floor.baccarat.id, random.Random())
        scheduler.add_job(deal_demo_hand, "interval", args=[dealer], seconds=interval,
                          id="demo_dealer", max_instances=1, coalesce=True)
        watched = ensure_watch_table(db)  # the advantage-play watch at work: a counter among flat bettors
        watch_dealer = DemoDealer(db, watched.id, random.Random(), bettors=DemoBettors(db, watched.id, random.Random()))
        scheduler.add_job(deal_demo_hand, "interval", args=[watch_dealer], seconds=interval,
                          id="demo_watch_dealer", max_instances=1, coalesce=True)
        rounds = NiuniuDemoDealer(db, floor.niuniu.id, random.Random())
        scheduler.add_job(Guarded("demo 百人牛牛 dealer", rounds.step).run, "interval", seconds=interval,
                          id="demo_niuniu_dealer", max_instances=1, coalesce=True)
        player = DabangDemoPlayer(db, floor.dabang.id, random.Random(), clock)
        scheduler.add_job(Guarded("demo 打棒 player", player.step).run, "interval", seconds=interval,
                          id="demo_dabang_player", max_instances=1, coalesce=True)
        rotation = DealerRotation(db, [floor.baccarat.id, floor.niuniu.id, floor.dabang.id], random.Random())
        scheduler.add_job(Guarded("demo dealer rotation", rotation.step).run, "interval", seconds=interval,
                          id="demo_dealer_rotation", max_instances=1, coalesce=True)
    if settings["TABLE_MODES_INTERVAL"] > 0:
        scheduler.add_job(TableModesJob(db, clock).run, "interval", seconds=settings["TABLE_MODES_INTERVAL"],
                          id="table_modes", max_instances=1, coalesce=True)
    if settings.get("DABANG_CLOCK_INTERVAL", 0) > 0:
        scheduler.add_job(MatchClockJob(db, clock).run, "interval", seconds=settings["DABANG_CLOCK_INTERVAL"],
                          id="dabang_clock", max_instances=1, coalesce=True)
    if settings["EVENTS_PRUNE_INTERVAL"] > 0:
        scheduler.add_job(prune_events, "interval", args=[db, settings["EVENTS_RETENTION"]],
                          seconds=settings["EVENTS_PRUNE_INTERVAL"], id="prune_events", max_instances=1, coalesce=True)
    return scheduler


def prune_events(db: Database, retention_seconds: float) -> int:
    """Delete the events past retention (a resuming client older than that gets `resync`)."""
    pruned = event_log.prune_events(db, retention_seconds)
    if pruned:
        log.info("pruned %d events older than %.0f s", pruned, retention_seconds)
    return pruned


def deal_demo_hand(dealer: DemoDealer) -> str:
    """One step of the demo dealer. A refusal (say a pit boss closed the shoe) starts a new shoe next time."""
    try:
        step = dealer.step()
    except ServiceError as error:
        dealer.abandon_shoe()
        step = f"refused ({error.code}): {error.message}; a new shoe comes next"
    log.info("table %s: %s", dealer.table_id, step)
    return step


class MonitorJob(MonitorPassJob):
    """Baccarat's clock pass of the floor monitor (stale tables at open shoes)."""

    name, check = "monitor", staticmethod(monitor.check_open_shoes)
    counted, noun = "shoes", "open shoes"


class DealersMonitorJob(MonitorPassJob):
    """The dealers' pass of the floor monitor (issue 45): dealer_refusals and dealer_pace over the shift so far."""

    name, counted, noun = "dealers monitor", "dealers", "dealers"

    def __init__(self, db: Database, clock: Callable[[], datetime] = utcnow, floor_clock: FloorClock | None = None):
        super().__init__(db, clock)
        self.floor_clock = floor_clock or FloorClock.default()

    def check(self, db: Database, now: datetime):  # type: ignore[override]
        return dealer_watch.check_dealers(db, now, self.floor_clock)


class TableModesJob:
    """One pass of the VIP tables' clocks per call: open the held hands whose deadline has
    come (audited as automatic opens), raise shoe_change_overdue for changes of shoe not
    done in time. Never raises. `clock` gives "now" (tests set it)."""

    def __init__(self, db: Database, clock: Callable[[], datetime] = utcnow):
        self.db, self.clock = db, clock

    def run(self) -> tuple[list[tuple[int, int]], list[int]] | None:
        now = self.clock()
        try:
            opened = held_hands.open_due(self.db, now)
            overdue = table_requests.raise_overdue(self.db, now)
        except Exception as error:  # noqa: BLE001 - any failure: log it, try again next pass
            log.error("table modes pass failed (%s: %s); trying again next pass", type(error).__name__,
                      str(error).splitlines()[0] if str(error) else "")
            return None
        for table_id, number in opened:
            log.info("table %s: hand %s opened automatically", table_id, number)
        for request_id in overdue:
            log.warning("request %s: the change of shoe is overdue", request_id)
        return opened, overdue


class Guarded:
    """A job's step that never raises: a failure is logged (an error the first time, then
    warnings until it works again) and the step is tried again at its next run."""

    def __init__(self, name: str, step: Callable[[], Any]):
        self.name, self.step, self.failing = name, step, False

    def run(self) -> Any:
        try:
            done = self.step()
        except Exception as error:  # noqa: BLE001 - any failure: log it, try again next run
            log.log(logging.WARNING if self.failing else logging.ERROR, "%s failed (%s: %s); trying again",
                    self.name, type(error).__name__, str(error).splitlines()[0] if str(error) else "")
            self.failing = True
            return None
        if self.failing:
            log.info("%s works again", self.name)
            self.failing = False
        return done


class OddsJob:
    """One step of the odds watch per call (services.odds_watch); never raises, so a database
    outage only costs the steps it lasts (the cursor stays where it was: nothing is skipped)."""

    def __init__(self, db: Database, clock: Callable[[], datetime] = utcnow):
        self.watch = OddsWatch(db, clock)
        self.failing = False

    def run(self) -> list[int] | None:
        try:
            written = self.watch.step()
        except Exception as error:  # noqa: BLE001 - any failure: log it, try again next step
            log.log(logging.WARNING if self.failing else logging.ERROR,
                    "odds watch step failed (%s: %s); trying again next step", type(error).__name__,
                    str(error).splitlines()[0] if str(error) else "")
            self.failing = True
            return None
        if self.failing:
            log.info("odds watch works again")
            self.failing = False
        return written
