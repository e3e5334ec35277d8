"""What the pit boss's page shows of a niuniu table: its newest rounds (as readers see them), the trend
road, the floor monitor's alerts about the table (newest first; none holds a card) and the rounds'
audit log (the pit boss may see the audit's cards; the page shows none: a leave names its account, a void
or correction its reason)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from roadsvc.persistence import niuniu as repo
from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import Alert
from roadsvc.services import alerts as alerts_service
from roadsvc.services.niuniu.round_views import public_round
from roadsvc.services.niuniu.tables import niuniu_table

RECENT_ROUNDS = 20


@dataclass(frozen=True)
class NiuniuTableDetail:
    table_id: int
    name: str
    revision: int
    rounds: list[dict[str, Any]]  # newest first
    late_slips: int
    audit: list[dict[str, Any]]
    alerts: list[Alert]


def niuniu_table_detail(db: Database, table_id: int) -> NiuniuTableDetail:
    with db.read() as session:
        table = niuniu_table(session, table_id)
        last = repo.last_round(session, table_id)
        first = 0 if last is None else max(0, last.number - RECENT_ROUNDS)
        rows = repo.rounds_page(session, table_id, first, RECENT_ROUNDS)
        state = repo.state_or_none(session, table_id)
        audit = [{"at": record.at, "round": record.round_number, "action": record.action, "actor": record.actor,
                  "reason": record.reason, "account_id": (record.after or {}).get("account_id")}
                 for record in repo.audit_of(session, table_id)]
        detail = (table.id, table.name, table.revision, [public_round(row) for row in reversed(rows)],
                  0 if state is None else state.late_slips, audit)
    found = alerts_service.in_floor_order(db, {"table_id": table_id})
    return NiuniuTableDetail(*detail, found)
