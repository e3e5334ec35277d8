"""A round's betting window at a 百人牛牛 table: read while it takes bets, closed by a dealer or at its
deadline (roadsvc.domain.niuniu.betting).

The window opens with the round's first slip (services.niuniu.slips). The jobs process's clock pass
(`close_due`, run with the floor monitor's pass) closes each window whose deadline passed and writes
the `round` event `betting_closed`; slips are judged on the server's clock whether or not it has run.
A dealer's close (`close_betting`) is final for the round; the cards posted close it too.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from roadsvc.domain.niuniu.betting import DEADLINE, DEALER, BettingWindow, betting_view, open_window
from roadsvc.persistence import niuniu as repo
from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import NiuniuTableState, utcnow
from roadsvc.domain.niuniu.rounds import SETTLED, VOIDED
from roadsvc.services.errors import Conflict, NotFound
from roadsvc.services.niuniu.state import betting_of, store_betting
from roadsvc.services.niuniu.tables import changed, niuniu_table, settings_of


def betting_round(session: Session, table_id: int, now: datetime) -> dict[str, Any] | None:
    """The round taking bets (its window opened, no cards yet) as any reader sees it, or None."""
    window = betting_of(repo.state_or_none(session, table_id))
    if window is None or repo.round_at(session, table_id, window.round) is not None:
        return None
    return betting_view(window, now)


def close_betting(db: Database, table_id: int, number: int, now: datetime | None = None) -> dict[str, Any]:
    """A dealer closes betting on round `number` (the round bets are taken on); again: the same answer."""
    now = now or utcnow()
    with db.write() as session:
        table = niuniu_table(session, table_id, for_update=True)
        if repo.round_at(session, table_id, number) is not None:
            raise Conflict("round_dealt", f"round {number}'s cards are posted: its betting closed with them",
                           "number")
        last = repo.last_round(session, table_id)
        if number != (1 if last is None else last.number + 1):
            raise NotFound("round_not_found", f"table {table_id} takes no bets on round {number}", "number")
        if last is not None and last.status not in (SETTLED, VOIDED):
            raise Conflict("round_not_open", f"round {last.number} is not settled yet", "number")
        state = repo.state(session, table_id, for_update=True)
        window = betting_of(state, number) or open_window(number, now, settings_of(table).betting_seconds)
        if window.closed_by is None:
            window = window.close(now, DEALER if window.closed(now) is None else DEADLINE)
            _store_closed(session, table_id, state, window, now)
        return betting_view(window, now)


def close_due(db: Database, now: datetime | None = None) -> int:
    """Close every window whose deadline passed (the clock pass); returns how many it closed."""
    now = now or utcnow()
    with db.read() as session:
        due = [state.table_id for state in repo.states_with_betting(session)
               if _due(BettingWindow.from_dict(state.betting), now)]
    return sum(_close_at_deadline(db, table_id, now) for table_id in due)


def _due(window: BettingWindow | None, now: datetime) -> bool:
    return window is not None and window.closed_by is None and window.closed(now) == DEADLINE


def _close_at_deadline(db: Database, table_id: int, now: datetime) -> int:
    with db.write() as session:
        niuniu_table(session, table_id, for_update=True)
        state = repo.state(session, table_id, for_update=True)
        window = betting_of(state)
        if not _due(window, now) or repo.round_at(session, table_id, window.round) is not None:
            return 0
        _store_closed(session, table_id, state, window.close(now, DEADLINE), now)
        return 1


def _store_closed(session: Session, table_id: int, state: NiuniuTableState, window: BettingWindow,
                  now: datetime) -> None:
    store_betting(state, window)
    changed(session, table_id, "round", {"action": "betting_closed", "round": betting_view(window, now)})
