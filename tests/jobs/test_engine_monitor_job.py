"""The push engine's pass of the floor monitor (jobs/engine.py, services/engine_watch.py), on both databases, with
a clock the tests move: an engine node that does not answer, or a committed event left unpublished, for longer
than ROADSVC_ENGINE_ALERT_AFTER raises an alert at every table; a shorter outage (a reload, a takeover) raises
nothing; the alert resolves by itself once the engine answers and the publisher has caught up. Only where the
engine is configured."""

from __future__ import annotations

import socket
from datetime import timedelta
from http.server import BaseHTTPRequestHandler, HTTPServer
import threading

import pytest
import redis
from apscheduler.schedulers.background import BackgroundScheduler

from roadsvc.config import load_settings
from roadsvc.domain.monitoring import texts
from roadsvc.jobs import build_scheduler
from roadsvc.jobs.engine import EngineMonitorJob
from roadsvc.persistence.models import utcnow
from roadsvc.services import alerts, events as event_log, tables
from roadsvc.services.engine_watch import BEHIND, UNREACHABLE, EngineState
from roadsvc.stream.engine.health import engine_state
from roadsvc.translations import reader

SETTINGS = {"ENGINE_PUBLISH_URLS": "http://127.0.0.1:9/_engine/pub/", "REDIS_URL": "redis://127.0.0.1:6379/0",
            "ENGINE_PREFIX": "t.", "ENGINE_ALERT_AFTER": 15.0}


def alert_title(code, language):
    return texts.alert_title(code, reader(language))


def alert_message(code, details, language):
    return texts.alert_message(code, details, reader(language))


class Look:
    """The look at the engine the pass takes, set by the test."""

    def __init__(self, state: EngineState):
        self.state = state

    def __call__(self) -> EngineState:
        return self.state


def open_alerts(db, code):
    return sorted((alert.table_id, alert.severity, alert.subject) for alert in
                  alerts.find_alerts(db, {"code": code}, 0, 100)[0] if alert.state != "resolved")


@pytest.fixture
def floor(db):
    return [tables.create_table(db, name, settings={}).id for name in ("B1", "B2")]


def test_an_engine_node_silent_past_the_threshold_raises_at_every_table_and_resolves_when_it_answers(db, floor):
    now = [utcnow()]
    healthy = EngineState((), 2, event_log.newest_event_id(db), "roadsvc-1:7:aa")
    look = Look(EngineState(("10.0.0.6:80",), 2, healthy.published, healthy.publisher))
    job = EngineMonitorJob(db, SETTINGS, lambda: now[0], look)
    assert job.run().findings == ()  # it just stopped answering: an nginx restart takes that long
    now[0] += timedelta(seconds=14)
    assert job.run().findings == () and open_alerts(db, UNREACHABLE) == []
    now[0] += timedelta(seconds=1)
    done = job.run()
    assert done.findings == (UNREACHABLE,) and done.raised_or_seen == 2
    assert open_alerts(db, UNREACHABLE) == [(floor[0], "critical", "table"), (floor[1], "critical", "table")]
    found = alerts.find_alerts(db, {"code": UNREACHABLE}, 0, 10)[0][0]
    assert found.details == {"unreachable": ["10.0.0.6:80"], "nodes": 2, "seconds": 15}
    look.state = healthy
    assert job.run().resolved == 2 and open_alerts(db, UNREACHABLE) == []
    resolved = alerts.find_alerts(db, {"code": UNREACHABLE, "state": "resolved"}, 0, 10)[0]
    assert {alert.resolved_by for alert in resolved} == {alerts.SYSTEM_ACTOR}
    assert {alert.resolved_note for alert in resolved} == {"the condition is gone: every push engine node answers again"}


def test_an_outage_shorter_than_the_threshold_raises_nothing(db, floor):
    now = [utcnow()]
    look = Look(EngineState(("10.0.0.6:80",), 1, event_log.newest_event_id(db), "p"))
    job = EngineMonitorJob(db, SETTINGS, lambda: now[0], look)
    job.run()
    now[0] += timedelta(seconds=10)
    look.state = EngineState((), 1, look.state.published, "p")
    job.run()  # back: the count starts again
    look.state = EngineState(("10.0.0.6:80",), 1, look.state.published, "p")
    now[0] += timedelta(seconds=10)
    assert job.run().findings == ()
    assert alerts.find_alerts(db, {}, 0, 10)[0] == []


