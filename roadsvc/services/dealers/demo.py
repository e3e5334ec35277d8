"""The demo's dealers (issue 45): five dealers on the roster, one at each demo table from the start, and a
rotation the jobs process steps on the demo's interval: every ROTATE_EVERY steps one table's dealer is
relieved by one on a break (the way a floor rotates its dealers), so a new user sees dealer changes on the
table pages, each dealer's figures on the dealers page and the `dealer_changed` events."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from roadsvc.persistence.engine import Database
from roadsvc.services.admin_audit import Actor
from roadsvc.services.dealers import registry
from roadsvc.services.errors import ServiceError

DEMO_DEALERS = (("DEMO-01", "Chan Mei Ling"), ("DEMO-02", "Ho Ka Wai"), ("DEMO-03", "Lam Siu Fong"),
                ("DEMO-04", "Wong Siu Ming"), ("DEMO-05", "Leong Wai Kei"))
ROTATE_EVERY = 20  # steps: at the demo's 3 s, a table's dealer changes about once a minute
DEMO_ACTOR = Actor("roadsvc demo")


def ensure_demo_dealers(db: Database, table_ids: list[int]) -> None:
    """The demo dealers on the roster, and a dealer at each demo table that has none."""
    known = {dealer.badge: dealer for dealer in registry.list_dealers(db)}
    for badge, name in DEMO_DEALERS:
        if badge not in known:
            registry.register(db, badge, name, DEMO_ACTOR)
    dealers = registry.list_dealers(db)
    free = [d.badge for d in dealers if d.table_id is None and d.badge.startswith("DEMO-")]
    for table_id in table_ids:
        now, _ = registry.table_dealer(db, table_id)
        if now is None and free:
            registry.change_dealer(db, table_id, free.pop(0), DEMO_ACTOR)


@dataclass
class DealerRotation:
    db: Database
    table_ids: list[int]
    rng: random.Random = field(default_factory=random.Random)
    steps: int = 0

    def step(self) -> str:
        self.steps += 1
        if self.steps % ROTATE_EVERY:
            return "no change"
        on_break = [d.badge for d in registry.list_dealers(self.db) if d.table_id is None and d.badge.startswith("DEMO-")]
        if not on_break:
            return "no dealer on a break"
        table_id, badge = self.rng.choice(self.table_ids), self.rng.choice(on_break)
        try:
            registry.change_dealer(self.db, table_id, badge, DEMO_ACTOR)
        except ServiceError as error:
            return f"table {table_id}: no change ({error.code})"
        return f"table {table_id}: dealer {badge} takes over"
