"""Alerts: stored findings of the monitoring rules, and what pit bosses do with them.

An alert belongs to a table and is about a `subject` there (roadsvc.domain.monitoring.subjects):
`shoe:<id>` at a baccarat table, `table` for the table itself (百人牛牛), a game's own unit
(`match:<id>`, 打棒). Any game records its findings the same way, in the transaction of the
change that caused them:

    alerts.record(session, table_id, subject, finding, now=None) -> Alert

e.g. `alerts.record(session, table.id, subjects.TABLE, finding)` or
`alerts.record(session, table.id, subjects.of("match", match.id), finding)`; a baccarat shoe's is
`subjects.shoe(shoe.id)` (the alert's shoe_id is then set too). `record` stores a finding: a new
alert, or, when the (table, subject, code) already has an unresolved one, that alert seen again
(count and last_seen_at move on, the severity only rises, `details` take the newest figures and
keep the finding's list growing; a clock rule's sighting that only says the condition lasted longer
is stored but not announced). Two writers racing to raise the same alert (two jobs
processes) meet at the partial unique index: the loser's insert fails inside a savepoint and it
counts the winner's. A rule's tallies (persistence.alerts.bump_tally) are keyed the same way;
a shoe's run for the shoe's life, any other subject's (a table never ends) start again when its
alert of that code is resolved.

Every change of an alert (raised, seen, severity raised, acknowledged, resolved) ends in
`_changed`, in the transaction of the change: the one place that announces it, to an audit log
(acknowledged, resolved: a shoe's alert in the shoe's audit log as ever, any other in the shared
administrative trail, kinds `alert.acknowledged` and `alert.resolved`) and to the live stream
(an `alert` event for the operators, appended at the transaction's commit, after the write's
own statements).
"""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Any, Callable

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from roadsvc.domain.monitoring import KEPT, SEVERITIES, Finding, priority, subjects
from roadsvc.domain import texts

__all__ = ["SEVERITIES", "record", "change_state", "subjects"]
from roadsvc.persistence import alerts as repo
from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import ALERT_ACKNOWLEDGED, ALERT_OPEN, ALERT_RESOLVED, Alert, utcnow
from roadsvc.persistence.events import OPERATORS, defer_event
from roadsvc.services import admin_audit
from roadsvc.services.baccarat import audit as shoe_audit  # a shoe's alerts stay in the shoe's own log
from roadsvc.services.errors import Conflict, NotFound

log = logging.getLogger(__name__)

STATES = (ALERT_OPEN, ALERT_ACKNOWLEDGED, ALERT_RESOLVED)
RAISED, SEEN, SEVERITY_RAISED = "raised", "seen", "severity_raised"
SYSTEM_ACTOR = texts.SYSTEM_ACTOR
SHOWN = 200  # a page lists at most this many unresolved alerts, and as many resolved ones


def record(session: Session, table_id: int, subject: str, finding: Finding, now: datetime | None = None) -> Alert:
    """Raise `finding` about the table's `subject`, or count it on its unresolved alert of that code."""
    now, subject = now or utcnow(), subjects.check(subject)
    alert = repo.active_alert(session, table_id, subject, finding.code)
    for _ in range(2):  # a second try if the other writer's alert was resolved in between
        if alert is not None:
            break
        alert = _insert(session, table_id, subject, finding, now)
        if alert is not None:
            _changed(session, alert, RAISED)
            return alert
        alert = repo.active_alert(session, table_id, subject, finding.code)  # the other writer's, committed
    if alert is None:
        raise Conflict("alert_conflict", f"alert {finding.code} about {subject} at table {table_id} could not be "
                       "stored; try again")
    severity, before = alert.severity, _news(alert, finding.elapsed)
    _seen_again(alert, finding, now)
    if alert.severity != severity:
        _changed(session, alert, SEVERITY_RAISED)
    elif not finding.elapsed or _news(alert, finding.elapsed) != before:
        _changed(session, alert, SEEN)
    return alert


