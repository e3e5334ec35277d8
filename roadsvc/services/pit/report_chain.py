"""The record chain's head as a stored report keeps it (issue 43): {"sequence": n, "digest": hex, "at": when the
link was appended}, printed on the report's PDF so a printed report can be checked against the database years
later (docs/records.md, "An auditor with a printed report"); None while the chain is empty.

The head printed never binds a card hidden when it is printed: it is the newest link before the first link of
every game in play then (a held hand, a 百人牛牛 round with a closed fourth card, an 打棒 deal under way), read
with those games in one snapshot. A printed digest is public, and a link's digest hashes its row with every row
before it: a head at or after a hidden card's link would let that card be found by trying each of the few it
can be. Each game says which of its records hide cards now (its recall's `hidden_records`, gathered by
roadsvc.services.recall.hidden_records)."""

from __future__ import annotations

from typing import Any

from roadsvc.persistence.engine import Database
from roadsvc.services import recall
from roadsvc.services.records import chain


def chain_head(db: Database) -> dict[str, Any] | None:
    with db.consistent_read() as session:
        head = chain.head_before(session, recall.hidden_records(session))
    return None if head is None else {"sequence": head.seq, "digest": head.digest, "at": head.at.isoformat()}
