"""Alerts about a table (or a match) rather than a shoe, on SQLite and PostgreSQL: recorded by the
same `alerts.record`, one unresolved per (table, subject, code), their state changes in the
administrative audit trail (a shoe's stay in the shoe's audit log), their tallies restarting when
they resolve, and their stream events."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from roadsvc.domain.errors import DomainError
from roadsvc.domain.monitoring import INFO, WARNING, Finding, subjects
from roadsvc.persistence import alerts as repo
from roadsvc.persistence.models import AdminAuditRecord, Alert, AuditRecord, Event
from roadsvc.services import admin_audit, alerts, tables
from roadsvc.services.baccarat import audit as shoe_audit
from roadsvc.services.baccarat import shoes

LATE = Finding("late_slips", WARNING, "late", {"slips": ["a"]}, None, keep="slips")


def table_of(db, game="niuniu") -> int:
    return tables.create_table(db, "T", settings={}, game=game).id


def all_alerts(db, **filters):
    return alerts.find_alerts(db, filters, 0, 100)[0]


def test_a_table_alert_has_no_shoe_and_counts_its_sightings(db):
    table = table_of(db)
    with db.write() as session:
        alerts.record(session, table, subjects.TABLE, LATE)
    with db.write() as session:
        alerts.record(session, table, subjects.TABLE, LATE)
    [alert] = all_alerts(db)
    assert (alert.subject, alert.shoe_id, alert.table_id, alert.count) == ("table", None, table, 2)
    assert alert.details["slips"] == ["a", "a"]
    assert [a.id for a in all_alerts(db, subject="table")] == [alert.id] and all_alerts(db, subject="match:1") == []


def test_one_unresolved_alert_per_subject_so_a_match_and_its_table_each_have_theirs(db):
    table = table_of(db, "dabang")
    with db.write() as session:
        for subject in (subjects.TABLE, subjects.of("match", 5), subjects.of("match", 6), subjects.of("match", 5)):
            alerts.record(session, table, subject, LATE)
    assert sorted((a.subject, a.count) for a in all_alerts(db)) == [("match:5", 2), ("match:6", 1), ("table", 1)]


@pytest.mark.parametrize("subject", ["", "shoe", "shoe:0", "shoe:-1", "Table", "match:5 ", "x" * 41, 5, None])
def test_a_malformed_subject_is_refused_and_nothing_is_stored(db, subject):
    table = table_of(db)
    with pytest.raises(DomainError) as refused:
        with db.write() as session:
            alerts.record(session, table, subject, LATE)
    assert (refused.value.code, refused.value.field) == ("invalid_subject", "subject")
    assert all_alerts(db) == []


def test_a_table_alert_acknowledged_and_resolved_is_audited_in_the_admin_trail(db):
    table = table_of(db)
    with db.write() as session:
        alert_id = alerts.record(session, table, subjects.TABLE, LATE).id
    alerts.acknowledge(db, alert_id, "pit boss ann", "on it")
    alerts.resolve(db, alert_id, "pit boss ann", "dealer retrained")
    records, total = admin_audit.trail(db, table_id=table)
    kinds = [(r.kind, r.actor, r.subject, r.before["state"], r.after["state"], r.after["note"]) for r in records[:2]]
    assert total == 3 and records[2].kind == "table.created" and kinds == [
        ("alert.resolved", "pit boss ann", f"alert {alert_id} (table)", "acknowledged", "resolved", "dealer retrained"),
        ("alert.acknowledged", "pit boss ann", f"alert {alert_id} (table)", "open", "acknowledged", "on it")]
    assert admin_audit.trail(db, kind="alert.resolved")[1] == 1
    with db.read() as session:
        assert session.scalars(select(AuditRecord)).all() == []  # no shoe's log touched


def test_a_shoe_alert_keeps_its_shoe_audit_and_stays_out_of_the_admin_trail(db):
    table = table_of(db, "baccarat")
    shoe = shoes.open_shoe(db, table, 8)
    with db.write() as session:
        alert = alerts.record(session, table, subjects.shoe(shoe.id), Finding("corrections", INFO, "c", {}, 4))
        assert (alert.subject, alert.shoe_id) == (f"shoe:{shoe.id}", shoe.id)
    alerts.resolve(db, alert.id, "pit boss", "fine")
    [entry] = shoe_audit.audit_log(db, shoe.id)
    assert (entry["action"], entry["hand_number"], entry["reason"]) == ("alert_resolved", 4, "fine")
    assert entry["after"] == {"alert_id": alert.id, "code": "corrections", "state": "resolved"}
    assert admin_audit.trail(db, kind="alert.resolved")[1] == 0


def test_a_table_tally_starts_again_when_its_alert_resolves_a_shoe_tally_does_not(db):
    table = table_of(db, "baccarat")
    shoe = shoes.open_shoe(db, table, 8)
    shoe_subject = subjects.shoe(shoe.id)
    with db.write() as session:
        for subject in (subjects.TABLE, shoe_subject):
            repo.bump_tally(session, table, subject, "late_slips")
            repo.bump_tally(session, table, subject, "late_slips")
        table_alert = alerts.record(session, table, subjects.TABLE, LATE).id
        shoe_alert = alerts.record(session, table, shoe_subject, LATE).id
    alerts.resolve(db, table_alert, "pit boss", "spoke to the game server's team")
    alerts.resolve(db, shoe_alert, "pit boss", "noted")
    with db.write() as session:
        assert repo.bump_tally(session, table, subjects.TABLE, "late_slips") == 1
        assert repo.bump_tally(session, table, shoe_subject, "late_slips") == 3


def test_a_table_alert_reaches_the_operators_stream_naming_its_subject(db):
    table = table_of(db)
    with db.write() as session:
        alerts.record(session, table, subjects.TABLE, LATE)
    with db.read() as session:
        [event] = session.scalars(select(Event).where(Event.type == "alert")).all()
        [row] = session.scalars(select(Alert)).all()
    assert (event.table_id, event.shoe_id, event.audience) == (table, None, "operators")
    assert (event.data["subject"], event.data["change"], event.data["alert_id"]) == ("table", "raised", row.id)