def _news(alert: Alert, elapsed: tuple[str, ...]) -> tuple:
    """What a reader learns from an alert beside how long its condition has lasted (`elapsed`)."""
    return alert.hand_number, {key: value for key, value in (alert.details or {}).items() if key not in elapsed}


def _insert(session: Session, table_id: int, subject: str, finding: Finding, now: datetime) -> Alert | None:
    alert = Alert(code=finding.code, severity=finding.severity, state=ALERT_OPEN, table_id=table_id,
                  subject=subject, shoe_id=subjects.shoe_id_of(subject), hand_number=finding.hand_number,
                  message=finding.message, details=finding.details, raised_at=now, last_seen_at=now, count=1,
                  updated_at=now)
    try:
        with session.begin_nested():
            session.add(alert)
    except IntegrityError:
        log.info("alert %s about %s at table %s was raised by another writer first; counting it there",
                 finding.code, subject, table_id)
        return None
    return alert


def _seen_again(alert: Alert, finding: Finding, now: datetime) -> None:
    alert.count += 1
    alert.last_seen_at = alert.updated_at = now
    alert.severity = max(alert.severity, finding.severity, key=SEVERITIES.index)
    alert.message, alert.hand_number = finding.message, finding.hand_number
    details = dict(finding.details)
    if finding.keep:
        details[finding.keep] = ((alert.details or {}).get(finding.keep, []) + details.get(finding.keep, []))[-KEPT:]
    alert.details = details


def change_state(session: Session, alert: Alert, state: str, actor: str, note: str, now: datetime | None = None
                 ) -> Alert:
    """Acknowledge or resolve: the one way an alert's state moves (by a person or by the monitor)."""
    now = now or utcnow()
    if alert.state == ALERT_RESOLVED:
        raise Conflict("alert_resolved", f"alert {alert.id} is resolved already", "alert_id")
    if state == ALERT_ACKNOWLEDGED:
        if alert.state == ALERT_ACKNOWLEDGED:
            raise Conflict("alert_acknowledged", f"alert {alert.id} is acknowledged already", "alert_id")
        alert.acknowledged_by, alert.acknowledged_at, alert.acknowledged_note = actor, now, note
    else:
        alert.resolved_by, alert.resolved_at, alert.resolved_note = actor, now, note
    before = alert.state
    alert.state, alert.updated_at = state, now
    if state == ALERT_RESOLVED and alert.shoe_id is None:  # a shoe's tallies end with it; a table's do not
        repo.restart_tally(session, alert.table_id, alert.subject, alert.code)
    _changed(session, alert, state, actor, note, before)
    return alert


def _changed(session: Session, alert: Alert, change: str, actor: str | None = None, note: str | None = None,
             before: str | None = None) -> None:
    """Every alert change passes here, in its transaction: state changes to an audit log, every
    change to the operators' stream."""
    session.flush()
    if change in (ALERT_ACKNOWLEDGED, ALERT_RESOLVED):
        _audit(session, alert, change, actor or SYSTEM_ACTOR, note or "", before)
    defer_event(session, "alert", table_id=alert.table_id, shoe_id=alert.shoe_id, audience=OPERATORS,
                data=alert_event_data(alert, change, actor, note))


def _audit(session: Session, alert: Alert, change: str, actor: str, note: str, before: str | None) -> None:
    """A shoe's alert in the shoe's audit log (hand_number 0: the shoe as a whole), as it always was;
    any other in the shared administrative trail, with the note."""
    was = {"alert_id": alert.id, "code": alert.code, "state": before}
    now = {"alert_id": alert.id, "code": alert.code, "state": alert.state}
    if alert.shoe_id is not None:
        shoe_audit.record(session, alert.shoe_id, alert.hand_number or 0, f"alert_{change}", actor, note, was, now)
        return
    admin_audit.record(session, f"alert.{change}", admin_audit.Actor(actor), f"alert {alert.id} ({alert.subject})",
                       alert.table_id, {**was, "subject": alert.subject}, {**now, "subject": alert.subject,
                                                                           "note": note})


