"""The demo's dealers (issue 45): `roadsvc demo setup`'s floor has a dealer at each demo table, and the jobs'
rotation relieves one table's dealer every ROTATE_EVERY steps with a dealer on a break."""

from __future__ import annotations

import random

from roadsvc.services.dealers import registry
from roadsvc.services.dealers.demo import ROTATE_EVERY, DealerRotation
from roadsvc.services.demo import ensure_demo_floor


def test_the_demo_floor_has_a_dealer_at_each_table_and_they_rotate(db):
    floor = ensure_demo_floor(db, "Demo Baccarat 1", random.Random(1))
    tables = [floor.baccarat.id, floor.niuniu.id, floor.dabang.id]
    at = {table: registry.table_dealer(db, table)[0]["badge"] for table in tables}
    assert len(set(at.values())) == 3 and all(badge.startswith("DEMO-") for badge in at.values())
    ensure_demo_floor(db, "Demo Baccarat 1", random.Random(1))  # again: nobody changes
    assert {table: registry.table_dealer(db, table)[0]["badge"] for table in tables} == at
    rotation = DealerRotation(db, tables, random.Random(3))
    said = [rotation.step() for _ in range(ROTATE_EVERY)]
    assert said[:-1] == ["no change"] * (ROTATE_EVERY - 1) and "takes over" in said[-1]
    after = {table: registry.table_dealer(db, table)[0]["badge"] for table in tables}
    assert sum(after[table] != at[table] for table in tables) == 1
