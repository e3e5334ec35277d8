"""The demo: a table with an open shoe, fresh keys, and a dealer that deals real shoes.

The dealer deals an 8-deck shoe with the domain's rules (burn, third-card rules, the cut
card about a deck from the end) and posts it hand by hand through the same use cases as
the API, so the roads on a display move as they would at a live table.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from sqlalchemy import select

from roadsvc.domain.baccarat.dealing.shoe import DealtShoe, deal_shoe
from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import ApiKey, Shoe, Table, utcnow
from roadsvc.services import tables
from roadsvc.services.baccarat import hands, shoes
from roadsvc.services.keys import ROLES, create_key

DEMO_KEY_PREFIX = "demo "


def ensure_demo_table(db: Database, name: str) -> tuple[Table, Shoe]:
    """The demo table (created if missing) and its open shoe (opened if none is)."""
    with db.read() as session:
        table = session.scalars(select(Table).where(Table.name == name)).first()
    if table is None:
        table = tables.create_table(db, name, "classic")
    current = [s for s in shoes.list_shoes(db, table.id) if s.status == "open"]
    shoe = current[0].shoe if current else shoes.open_shoe(db, table.id)
    return table, shoe


def fresh_demo_keys(db: Database, table_id: int) -> dict[str, str]:
    """New demo keys for every role (the dealer's bound to the demo table); older demo keys are revoked."""
    with db.write() as session:
        for key in session.scalars(select(ApiKey).where(ApiKey.name.startswith(DEMO_KEY_PREFIX), ApiKey.revoked_at.is_(None))):
            key.revoked_at = utcnow()
    return {
        role: create_key(db, role, DEMO_KEY_PREFIX + role, table_id if role == "dealer" else None)[1] for role in ROLES
    }


@dataclass
class DemoDealer:
    """Deals shoes into a table one hand per `step()`; a finished shoe is followed by a new one."""

    db: Database
    table_id: int
    rng: random.Random = field(default_factory=random.Random)
    shoe_id: int | None = None
    dealt: DealtShoe | None = None
    next_index: int = 0
    shoes_finished: int = 0

    def step(self) -> str:
        """Post the next hand (opening a shoe first if needed); returns what happened."""
        if self.dealt is None or self.next_index >= len(self.dealt.hands):
            return self._new_shoe()
        index, hand = self.next_index, self.dealt.hands[self.next_index]
        note = ""
        if index == len(self.dealt.hands) - 1:
            shoes.mark_cut_card(self.db, self.table_id, self.shoe_id)
            note = " (cut card out: last hand)"
        posted = hands.post_hand(self.db, self.table_id, hand, index + 1)
        self.next_index += 1
        if self.next_index == len(self.dealt.hands):
            self.shoes_finished += 1
        return f"hand {posted.number}: {posted.result}{note}"

    def abandon_shoe(self) -> None:
        """Forget the shoe being dealt: the next step opens a new one."""
        self.dealt = None

    def _new_shoe(self) -> str:
        self.dealt = deal_shoe(self.rng)
        self.next_index = 0
        shoe = shoes.open_shoe(self.db, self.table_id, burn_card=self.dealt.burn_card.code)
        self.shoe_id = shoe.id
        return f"shoe {shoe.number} opened: burn card {shoe.burn_card}, {shoe.burn_count} burned, {len(self.dealt.hands)} hands to deal"
