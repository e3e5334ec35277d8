"""A niuniu table in the lobby and on the floor: its phase, pace and last results, never a closed hand.

Both are built from the rounds' public views and the trend road (settled rounds only), so no path
here can show a fourth card or a type before its hand is opened. The shared lobby and floor call
`lobby_figures` and `floor_figures` for a niuniu table; both are cached by the table's revision.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from roadsvc.domain.monitoring.floor import STALE, Clock, pace_per_hour
from roadsvc.domain.niuniu.rounds import SETTLED, VOIDED
from roadsvc.domain.niuniu.trend import summary, trend_road
from roadsvc.persistence import niuniu as repo
from roadsvc.persistence.models import NiuniuAudit, NiuniuRound, Table
from roadsvc.services.niuniu.round_views import public_round, settled_round

DEALING_STATUS, IDLE = "dealing", "idle"


def lobby_figures(session: Session, table_id: int) -> dict[str, Any]:
    """What a niuniu table's lobby row adds: its current round's phase, its last results and trend summary."""
    last = repo.last_round(session, table_id)
    road = trend_road([settled_round(row) for row in repo.settled_rounds(session, table_id)])
    return {"round": None if last is None else {"number": last.number, "phase": last.status},
            "trend": summary(road)}


def floor_figures(session: Session, table: Table, now: datetime, stale_after_seconds: float,
                  closed_after_seconds: float | None = None) -> dict[str, Any]:
    """The floor tile: status, phase, pace (rounds an hour), voids, corrections, late slips, recent results.
    Its status agrees with the floor monitor's stale_table (services.niuniu.monitor): stale when the newest
    round has not moved for `stale_after_seconds`, idle before the first round and once the last round
    finished more than `closed_after_seconds` ago (the table closed for now)."""
    rows = list(session.scalars(select(NiuniuRound).where(NiuniuRound.table_id == table.id)
                                .order_by(NiuniuRound.number)))
    actions = [record.action for record in session.scalars(
        select(NiuniuAudit).where(NiuniuAudit.table_id == table.id))]
    state = repo.state_or_none(session, table.id)
    last = rows[-1] if rows else None
    since = None if last is None else Clock(last.updated_at)  # the floor gives its seconds at its moment
    return {
        "table": {"id": table.id, "name": table.name, "game": table.game},
        "status": _status(last, now, stale_after_seconds, closed_after_seconds),
        "round": None if last is None else public_round(last),
        "rounds": len(rows), "pace_per_hour": pace_per_hour([row.created_at for row in rows]),
        "seconds_since_last_round": since,
        "voids": actions.count("void"), "corrections": actions.count("correction"),
        "late_slips": 0 if state is None else state.late_slips,
        "refused_rounds": 0 if state is None else state.refused_rounds,
        "recent": summary(trend_road([settled_round(row) for row in rows if row.status == "settled"]))["areas"],
    }


def figures_version(figures: dict[str, Any]) -> tuple:
    """What names a tile's state apart from the clock (the floor's ETag takes it)."""
    current = figures["round"]
    return (current and (current["number"], current["phase"], tuple(current["opened"])), figures["rounds"],
            figures["voids"], figures["corrections"], figures["late_slips"], figures["refused_rounds"])


def status_turns(figures: dict[str, Any], now: datetime, settings) -> list[datetime]:
    """When the tile's status can turn by the clock alone (stale, then idle once finished long enough)."""
    since = figures["seconds_since_last_round"]
    if since is None:
        return []
    return [since.anchor + timedelta(seconds=settings["stale_after_seconds"]),
            since.anchor + timedelta(seconds=settings["closed_after_seconds"])]


def _status(last: NiuniuRound | None, now: datetime, stale_after_seconds: float,
            closed_after_seconds: float | None) -> str:
    if last is None:
        return IDLE
    idle = (now - last.updated_at).total_seconds()
    if closed_after_seconds is not None and last.status in (SETTLED, VOIDED) and idle > closed_after_seconds:
        return IDLE
    return STALE if idle > stale_after_seconds else DEALING_STATUS
