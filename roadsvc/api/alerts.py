"""Alerts: list them (filters, paging), acknowledge and resolve them with a note (pit boss, admin)."""

from __future__ import annotations

from flask_smorest import Blueprint

from roadsvc.api.auth import requires
from roadsvc.services.capabilities import MONITOR
from roadsvc.api.context import database, principal
from roadsvc.api.docs import error_responses
from roadsvc.api.schemas.monitoring import AlertPageSchema, AlertSchema, AlertsQuerySchema, NoteSchema
from roadsvc.services import alerts

blp = Blueprint("alerts", __name__, description="Alerts raised by the floor monitor's rules")

ALERT_EXAMPLE = {
    "id": 41, "code": "refused_hands", "severity": "warning", "state": "open", "table_id": 3,
    "subject": "shoe:12", "shoe_id": 12,
    "hand_number": 31, "message": "1 hand(s) refused in this shoe; the last (impossible_card): KD would be card "
    "number 9 of its kind in hand 31; 8 decks hold 8",
    "details": {"refusals": 1, "critical_at": 3, "refused": [{"hand_number": 31, "code": "impossible_card",
                "message": "KD would be card number 9 of its kind in hand 31; 8 decks hold 8", "field": "cards",
                "input": {"cards": ["KD", "4S", "KD", "9C"]}}]},
    "raised_at": "2026-11-23T21:40:00+00:00", "last_seen_at": "2026-11-23T21:40:00+00:00", "count": 1,
    "acknowledged_by": None, "acknowledged_at": None, "acknowledged_note": None,
    "resolved_by": None, "resolved_at": None, "resolved_note": None,
}


@blp.route("/alerts", methods=["GET"])
@requires(MONITOR)
@blp.arguments(AlertsQuerySchema, location="query")
@blp.response(200, AlertPageSchema, example={"alerts": [ALERT_EXAMPLE], "page": 1, "page_size": 50, "total": 1,
                                             "pages": 1})
@error_responses(401, 403, 422)
def list_alerts(query):
    """List alerts

    Newest first; filter by state, severity, table_id, subject (`shoe:12`, `table`) and code; `page` and `page_size`
    (at most 200) page through them.
    """
    page, size = query.pop("page"), query.pop("page_size")
    found, total = alerts.find_alerts(database(), query, (page - 1) * size, size)
    return {"alerts": found, "page": page, "page_size": size, "total": total, "pages": -(-total // size)}


@blp.route("/alerts/<id:alert_id>", methods=["GET"])
@requires(MONITOR)
@blp.response(200, AlertSchema, example=ALERT_EXAMPLE)
@error_responses(401, 403, 404)
def get_alert(alert_id):
    """Read an alert"""
    return alerts.get_alert(database(), alert_id)


@blp.route("/alerts/<id:alert_id>/acknowledge", methods=["POST"])
@requires(MONITOR)
@blp.arguments(NoteSchema, example={"note": "watching table 3; surveillance told"})
@blp.response(200, AlertSchema, example={**ALERT_EXAMPLE, "state": "acknowledged"})
@error_responses(401, 403, 404, 409, 422)
def acknowledge(data, alert_id):
    """Acknowledge an alert

    Someone is on it: who, when and the note are kept on the alert and in the shoe's audit
    log (an alert about no shoe: in the administrative audit trail, `alert.acknowledged`).
    The alert keeps counting sightings until it is resolved.
    """
    return alerts.acknowledge(database(), alert_id, principal().actor, data["note"])


@blp.route("/alerts/<id:alert_id>/resolve", methods=["POST"])
@requires(MONITOR)
@blp.arguments(NoteSchema, example={"note": "reader recalibrated; shoe replaced"})
@blp.response(200, AlertSchema, example={**ALERT_EXAMPLE, "state": "resolved"})
@error_responses(401, 403, 404, 409, 422)
def resolve(data, alert_id):
    """Resolve an alert

    Closed, with who, when and the note (kept on the alert and in the shoe's audit log; an
    alert about no shoe: in the administrative audit trail, `alert.resolved`).
    The condition seen again afterwards raises a new alert.
    """
    return alerts.resolve(database(), alert_id, principal().actor, data["note"])
