"""The deal's use cases: post the draw, declare, end declaring, bury, bury jokers, play.

Each is one transaction: the match row locked, its state replayed (or taken from the cache at
its revision), the move checked by the domain (a refused move raises and writes nothing), the
move stored, what a finished deal leaves written on the deal and match rows, the revision bumped,
and one `dabang` event carrying only what the table sees.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Callable

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from roadsvc.domain.dabang.match import Match
from roadsvc.domain.dabang.moves import apply_move
from roadsvc.domain.dabang.road import deal_entry
from roadsvc.domain.errors import DomainError
from roadsvc.persistence import dabang as rows
from roadsvc.persistence.dealers import registry as dealers_repo
from roadsvc.persistence.engine import Database
from roadsvc.persistence.events import NewEvent, append_events
from roadsvc.persistence.models import DabangDeal, DabangMatch, DabangMove, utcnow
from roadsvc.services import admin_audit
from roadsvc.services.admin_audit import Actor, check_reason
from roadsvc.services.dabang import monitor, replay, tournaments
from roadsvc.services.dabang.answers import answer_for
from roadsvc.services.dabang.matches import match_or_404, read
from roadsvc.services.errors import Conflict, NotFound

CONFLICTS = {"wrong_phase", "match_over", "deal_in_progress"}  # the state refuses it (409), not the input (422)


def refused_by_state(error: DomainError) -> Exception:
    return Conflict(error.code, error.message, error.field) if error.code in CONFLICTS else error


def post_deal(db: Database, match_id: int, draw_codes, first_drawer, now: datetime | None = None) -> dict:
    """A new deal from its draw: 201 with its number. After the time limit, between deals, the match
    ends instead when the levels differ (409 match_over, the end committed)."""
    now = now or utcnow()
    with db.write() as session:
        match = match_or_404(session, match_id, for_update=True)
        check_open(match)
        state, database = replay.state(session, match), replay.database_of(session)
        timed = state.time_up(now)
        if timed.over:
            _ended(session, match, timed, now)
            revision = _committed(session, match, timed, now, ending(match))
            after, answer = timed, None
        else:
            after = _checked(lambda: state.start_deal(replay.new_draw(draw_codes, first_drawer)))
            start = after.current.start
            session.add(DabangDeal(match_id=match.id, number=start.number, first_drawer=first_drawer,
                                   draw=[card.code for card in after.current.draw.cards], started_at=now,
                                   dealer_id=dealers_repo.dealer_at(session, match.table_id, now)))
            answer = {"match_id": match.id, "number": start.number, "first_drawer": first_drawer,
                      "dealer_seat": start.dealer_seat, "level": start.level, "blood": start.blood}
            revision = _committed(session, match, after, now, {"kind": "deal", **answer})
    replay.remember(replay.key_of(database, match_id, after.started_at, revision), after)
    if answer is None:
        raise Conflict("match_over", f"the time limit has passed: {timed.outcome}", None)
    return answer


def make_move(db: Database, match_id: int, number: int, kind: str, data: dict[str, Any], actor: str,
              now: datetime | None = None) -> dict:
    """One move of deal `number` (which must be the deal under way). A refused play changes nothing in the
    match; it is then recorded for the floor monitor in a transaction of its own (refused_plays)."""
    now = now or utcnow()
    try:
        return _move(db, match_id, number, kind, data, actor, now)
    except (DomainError, Conflict) as error:
        if kind == "play":
            monitor.play_refused(db, match_id, number, data, error, now)
        raise


def _move(db: Database, match_id: int, number: int, kind: str, data: dict[str, Any], actor: str,
          now: datetime) -> dict:
    with db.write() as session:
        match = match_or_404(session, match_id, for_update=True)
        deal = _current_deal(session, match, number)
        state, database = replay.state(session, match), replay.database_of(session)
        after = _checked(lambda: apply_move(state, kind, data, now))
        seq = session.scalar(select(func.coalesce(func.max(DabangMove.seq), 0)).where(DabangMove.deal_id == deal.id))
        session.add(DabangMove(deal_id=deal.id, seq=seq + 1, kind=kind, seat=data.get("seat"), data=data,
                               actor=actor, at=now))
        if after.current is None:
            _deal_over(session, match, deal, after, now)
        answer = answer_for(kind, state, after)
        revision = _committed(session, match, after, now, {"kind": kind, "number": number, **answer})
    replay.remember(replay.key_of(database, match_id, after.started_at, revision), after)
    return answer


def end_due(db: Database, now: datetime | None = None) -> list[int]:
    """The jobs' pass: end every match whose time limit has passed, between deals, at different levels."""
    now = now or utcnow()
    with db.read() as session:
        due = [match.id for match in rows.open_matches(session) if replay.state(session, match).time_up(now).over]
    ended = []
    for match_id in due:
        with db.write() as session:
            match = match_or_404(session, match_id, for_update=True)
            timed, database = replay.state(session, match).time_up(now), replay.database_of(session)
            if match.ended_at is not None or not timed.over:
                continue
            _ended(session, match, timed, now)
            revision = _committed(session, match, timed, now, ending(match))
        replay.remember(replay.key_of(database, match_id, timed.started_at, revision), timed)
        ended.append(match_id)
    return ended


