"""The record chain's head as a stored report keeps it (issue 43): {"sequence": n, "digest": hex}, printed on
the report's PDF so a printed report can be checked against the database years later; None where the
record has no chain (`roadsvc.services.records`, the chain's module, not installed)."""

from __future__ import annotations

import importlib
from typing import Any

from roadsvc.persistence.engine import Database

CHAIN_MODULE = "roadsvc.services.records"


def chain_head(db: Database) -> dict[str, Any] | None:
    try:
        records = importlib.import_module(CHAIN_MODULE)
    except ModuleNotFoundError:
        return None
    return head_json(records.chain_head(db))


def head_json(head: Any) -> dict[str, Any] | None:
    """The head as JSON, from a mapping or an object with `sequence` and `digest` (None: an empty chain)."""
    if head is None:
        return None
    if isinstance(head, dict):
        return {"sequence": head["sequence"], "digest": head["digest"]}
    return {"sequence": head.sequence, "digest": head.digest}
