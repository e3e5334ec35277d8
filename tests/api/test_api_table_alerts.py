"""Alerts about a table (no shoe) in the alerts API, on SQLite and PostgreSQL: listed beside the
shoes' with their subject, filtered by it, acknowledged and resolved the same way."""

from __future__ import annotations

from roadsvc.domain.monitoring import WARNING, Finding, subjects
from roadsvc.services import alerts


def table_alert(api, table_id: int) -> int:
    db = api.client.application.extensions["roadsvc.db"]
    with db.write() as session:
        return alerts.record(session, table_id, subjects.TABLE, Finding("late_slips", WARNING, "late", {})).id


def test_a_table_alert_is_listed_read_and_filtered_by_subject(api):
    table = api.post("/api/v1/tables", {"name": "Niu", "game": "niuniu"}, role="pitboss").json
    alert_id = table_alert(api, table["id"])
    listed = api.get("/api/v1/alerts", role="pitboss").json["alerts"]
    assert [(a["id"], a["table_id"], a["subject"], a["shoe_id"]) for a in listed] == [
        (alert_id, table["id"], "table", None)]
    assert api.get(f"/api/v1/alerts/{alert_id}", role="pitboss").json["subject"] == "table"
    assert api.get("/api/v1/alerts?subject=table", role="pitboss").json["total"] == 1
    assert api.get("/api/v1/alerts?subject=shoe:1", role="pitboss").json["total"] == 0
    bad = api.get("/api/v1/alerts?subject=shoe", role="pitboss")
    assert bad.status_code == 422 and bad.json["code"] and "subject" in str(bad.json)


def test_a_table_alert_is_acknowledged_and_resolved_like_any(api):
    table = api.post("/api/v1/tables", {"name": "Niu", "game": "niuniu"}, role="pitboss").json
    alert_id = table_alert(api, table["id"])
    done = api.post(f"/api/v1/alerts/{alert_id}/acknowledge", {"note": "on it"}, role="pitboss")
    assert done.status_code == 200 and done.json["state"] == "acknowledged" and done.json["subject"] == "table"
    done = api.post(f"/api/v1/alerts/{alert_id}/resolve", {"note": "fixed"}, role="pitboss")
    assert done.status_code == 200 and done.json["state"] == "resolved"
    again = api.post(f"/api/v1/alerts/{alert_id}/resolve", {"note": "fixed"}, role="pitboss")
    assert (again.status_code, again.json["code"]) == (409, "alert_resolved")
    trail = api.get(f"/api/v1/audit?table_id={table['id']}&kind=alert.resolved", role="admin")
    assert trail.status_code == 200, trail.json
    [record] = trail.json["items"]
    assert (record["kind"], record["after"]["note"], record["after"]["subject"]) == ("alert.resolved", "fixed", "table")
