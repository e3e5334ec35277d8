"""Which tables play 打棒: a match is started only at one (a path with the table in its body, like a
tournament slot's match, is checked here; a path with `table_id` in its URL is checked by the API's
wrong_game guard as well)."""

from __future__ import annotations

from sqlalchemy.orm import Session

from roadsvc.persistence import dabang as rows
from roadsvc.persistence.models import Table
from roadsvc.services.errors import NotFound
from roadsvc.services.games import WrongGame

GAME = "dabang"


def check_dabang_table(session: Session, table_id: int) -> Table:
    table = rows.table_row(session, table_id)
    if table is None:
        raise NotFound("table_not_found", f"no table {table_id}", "table_id")
    if table.game != GAME:
        raise WrongGame(table_id, table.game)
    return table
