"""Which tables play 打棒."""

from __future__ import annotations

from sqlalchemy.orm import Session

from roadsvc.persistence import dabang as rows
from roadsvc.persistence.models import Table
from roadsvc.services.errors import Conflict, NotFound

GAME = "dabang"


def check_dabang_table(session: Session, table_id: int) -> Table:
    table = rows.table_row(session, table_id)
    if table is None:
        raise NotFound("table_not_found", f"no table {table_id}", "table_id")
    game = table_game(table)
    if game != GAME:
        raise Conflict("wrong_game", f"table {table_id} plays {game}, not {GAME}", "table_id")
    return table


def table_game(table: Table) -> str:
    return table.game
