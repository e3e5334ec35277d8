"""Starting a match at a 打棒 table, and reading it (as a player sees it, or with the hidden cards)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.orm import Session

from roadsvc.domain.errors import DomainError
from roadsvc.persistence import dabang as rows
from roadsvc.persistence.engine import Database
from roadsvc.persistence.events import append_event
from roadsvc.persistence.models import DabangMatch, utcnow
from roadsvc.services.dabang import replay, views
from roadsvc.services.dabang.tables import check_dabang_table
from roadsvc.services.errors import Conflict, NotFound

DEFAULT_TIME_LIMIT = 90


def check_players(players) -> dict[str, str]:
    if not isinstance(players, dict) or sorted(players) != ["1", "2", "3", "4"]:
        raise DomainError("invalid_players", "players names the four seats: {\"1\": name, ..., \"4\": name}", "players")
    for seat, name in players.items():
        if not isinstance(name, str) or not name.strip() or len(name) > 100:
            raise DomainError("invalid_players", "each player's name is 1-100 characters", f"players.{seat}")
    return {seat: players[seat].strip() for seat in sorted(players)}


def check_time_limit(minutes) -> int:
    if minutes is None:
        return DEFAULT_TIME_LIMIT
    if isinstance(minutes, bool) or not isinstance(minutes, int) or not 1 <= minutes <= 600:
        raise DomainError("invalid_time_limit", "time_limit_minutes is a whole number of minutes, 1-600",
                          "time_limit_minutes")
    return minutes


def create_match(db: Database, table_id: int, players, time_limit_minutes, now: datetime | None = None) -> dict:
    """A new match at the table: levels 3 and 3, the clock started."""
    now = now or utcnow()
    players, minutes = check_players(players), check_time_limit(time_limit_minutes)
    with db.write() as session:
        return read(session, insert_match(session, table_id, players, minutes, now), now, hidden=False)


def insert_match(session: Session, table_id: int, players: dict, minutes: int, now: datetime,
                 slot: tuple[int, int, int] | None = None) -> DabangMatch:
    """The match row and its event. `slot`: (tournament, round, index) of a bracket match."""
    check_dabang_table(session, table_id)
    check_table_free(session, table_id)
    match = DabangMatch(table_id=table_id, players=players, time_limit_minutes=minutes, started_at=now,
                        last_move_at=now, level_a=3, level_b=3, next_blood=0, deals_done=0, revision=1)
    if slot is not None:
        match.tournament_id, match.bracket_round, match.bracket_index = slot
    session.add(match)
    session.flush()
    append_event(session, "dabang", table_id=table_id, revision=match.revision,
                 data={"kind": "match_started", "match_id": match.id, "players": players,
                       "tournament_id": match.tournament_id})
    return match


def check_table_free(session: Session, table_id: int) -> None:
    """A table plays one match at a time: its unfinished match is 409 table_busy, naming it (`match_id`)."""
    rows.lock_table(session, table_id)
    busy = rows.open_match_at(session, table_id)
    if busy is not None:
        error = Conflict("table_busy", f"match {busy.id} is not finished at table {table_id}: it ends, or a pit boss "
                         "stops it, before another starts there", "table_id")
        error.details = {"match_id": busy.id}
        raise error


def get_match(db: Database, match_id: int, now: datetime | None = None, *, hidden: bool = False) -> dict:
    with db.read() as session:
        return read(session, match_or_404(session, match_id), now or utcnow(), hidden=hidden)


def match_or_404(session: Session, match_id: int, *, for_update: bool = False) -> DabangMatch:
    match = rows.match_row(session, match_id, for_update=for_update)
    if match is None:
        raise NotFound("match_not_found", f"no match {match_id}", "match_id")
    return match


def read(session: Session, match: DabangMatch, now: datetime, *, hidden: bool) -> dict:
    state = replay.state(session, match)
    return views.match_view(match, state, rows.deal_results(session, match.id), now, hidden=hidden)


def read_with_road(session: Session, match: DabangMatch, now: datetime) -> tuple[dict, dict]:
    """The match as the players at the table see it, and its road (the pages): its deals read once."""
    deals = rows.deal_results(session, match.id)
    return views.match_view(match, replay.state(session, match), deals, now, hidden=False), road_of(match, deals)


def road(db: Database, match_id: int) -> tuple[dict, int]:
    """The match road (one entry per finished deal) and the revision it is of."""
    with db.read() as session:
        match = match_or_404(session, match_id)
        return road_of(match, rows.deal_results(session, match.id)), match.revision


def road_of(match: DabangMatch, deals: list) -> dict:
    return {"match_id": match.id, "levels": {"A": match.level_a, "B": match.level_b}, "winner": match.winner,
            "reason": match.reason, "deals": deals}


def match_revision(db: Database, match_id: int) -> int:
    with db.read() as session:
        return match_or_404(session, match_id).revision




def table_matches(db: Database, table_id: int, state: str | None, after: int, limit: int) -> dict:
    """A page of the matches played at a 打棒 table, newest first (`state`: open or finished)."""
    with db.read() as session:
        check_dabang_table(session, table_id)
        found = rows.match_page(session, table_id, state, after, limit)
        return {"matches": [summary(row) for row in found],
                "next_after": found[-1].id if len(found) == limit else None}


def summary(row: DabangMatch) -> dict:
    """A match in a list: who, the levels, when, how it ended; no card."""
    return {"id": row.id, "table_id": row.table_id, "players": row.players,
            "levels": {"A": row.level_a, "B": row.level_b}, "deals_done": row.deals_done,
            "started_at": row.started_at, "ended_at": row.ended_at, "winner": row.winner, "reason": row.reason,
            "tournament": {"id": row.tournament_id, "round": row.bracket_round, "index": row.bracket_index}
            if row.tournament_id else None}
