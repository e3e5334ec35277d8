"""The audit trail of administrative changes (pitboss and admin)."""

from __future__ import annotations

from flask_smorest import Blueprint

from roadsvc.api.auth import requires
from roadsvc.services.capabilities import MONITOR
from roadsvc.api.context import database
from roadsvc.api.docs import error_responses
from roadsvc.api.schemas.audit import AdminAuditPageSchema, AdminAuditQuerySchema
from roadsvc.services import admin_audit

blp = Blueprint("audit", __name__, description="Who changed what, when: tables, keys, shoes")

RECORD_EXAMPLE = {
    "id": 41,
    "at": "2026-11-23T21:00:00+00:00",
    "kind": "table.updated",
    "actor": "pit 2 (key 7)",
    "key_id": 7,
    "table_id": 3,
    "subject": "table 3",
    "before": {"name": "Baccarat 8", "rule_set": "classic", "settings": {"difference_limit": "5000.00"}},
    "after": {"name": "Baccarat 8", "rule_set": "classic", "settings": {"difference_limit": "8000.00"}},
}


@blp.route("/audit", methods=["GET"])
@requires(MONITOR)
@blp.arguments(AdminAuditQuerySchema, location="query")
@blp.response(200, AdminAuditPageSchema, example={"items": [RECORD_EXAMPLE], "page": 1, "page_size": 20, "total": 1})
@error_responses(401, 403, 422)
def trail(query):
    """The audit trail

    Every administrative change, newest first: table created or updated (settings), key
    created, revoked or rotated, shoe opened, cut card, shoe closed, an alert about no shoe
    (a table's, a match's) acknowledged or resolved, a 打棒 match stopped; who (the key), when,
    and the state before and after. Filter by `table_id` and `kind`; `page` and
    `page_size` (at most 100) page it; `total` counts every matching record.
    """
    table_id, kind = query.get("table_id"), query.get("kind")
    page, page_size = query.get("page", 1), query.get("page_size", 20)
    records, total = admin_audit.trail(database(), table_id, kind, page, page_size)
    return {"items": records, "page": page, "page_size": page_size, "total": total}
