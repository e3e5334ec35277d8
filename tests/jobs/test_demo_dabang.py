"""The demo's 打棒 table (table 3) played move by move on the demo clock by the domain's legal-play bot, through
the same use cases as the API: every step one stored move, plays four to a trick, a deal scored on the road;
the floor never sees it stale; when the match ends (the time limit, a pit boss) the next step starts a new one."""

from __future__ import annotations

import random
from datetime import datetime, timedelta, timezone

from apscheduler.schedulers.background import BackgroundScheduler
from sqlalchemy import select

from roadsvc.config import load_settings
from roadsvc.jobs import build_scheduler
from roadsvc.domain.dabang.seats import team_of
from roadsvc.persistence.models import DabangDeal, DabangMatch, DabangMove, Event
from roadsvc.services.admin_audit import Actor
from roadsvc.services.dabang.moves import stop_match
from roadsvc.services.demo import DABANG_ACTOR, DabangDemoPlayer, ensure_demo_floor

START = datetime(2026, 11, 27, 12, 0, tzinfo=timezone.utc)
STEP = timedelta(seconds=3)  # the demo clock's interval


class Clock:
    def __init__(self):
        self.now = START

    def __call__(self) -> datetime:
        return self.now


def player(db, clock, seed=3) -> DabangDemoPlayer:
    floor = ensure_demo_floor(db, "Demo table", random.Random(1))
    assert floor.dabang.id == 3  # beside the baccarat (1) and 百人牛牛 (2) tables
    return DabangDemoPlayer(db, floor.dabang.id, random.Random(seed), clock)


def steps_until(bot: DabangDemoPlayer, clock: Clock, done, limit: int = 400) -> list[str]:
    said = []
    while not done() and len(said) < limit:
        clock.now += STEP
        said.append(bot.step())
    assert done(), said[-5:]
    return said


def newest_match(db, table_id: int = 3) -> int:
    with db.read() as session:
        return session.scalars(select(DabangMatch.id).where(DabangMatch.table_id == table_id)
                               .order_by(DabangMatch.id.desc())).first()


def match_row(db, match_id: int) -> DabangMatch:
    with db.read() as session:
        return session.get(DabangMatch, match_id)


def test_the_demo_match_is_played_move_by_move_to_a_scored_deal(db):
    clock = Clock()
    bot = player(db, clock)
    match_id = newest_match(db)
    said = steps_until(bot, clock, lambda: match_row(db, match_id).deals_done >= 1)
    assert not [line for line in said if "refused" in line], said  # every move legal
    with db.read() as session:
        moves = session.scalars(select(DabangMove).join(DabangDeal).where(DabangDeal.match_id == match_id)
                                .order_by(DabangMove.id)).all()
        deal = session.scalars(select(DabangDeal).where(DabangDeal.match_id == match_id)).first()
        events = session.scalars(select(Event).where(Event.type == "dabang")).all()
    assert len(said) == len(moves) + 1  # the draw, then one move a step
    assert {move.actor for move in moves} == {DABANG_ACTOR}
    assert [move.kind for move in moves][-1] == "play" and moves[0].kind in ("declaration", "trump")
    plays = [move for move in moves if move.kind == "play"]
    assert sum(len(move.data["cards"]) for move in plays) == 156 and len(plays) % 4 == 0  # four plays a trick
    result = deal.result
    assert result["number"] == 1 and result["holder"] in ("A", "B") and result["trick_points"] <= 300
    row = match_row(db, match_id)
    assert row.last_move_at == clock.now  # the floor's "seconds since the last move": one step at most
    kinds = [event.data["kind"] for event in events if event.data["match_id"] == match_id]
    assert kinds.count("play") == len(plays) and "deal" in kinds
    tricks = [event.data["trick"] for event in events if event.data["kind"] == "play" and "winner" in event.data["trick"]]
    assert len(tricks) == len(plays) // 4 and all(trick["winner"] in (1, 2, 3, 4) for trick in tricks)
    scorers = "B" if result["holder"] == "A" else "A"
    assert result["trick_points"] == sum(trick["points"] for trick in tricks if team_of(trick["winner"]) == scorers)


def test_when_the_demo_match_ends_the_next_step_starts_a_new_one(db):
    clock = Clock()
    bot = player(db, clock, seed=3)
    first = newest_match(db)
    steps_until(bot, clock, lambda: match_row(db, first).deals_done >= 1)
    ended = match_row(db, first)
    assert ended.level_a != ended.level_b  # this seed's first deal moved a level: the time limit can end it
    clock.now = ended.started_at + timedelta(minutes=91)  # past the limit, between deals
    said = bot.step()
    assert "match_over" in said and match_row(db, first).reason == "time_limit"
    clock.now += STEP
    said = bot.step()
    second = newest_match(db)
    assert second != first and said.startswith(f"match {second}: deal 1 drawn")
    assert match_row(db, second).started_at == clock.now and match_row(db, second).ended_at is None
    stop_match(db, second, "the demo reset by a pit boss", None, Actor("pitboss"), clock.now)  # ended by hand
    clock.now += STEP
    assert bot.step().startswith(f"match {second + 1}: deal 1 drawn")


def test_the_jobs_process_plays_the_demo_table_on_the_demo_clock(db):
    clock = Clock()
    settings = load_settings(overrides={"DEMO_DEAL_INTERVAL": 3, "DATABASE_URL": db.url, "MONITOR_INTERVAL": 0,
                                        "EVENTS_PRUNE_INTERVAL": 0, "TABLE_MODES_INTERVAL": 0,
                                        "ODDS_WATCH_INTERVAL": 0, "SHIFT_REPORT_INTERVAL": 0,
                                        "DABANG_CLOCK_INTERVAL": 0})
    job = build_scheduler(db, settings, BackgroundScheduler(timezone="UTC"), clock).get_job("demo_dabang_player")
    assert job.trigger.interval == STEP and job.max_instances == 1 and job.coalesce
    said = [job.func() for _ in range(3)]
    match_id = newest_match(db)
    assert said[0] == f"match {match_id}: deal 1 drawn from seat {said[0].split()[-1]}"
    assert all(line.startswith(f"match {match_id}, deal 1: ") for line in said[1:]), said
    assert match_row(db, match_id).last_move_at == START  # on the clock it was given
