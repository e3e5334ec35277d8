"""A niuniu table for the service tests, its settings written as the table service stores them."""

from __future__ import annotations

from sqlalchemy import update

from niuniu_support import by_order
from roadsvc.persistence.models import Table
from roadsvc.services import tables
from roadsvc.services.niuniu import rounds

LIMITS = {"min": "1.00", "max": "500.00", "total": "800.00"}


def niuniu_table(db, name: str = "Niu", **settings) -> int:
    table = tables.create_table(db, name)
    with db.write() as session:
        session.execute(update(Table).where(Table.id == table.id).values(
            settings={"niuniu": {"area_limits": LIMITS, **settings}}))
    return table.id


def post(db, table_id: int, number: int) -> dict:
    return rounds.post_round(db, table_id, rounds.parse_posted_round(by_order(number)), number).round


def settle(db, table_id: int, number: int) -> dict:
    post(db, table_id, number)
    return rounds.open_round(db, table_id, number, None)