def test_events_committed_and_not_published_past_the_threshold_raise_publisher_behind(db, floor):
    published = event_log.newest_event_id(db)
    tables.create_table(db, "B3", settings={})  # committed: its events wait for the publisher
    waiting, first_at = event_log.oldest_after(db, published)
    look = Look(EngineState((), 1, published, None))  # no publisher elected
    now = [first_at + timedelta(seconds=14)]
    job = EngineMonitorJob(db, SETTINGS, lambda: now[0], look)
    assert job.run().findings == ()
    now[0] += timedelta(seconds=2)
    done = job.run()
    assert done.findings == (BEHIND,) and done.raised_or_seen == 3  # at every table, the new one too
    alert = alerts.find_alerts(db, {"code": BEHIND}, 0, 10)[0][0]
    assert alert.details == {"seconds": 16, "publisher": None, "unpublished": waiting, "ledger": True}
    assert alert_message(BEHIND, alert.details, "en") == \
        f"{waiting} committed event{'s' if waiting > 1 else ''} not sent to the push engine for 16 s: no publisher is running"
    look.state = EngineState((), 1, event_log.newest_event_id(db), "roadsvc-2:9:bb")  # elected, caught up
    assert job.run().resolved == 3 and open_alerts(db, BEHIND) == []


def test_a_ledger_that_does_not_answer_past_the_threshold_raises_publisher_behind(db, floor):
    now = [utcnow()]
    job = EngineMonitorJob(db, SETTINGS, lambda: now[0], Look(EngineState((), 1, None, None)))
    job.run()
    now[0] += timedelta(seconds=15)
    assert job.run().findings == (BEHIND,)
    alert = alerts.find_alerts(db, {"code": BEHIND}, 0, 10)[0][0]
    assert alert.details["ledger"] is False
    assert alert_message(BEHIND, alert.details, "en") == \
        "The publisher's ledger (Redis) has not answered for 15 s: no live event reaches the push engine"


def test_the_alerts_read_in_every_language():
    down = {"unreachable": ["10.0.0.6:80"], "nodes": 2, "seconds": 40}
    assert alert_title(UNREACHABLE, "en") == "Push engine unreachable"
    assert alert_message(UNREACHABLE, down, "en") == \
        "1 of 2 push engine nodes (10.0.0.6:80) have not answered for 40 s: the displays they hold get no live events"
    assert alert_title(UNREACHABLE, "zh-Hans") == "推送引擎无法连接"
    assert alert_title(UNREACHABLE, "zh-Hant") == "推送引擎無法連線"
    assert alert_message(UNREACHABLE, down, "zh-Hant").startswith("2 個推送引擎節點中有 1 個（10.0.0.6:80）已 40 秒")
    behind = {"seconds": 20, "publisher": "roadsvc-1:42:ab", "unpublished": 1, "ledger": True}
    assert alert_message(BEHIND, behind, "en") == \
        "1 committed event not sent to the push engine for 20 s by the publisher roadsvc-1:42:ab"
    assert alert_title(BEHIND, "zh-Hans") == "实时事件积压"
    assert alert_message(BEHIND, behind, "zh-Hans").startswith("发布程序 roadsvc-1:42:ab 已有 1 个已提交的事件 20 秒")


class NotFoundNode:
    """An engine node's publisher location that answers (404: no such channel), on loopback."""

    def __enter__(self):
        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):
                self.send_response(404)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = HTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return f"http://127.0.0.1:{self.server.server_address[1]}/_engine/pub/"

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()


class SilentRedis:
    def published(self):
        raise redis.ConnectionError("refused")


def test_the_look_asks_each_node_and_reads_the_ledger():
    closed = socket.socket()
    closed.bind(("127.0.0.1", 0))  # bound, never listening: a connection is refused
    dead = f"http://127.0.0.1:{closed.getsockname()[1]}/_engine/pub/"
    with NotFoundNode() as alive, closed:
        state = engine_state([alive, dead], SilentRedis(), "t.", timeout=1.0)
    assert state == EngineState((dead.split("/")[2],), 2, None, None)


def test_the_pass_runs_only_where_the_engine_is_configured(db):
    settings = load_settings(overrides={"DATABASE_URL": db.url, "MONITOR_INTERVAL": 5, "DEMO_DEAL_INTERVAL": 0,
                                        "TABLE_MODES_INTERVAL": 0, "ODDS_WATCH_INTERVAL": 0, "SHIFT_REPORT_INTERVAL": 0,
                                        "DABANG_CLOCK_INTERVAL": 0, "EVENTS_PRUNE_INTERVAL": 0,
                                        "ENGINE_PUBLISH_URLS": "", "REDIS_URL": ""})
    assert build_scheduler(db, settings, BackgroundScheduler(timezone="UTC")).get_job("engine_monitor") is None
    engine = {**settings, "ENGINE_PUBLISH_URLS": SETTINGS["ENGINE_PUBLISH_URLS"], "REDIS_URL": SETTINGS["REDIS_URL"]}
    job = build_scheduler(db, engine, BackgroundScheduler(timezone="UTC")).get_job("engine_monitor")
    assert job.trigger.interval == timedelta(seconds=5)
