"""Tournaments: a knockout drawn at random, matches created from its slots, winners advanced."""

from __future__ import annotations

import secrets
from datetime import datetime

from sqlalchemy.orm import Session

from roadsvc.domain.dabang.seats import TEAMS
from roadsvc.domain.dabang.tournament import Bracket, Slot, draw_bracket
from roadsvc.domain.errors import DomainError
from roadsvc.persistence import dabang as rows
from roadsvc.persistence.engine import Database
from roadsvc.persistence.events import append_event
from roadsvc.persistence.models import DabangMatch, DabangTournament, utcnow
from roadsvc.services.dabang.matches import check_time_limit, insert_match, read
from roadsvc.services.errors import Conflict, NotFound


def check_teams(teams) -> list[dict]:
    """2-128 teams of two players (the API's schema types them); no team and no player twice (names compared
    without case or surrounding spaces): 422 duplicate_team, duplicate_player, naming the second."""
    if not isinstance(teams, list) or len(teams) < 2 or len(teams) > 128:
        raise DomainError("invalid_teams", "a knockout takes 2-128 teams", "teams")
    checked, names, players_seen = [], {}, {}
    for index, team in enumerate(teams):
        field = f"teams[{index}]"
        if not isinstance(team, dict) or not isinstance(team.get("name"), str) or not team["name"].strip():
            raise DomainError("invalid_teams", "each team has a name", f"{field}.name")
        players = team.get("players")
        if not isinstance(players, list) or len(players) != 2 or not all(isinstance(p, str) and p.strip()
                                                                        for p in players):
            raise DomainError("invalid_teams", "each team is two players", f"{field}.players")
        team_name = team["name"].strip()
        _once(names, team_name, index, "duplicate_team", f"{field}.name", "team")
        for place, player in enumerate(players):
            _once(players_seen, player.strip(), index, "duplicate_player", f"{field}.players[{place}]", "player")
        checked.append({"name": team_name, "players": [p.strip() for p in players]})
    return checked


def _once(seen: dict, name: str, index: int, code: str, field: str, what: str) -> None:
    key = name.casefold()
    if key in seen:
        raise DomainError(code, f"the {what} {name!r} is already in the draw (team {seen[key] + 1})", field)
    seen[key] = index


def create_tournament(db: Database, name, teams, shuffle=None) -> dict:
    if not isinstance(name, str) or not name.strip() or len(name) > 100:
        raise DomainError("invalid_name", "a tournament's name is 1-100 characters", "name")
    teams = check_teams(teams)
    order = list(range(len(teams)))
    (shuffle or secrets.SystemRandom().shuffle)(order)
    bracket = draw_bracket(order)
    with db.write() as session:
        row = DabangTournament(name=name.strip(), teams=teams, draw_order=order, bracket=bracket_json(bracket),
                               revision=1)
        session.add(row)
        session.flush()
        append_event(session, "dabang", table_id=None, revision=row.revision,
                     data={"kind": "tournament_drawn", "tournament_id": row.id})
        return tournament_view(row)


def list_tournaments(db: Database, state: str | None, after: int, limit: int) -> dict:
    """A page of tournaments, newest first; `state` open (no champion yet) or finished."""
    with db.read() as session:
        found = []
        for row in rows.tournaments_before(session, after):
            champion = bracket_of(row).champion
            if state is None or (state == "finished") == (champion is not None):
                found.append({"id": row.id, "name": row.name, "teams": len(row.teams), "created_at": row.created_at,
                              "champion": None if champion is None else row.teams[champion]["name"]})
            if len(found) == limit:
                break
    return {"tournaments": found, "next_after": found[-1]["id"] if len(found) == limit else None}


def get_tournament(db: Database, tournament_id: int) -> dict:
    with db.read() as session:
        return tournament_view(_tournament_or_404(session, tournament_id))


def _tournament_or_404(session: Session, tournament_id: int, *, for_update: bool = False) -> DabangTournament:
    row = rows.tournament_row(session, tournament_id, for_update=for_update)
    if row is None:
        raise NotFound("tournament_not_found", f"no tournament {tournament_id}", "tournament_id")
    return row


def create_slot_match(db: Database, tournament_id: int, round_number: int, index: int, table_id: int,
                      time_limit_minutes, now: datetime | None = None) -> dict:
    """A match for a bracket slot with both teams known: the first team in seats 1 and 3 (team A),
    the second in seats 2 and 4 (team B). Its end advances the winner."""
    now = now or utcnow()
    minutes = check_time_limit(time_limit_minutes)
    if isinstance(table_id, bool) or not isinstance(table_id, int):
        raise DomainError("invalid_table", "table_id is a table's id", "table_id")
    with db.write() as session:
        row = _tournament_or_404(session, tournament_id, for_update=True)
        bracket = bracket_of(row)
        slot = bracket.slot(round_number, index)
        if slot.winner is not None:
            raise Conflict("match_over", f"bracket match {round_number}/{index} is decided ({slot.how})", "slot")
        bracket.assign(round_number, index, 0)  # refuses a slot whose teams are unknown, or taken
        first, second = (row.teams[team] for team in slot.teams)
        players = {"1": first["players"][0], "2": second["players"][0], "3": first["players"][1],
                   "4": second["players"][1]}
        match = insert_match(session, table_id, players, minutes, now, (row.id, round_number, index))
        row.bracket = bracket_json(bracket.assign(round_number, index, match.id))
        row.revision += 1
        return read(session, match, now, hidden=False)


def match_ended(session: Session, match: DabangMatch) -> None:
    """A finished match of a bracket puts its winning team into the next round (same transaction); a match
    stopped without a winner leaves its slot waiting for a new match."""
    if match.tournament_id is None:
        return
    row = _tournament_or_404(session, match.tournament_id, for_update=True)
    bracket = bracket_of(row)
    if match.winner is None:
        row.bracket = bracket_json(bracket.release(match.bracket_round, match.bracket_index))
        row.revision += 1
        return
    slot = bracket.slot(match.bracket_round, match.bracket_index)
    winner = slot.teams[0 if match.winner == "A" else 1]
    row.bracket = bracket_json(bracket.advance(match.bracket_round, match.bracket_index, winner, match.reason))
    row.revision += 1


def bracket_json(bracket: Bracket) -> dict:
    return {"team_count": bracket.team_count,
            "rounds": [[{"round": s.round, "index": s.index, "teams": list(s.teams), "winner": s.winner,
                         "how": s.how, "match_id": s.match_id} for s in row] for row in bracket.rounds]}


def bracket_of(row: DabangTournament) -> Bracket:
    data = row.bracket
    rounds = tuple(tuple(Slot(s["round"], s["index"], tuple(s["teams"]), s["winner"], s["how"], s["match_id"])
                         for s in r) for r in data["rounds"])
    return Bracket(data["team_count"], rounds)


def tournament_view(row: DabangTournament) -> dict:
    bracket = bracket_of(row)
    def name(team):
        return None if team is None else row.teams[team]["name"]
    return {
        "id": row.id, "name": row.name, "teams": row.teams, "draw_order": row.draw_order, "revision": row.revision,
        "champion": name(bracket.champion),
        "rounds": [[{"round": s.round, "index": s.index, "teams": [name(t) for t in s.teams],
                     "team_indexes": list(s.teams), "winner": name(s.winner), "how": s.how, "match_id": s.match_id}
                    for s in r] for r in bracket.rounds],
        "seating": {"first_team": list(TEAMS["A"]), "second_team": list(TEAMS["B"])},
        "created_at": row.created_at.isoformat() if isinstance(row.created_at, datetime) else None,
    }