def _checked(move: Callable[[], Match]) -> Match:
    try:
        return move()
    except DomainError as error:
        raise refused_by_state(error) from None


def check_open(match: DabangMatch) -> None:
    """Every move on a finished match (won, or stopped) is 409 match_over."""
    if match.ended_at is not None:
        won = f"team {match.winner} won" if match.winner else "no winner"
        raise Conflict("match_over", f"the match is over: {won} ({match.reason})", None)


def _current_deal(session: Session, match: DabangMatch, number: int) -> DabangDeal:
    check_open(match)
    deal = rows.deal_row(session, match.id, number)
    if deal is None:
        raise NotFound("deal_not_found", f"match {match.id} has no deal {number}", "number")
    if number != match.deals_done + 1:
        raise Conflict("deal_over", f"deal {number} is over; moves go to the deal under way", "number")
    return deal


def _deal_over(session: Session, match: DabangMatch, deal: DabangDeal, after: Match, now: datetime) -> None:
    """Write what the finished deal leaves: its road entry, and the match's levels, next 打家 and blood."""
    deal.result = deal_entry(after.deals[-1])
    match.level_a, match.level_b = after.level_pair
    match.dealer_seat, match.next_blood, match.deals_done = after.dealer_seat, after.next_blood, after.next_number - 1
    if after.over:
        _ended(session, match, after, now)


def _ended(session: Session, match: DabangMatch, state: Match, now: datetime) -> None:
    match.winner, match.reason, match.ended_at = state.winner, state.reason, now
    tournaments.match_ended(session, match)


def ending(match: DabangMatch) -> dict:
    """The `match_ended` event's own fields (beside the match, levels, winner and reason of every event)."""
    return {"kind": "match_ended", "tournament_id": match.tournament_id}


def _committed(session: Session, match: DabangMatch, after: Match, now: datetime, data: dict) -> int:
    """The revision bumped and the event of the change (what the table sees, nothing hidden); a change that
    ends the match (a deal's last play, the time limit, a pit boss) is followed by `match_ended`."""
    match.last_move_at = now
    revision = rows.bump_revision(session, match)
    common = {"match_id": match.id, "levels": after.levels, "winner": after.winner, "reason": after.reason}
    events = [NewEvent("dabang", match.table_id, revision=revision, data={**common, **data})]
    if after.over and data["kind"] != "match_ended":
        events.append(NewEvent("dabang", match.table_id, revision=revision, data={**common, **ending(match)}))
    append_events(session, events)
    return revision


def stop_match(db: Database, match_id: int, reason, winner: str | None, actor: Actor,
               now: datetime | None = None) -> dict:
    """A pit boss ends a match that must stop, saying why (audited: `match.stopped`); the deal under way is
    abandoned; a bracket match with a winner named advances it, without one its slot waits for a new match."""
    now = now or utcnow()
    note = check_reason(reason)
    with db.write() as session:
        match = match_or_404(session, match_id, for_update=True)
        check_open(match)
        state, database = replay.state(session, match), replay.database_of(session)
        stopped = _checked(lambda: state.stop(winner))
        _ended(session, match, stopped, now)
        admin_audit.record(session, "match.stopped", actor, f"match {match.id}", match.table_id,
                           {"levels": state.levels, "deal": state.next_number if state.current else None},
                           {"winner": winner, "reason": stopped.reason, "note": note})
        revision = _committed(session, match, stopped, now, {**ending(match), "note": note})
        answer = read(session, match, now, hidden=False)
    replay.remember(replay.key_of(database, match_id, stopped.started_at, revision), stopped)
    return answer