def alert_event_data(alert: Alert, change: str, actor: str | None, note: str | None) -> dict[str, Any]:
    """What an `alert` event carries: the change and the alert as it now stands."""
    data = {"change": change, "alert_id": alert.id, "code": alert.code, "subject": alert.subject,
            "severity": alert.severity,
            "state": alert.state, "hand_number": alert.hand_number, "message": alert.message,
            "count": alert.count, "raised_at": alert.raised_at.isoformat(),
            "last_seen_at": alert.last_seen_at.isoformat(), "details": alert.details or {}}
    if change in (ALERT_ACKNOWLEDGED, ALERT_RESOLVED):
        data.update(by=actor or SYSTEM_ACTOR, note=note or "")
    return data


# The API's use cases


def acknowledge(db: Database, alert_id: int, actor: str, note: str) -> Alert:
    return _act(db, alert_id, ALERT_ACKNOWLEDGED, actor, note)


def resolve(db: Database, alert_id: int, actor: str, note: str) -> Alert:
    return _act(db, alert_id, ALERT_RESOLVED, actor, note)


def _act(db: Database, alert_id: int, state: str, actor: str, note: str) -> Alert:
    note = admin_audit.check_reason(note, "note")
    with db.write() as session:
        alert = repo.alert_for_update(session, alert_id)
        if alert is None:
            raise NotFound("alert_not_found", f"no alert {alert_id}", "alert_id")
        return change_state(session, alert, state, actor, note)


def resolve_by_itself(db: Database, alert_id: int, why: str | Callable[[Session, Alert], str], now: datetime) -> int:
    """The monitor resolves an alert whose condition is gone, noting `why` (a message id, or one worked out
    from the alert in the transaction): 1, or 0 when it is gone or resolved already."""
    with db.write() as session:
        alert = repo.alert_for_update(session, alert_id)
        if alert is None or alert.state == ALERT_RESOLVED:
            return 0
        change_state(session, alert, ALERT_RESOLVED, SYSTEM_ACTOR, why(session, alert) if callable(why) else why, now)
    return 1


def get_alert(db: Database, alert_id: int) -> Alert:
    with db.read() as session:
        alert = session.get(Alert, alert_id)
        if alert is None:
            raise NotFound("alert_not_found", f"no alert {alert_id}", "alert_id")
        return alert


def alert_order(alert: Alert) -> tuple:
    """The worst severity first, money and integrity before operations, then the newest;
    acknowledged alerts keep their place (roadsvc.domain.monitoring.priority)."""
    return priority.alert_order(alert.severity, alert.code, alert.last_seen_at, alert.id)


def in_floor_order(db: Database, filters: dict[str, Any], limit: int = SHOWN, resolved: bool = True) -> list[Alert]:
    """The alerts matching `filters` (a table's, a match's, the whole floor's) as every page lists them,
    in the floor's order: the unresolved first, worst first (`alert_order`: an acknowledged one is
    marked, never demoted), then (if `resolved`) the resolved, newest first; at most `limit` per state."""
    with db.read() as session:
        found = [alert for state in (ALERT_OPEN, ALERT_ACKNOWLEDGED)
                 for alert in repo.find_alerts(session, {**filters, "state": state}, 0, limit)[0]]
        found.sort(key=alert_order)
        if resolved:
            found += repo.find_alerts(session, {**filters, "state": ALERT_RESOLVED}, 0, limit)[0]
        return found


def find_alerts(db: Database, filters: dict[str, Any], offset: int = 0, limit: int = 50) -> tuple[list[Alert], int]:
    """Alerts matching the filters (state, severity, table_id, subject, code), newest first, and the total."""
    with db.read() as session:
        alerts, total = repo.find_alerts(session, filters, offset, limit)
        return list(alerts), total
