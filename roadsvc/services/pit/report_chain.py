"""The record chain's head as a stored report keeps it (issue 43): {"sequence": n, "digest": hex, "at": when the
link was appended}, printed on the report's PDF so a printed report can be checked against the database years
later (docs/records.md, "An auditor with a printed report"); None while the chain is empty."""

from __future__ import annotations

from typing import Any

from roadsvc.persistence.engine import Database
from roadsvc.services import records


def chain_head(db: Database) -> dict[str, Any] | None:
    head = records.chain_head(db)
    return None if head is None else {"sequence": head.seq, "digest": head.digest, "at": head.at.isoformat()}
