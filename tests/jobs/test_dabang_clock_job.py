"""The jobs' 打棒 clock: a match past its time limit, between deals, at different levels, ends; one at
equal levels plays on; a failing pass logs and returns None."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from apscheduler.schedulers.background import BackgroundScheduler

from roadsvc.jobs import build_scheduler
from roadsvc.jobs.dabang import MatchClockJob
from roadsvc.persistence.models import DabangMatch, Table
from roadsvc.services.events import events_after

START = datetime(2026, 11, 25, 2, 0, tzinfo=timezone.utc)


def _match(db, levels) -> int:
    with db.write() as session:
        table = Table(name=f"Dabang {levels}", rule_set="classic", settings={})
        session.add(table)
        session.flush()
        match = DabangMatch(table_id=table.id, players={"1": "a", "2": "b", "3": "c", "4": "d"},
                            time_limit_minutes=90, started_at=START, last_move_at=START, level_a=levels[0],
                            level_b=levels[1], next_blood=0, deals_done=3, dealer_seat=1, revision=1)
        session.add(match)
        session.flush()
        return match.id


def test_the_clock_ends_a_match_past_its_limit_at_different_levels(db):
    ahead, level = _match(db, (6, 4)), _match(db, (5, 5))
    assert MatchClockJob(db, lambda: START + timedelta(minutes=89)).run() == []
    assert MatchClockJob(db, lambda: START + timedelta(minutes=91)).run() == [ahead]
    with db.read() as session:
        ended, going = session.get(DabangMatch, ahead), session.get(DabangMatch, level)
        assert (ended.winner, ended.reason) == ("A", "time_limit") and going.winner is None
    [event] = [record.data for record in events_after(db, 0) if record.data.get("kind") == "match_ended"]
    assert (event["match_id"], event["winner"], event["reason"], event["levels"]) == \
        (ahead, "A", "time_limit", {"A": 6, "B": 4})  # the clock's ending is evented as every other


def test_the_clock_job_is_scheduled_by_its_setting(db):
    settings = {"MONITOR_INTERVAL": 0, "DEMO_DEAL_INTERVAL": 0, "TABLE_MODES_INTERVAL": 0,
                "EVENTS_PRUNE_INTERVAL": 0, "DABANG_CLOCK_INTERVAL": 5}
    assert build_scheduler(db, {**settings, "DABANG_CLOCK_INTERVAL": 0},
                           BackgroundScheduler(timezone="UTC")).get_job("dabang_clock") is None
    assert build_scheduler(db, settings, BackgroundScheduler(timezone="UTC")).get_job("dabang_clock") is not None
