"""What the pit boss's pages show of 打棒: a table's current match, the matches played there and the floor
monitor's alerts at the table, one match in full (its deals, as the road has them, and its alerts), and the
tournaments with their brackets, each bracket match with the table it is played at.

Every match here is the public view (services.dabang.views, `hidden=False`): the pages never show a seat's
hand or a hidden bottom, though a pit boss's key may read them through the API (`GET /matches/{m}`). A page
is a screen in the pit, seen by more eyes than its reader's; the hands are for the API and the dealer.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select

from roadsvc.persistence import dabang as rows
from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import Alert, DabangMatch, DabangTournament, Table
from roadsvc.services import alerts as alerts_service
from roadsvc.services.dabang.matches import match_or_404, read_with_road
from roadsvc.services.dabang.monitor import subject_of
from roadsvc.services.dabang.tables import check_dabang_table
from roadsvc.services.dabang.tournaments import bracket_of, get_tournament, list_tournaments

TOURNAMENTS_SHOWN = 500


@dataclass(frozen=True)
class MatchSummary:
    id: int
    players: dict[str, str]
    started_at: datetime
    ended_at: datetime | None
    winner: str | None
    reason: str | None
    levels: dict[str, int]
    team_names: dict[str, str]  # "A", "B" -> the tournament team's name, else its players' ("Li · Zhao")


@dataclass(frozen=True)
class DabangTableDetail:
    table_id: int
    name: str
    match: dict[str, Any] | None  # the current (newest) match, as the players at the table see it
    road: dict[str, Any] | None  # the current match's road (services.dabang.matches.road_of)
    matches: list[MatchSummary]  # every match at the table, newest first
    alerts: list[Alert]  # the table's, newest first (none holds a card)


@dataclass(frozen=True)
class MatchDetail:
    table_id: int
    table_name: str
    match: dict[str, Any]
    road: dict[str, Any]
    alerts: list[Alert]  # the match's, newest first


def summary(row: DabangMatch, tournament: DabangTournament | None = None) -> MatchSummary:
    return MatchSummary(row.id, row.players, row.started_at, row.ended_at, row.winner, row.reason,
                        {"A": row.level_a, "B": row.level_b}, team_names(row, tournament))


def team_names(row: DabangMatch, tournament: DabangTournament | None) -> dict[str, str]:
    """What a page calls each team: a bracket match's teams by their names in the tournament (team A is the
    slot's first), any other match's by their players (seats 1 and 3 are team A)."""
    if tournament is not None:
        first, second = bracket_of(tournament).slot(row.bracket_round, row.bracket_index).teams
        return {"A": tournament.teams[first]["name"], "B": tournament.teams[second]["name"]}
    players = row.players
    return {"A": f"{players['1']} · {players['3']}", "B": f"{players['2']} · {players['4']}"}


def table_detail(db: Database, table_id: int, now: datetime) -> DabangTableDetail:
    with db.read() as session:
        table = check_dabang_table(session, table_id)
        played = rows.table_matches(session, table_id)
        current, road = read_with_road(session, played[0], now) if played else (None, None)
        cups = {row.tournament_id: session.get(DabangTournament, row.tournament_id) for row in played if row.tournament_id}
        found = (table.id, table.name, current, road, [summary(row, cups.get(row.tournament_id)) for row in played])
    return DabangTableDetail(*found, _alerts(db, {"table_id": table_id}))


def match_detail(db: Database, match_id: int, now: datetime) -> MatchDetail:
    with db.read() as session:
        row = match_or_404(session, match_id)
        table = rows.table_row(session, row.table_id)
        found = (table.id, table.name, *read_with_road(session, row, now))
    return MatchDetail(*found, _alerts(db, {"table_id": found[0], "subject": subject_of(match_id)}))


def _alerts(db: Database, filters: dict[str, Any]) -> list[Alert]:
    return alerts_service.in_floor_order(db, filters)


def tournaments(db: Database) -> list[dict[str, Any]]:
    """Every tournament, newest first: id, name, teams, champion (None while it is played)."""
    return list_tournaments(db, None, 0, TOURNAMENTS_SHOWN)["tournaments"]


def bracket(db: Database, tournament_id: int) -> dict[str, Any]:
    """The bracket as the API gives it, each slot's match with its table (`table_id`, `table_name`) and
    whether it is still played (`in_play`)."""
    found = get_tournament(db, tournament_id)
    with db.read() as session:
        matches = {row.id: row for row in rows.tournament_matches(session, tournament_id)}
        names = {table.id: table.name for table in session.scalars(
            select(Table).where(Table.id.in_({row.table_id for row in matches.values()})))}
    for slot in (slot for round_ in found["rounds"] for slot in round_):
        row = matches.get(slot["match_id"])
        slot["table_id"] = row and row.table_id
        slot["table_name"] = row and names.get(row.table_id)
        slot["in_play"] = row is not None and row.ended_at is None
    return found
