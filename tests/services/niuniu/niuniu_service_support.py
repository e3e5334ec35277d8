"""A niuniu table for the service tests, with its settings, and rounds played on it."""

from __future__ import annotations

from niuniu_support import by_order
from roadsvc.services import tables
from roadsvc.services.niuniu import rounds

LIMITS = {"min": "1.00", "max": "500.00", "total": "800.00"}


def niuniu_table(db, name: str = "Niu", **settings) -> int:
    return tables.create_table(db, name, settings={"niuniu": {"area_limits": LIMITS, **settings}}, game="niuniu").id


def post(db, table_id: int, number: int) -> dict:
    return rounds.post_round(db, table_id, rounds.parse_posted_round(by_order(number)), number).round


def settle(db, table_id: int, number: int) -> dict:
    post(db, table_id, number)
    return rounds.open_round(db, table_id, number, None)
