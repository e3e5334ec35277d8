"""A 打棒 table on the floor: its current match (the newest at the table) as the players at the table see it.

The tile shows the seats' names, the teams and their levels, the deal under way (its number and phase, the
打家, trump, the trick being played and the points taken), the time left on the match clock and whether the
match has gone stale. It is cut from the public view of the match (services.dabang.views, `hidden=False`),
the one a display reads, so no seat's hand and no hidden bottom can reach the floor, whoever reads it (the
floor is a wall screen as often as a pit boss's own).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from sqlalchemy.orm import Session

from roadsvc.domain.monitoring.floor import DEALING, ENDING, IDLE, LEFT, STALE, Clock, seconds_since
from roadsvc.persistence import dabang as rows
from roadsvc.persistence.models import DabangMatch, Table
from roadsvc.services.dabang.matches import read


def floor_figures(session: Session, table: Table, now: datetime, stale_after_seconds: float) -> dict[str, Any]:
    """The tile: `status` (idle, dealing, ending: past the time limit, stale: no move for the threshold) and
    the current `match` (None at a table that never had one)."""
    row = rows.newest_match(session, table.id)
    if row is None:
        return {"status": IDLE, "match": None}
    view = read(session, row, now, hidden=False)
    return {"status": match_status(row, view, now, stale_after_seconds), "match": tile_match(row, view)}


def lobby_figures(session: Session, table_id: int, now: datetime) -> dict[str, Any]:
    """What a 打棒 table's lobby row adds: its current `match` as the tile shows it, less what moves with the
    clock (the row is cached by the match's revision); `match` is None at a table that never had one."""
    row = rows.newest_match(session, table_id)
    if row is None:
        return {"match": None}
    match = tile_match(row, read(session, row, now, hidden=False))
    return {"match": {name: value for name, value in match.items() if name not in CLOCK_FIELDS}}


CLOCK_FIELDS = ("time_left_seconds", "seconds_since_last_move")  # a lobby row leaves them to the reader's clock;
# the floor gives them at its moment (domain.monitoring.floor.Clock)


def match_status(row: DabangMatch, view: dict[str, Any], now: datetime, stale_after_seconds: float) -> str:
    if row.ended_at is not None:
        return IDLE
    if seconds_since(row.last_move_at, now) > stale_after_seconds:
        return STALE
    return ENDING if view["time_left_seconds"] == 0 else DEALING


def ends_at(view: dict[str, Any]) -> datetime:
    return datetime.fromisoformat(view["ends_at"])


def tile_match(row: DabangMatch, view: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": view["id"], "players": view["players"], "teams": view["teams"], "levels": view["levels"],
        "holder": view["holder"], "dealer_seat": view["dealer_seat"], "trump": view["trump"],
        "level_card": view["level_card"], "deal": tile_deal(view["current_deal"]), "deals_done": len(view["deals"]),
        "started_at": view["started_at"], "ends_at": view["ends_at"],
        "time_left_seconds": None if view["time_left_seconds"] is None else Clock(ends_at(view), LEFT),
        "winner": view["winner"], "reason": view["reason"], "revision": view["revision"],
        "last_move_at": row.last_move_at.isoformat(), "seconds_since_last_move": Clock(row.last_move_at),
        "tournament": view["tournament"],
    }


def tile_deal(deal: dict[str, Any] | None) -> dict[str, Any] | None:
    """The deal under way: number, phase, 打家, trump, whose turn, the trick (its number in the deal and the
    plays made in it so far) and the points each team has taken."""
    if deal is None:
        return None
    trick = None
    if deal["phase"] == "playing":
        current = deal.get("current_trick") or {"plays": []}
        trick = {"number": deal["tricks_played"] + 1, "plays": len(current["plays"])}
    return {"number": deal["number"], "phase": deal["phase"], "dealer_seat": deal["dealer_seat"],
            "trump": deal["trump"], "turn": deal.get("turn"), "trick": trick, "points": deal.get("points")}


def status_turns(figures: dict[str, Any], now: datetime, settings) -> list[datetime]:
    """When the tile's status can turn by the clock alone: stale after the last move, ending in the time
    limit's last second; an ended match never."""
    match = figures["match"]
    if match is None or figures["status"] == IDLE:
        return []
    return [datetime.fromisoformat(match["last_move_at"]) + timedelta(seconds=settings["stale_after_seconds"]),
            datetime.fromisoformat(match["ends_at"]) - timedelta(seconds=1)]


def figures_version(figures: dict[str, Any]) -> tuple:
    """What names a tile's state apart from the clock (the floor's ETag takes it)."""
    match = figures["match"]
    return (figures["status"], match and (match["id"], match["revision"]))
