"""The charter's requests (issue 14): a change of dealer, a change of shoe.

A request is an alert on the floor monitor of its own code (change_dealer_requested,
change_shoe_requested), for the pit boss. A change of shoe may be asked once the shoe has
dealt more than `shoe_change_after_hands` hands (`too_early` before); it is done when a new
shoe opens at the table, and if none opens within `shoe_change_minutes` the jobs process
raises `shoe_change_overdue` (warning). A change of dealer is done when the pit boss marks
it done.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy.orm import Session

from roadsvc.domain.errors import DomainError
from roadsvc.domain.monitoring import INFO, WARNING, Finding, subjects
from roadsvc.domain.table_modes import CHANGE_DEALER, CHANGE_SHOE, check_shoe_change, mode_settings
from roadsvc.persistence import alerts as alert_rows
from roadsvc.persistence import repositories as repo
from roadsvc.persistence import table_modes as rows
from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import ALERT_RESOLVED, REQUEST_DONE, REQUEST_OPEN, TableRequest, utcnow
from roadsvc.services import alerts
from roadsvc.services.baccarat.vip.charters import charter_of, vip_table
from roadsvc.services.errors import Conflict, NotFound

REQUESTED = {CHANGE_DEALER: "change_dealer_requested", CHANGE_SHOE: "change_shoe_requested"}
OVERDUE = "shoe_change_overdue"


def make_request(db: Database, table_id: int, kind: str, account_id: str, actor: str, now: datetime | None = None
                 ) -> TableRequest:
    """The charter account asks for a change of dealer or of shoe (see the module docstring)."""
    now = now or utcnow()
    with db.write() as session:
        table = vip_table(session, table_id)
        charter_of(session, table_id, account_id)
        shoe = repo.latest_shoe(session, table_id, for_update=True)
        if shoe is None:
            raise Conflict("no_open_shoe", "this table has no shoe yet")
        pending = rows.open_requests(session, table_id, kind)
        if pending:
            raise Conflict("request_pending", f"request {pending[0].id} ({kind}) is still open", "kind")
        mode, dealt = mode_settings(table.settings), repo.last_hand_number(session, shoe.id)
        if kind == CHANGE_SHOE:
            try:
                check_shoe_change(mode, dealt)
            except DomainError as error:
                raise Conflict(error.code, error.message, "kind") from None
        request = TableRequest(table_id=table_id, shoe_id=shoe.id, kind=kind, account_id=account_id,
                               state=REQUEST_OPEN, hands_dealt=dealt, requested_by=actor, requested_at=now,
                               due_at=now + timedelta(minutes=mode.shoe_change_minutes) if kind == CHANGE_SHOE
                               else None)
        session.add(request)
        session.flush()
        alert = alerts.record(session, table_id, subjects.shoe(shoe.id), _requested(request, mode.shoe_change_minutes),
                              now)
        request.alert_id = alert.id
    return request


def _requested(request: TableRequest, minutes: int) -> Finding:
    if request.kind == CHANGE_SHOE:
        message = (f"the charter asks for a change of shoe (request {request.id}, after {request.hands_dealt} hands); "
                   f"due within {minutes} minutes")
    else:
        message = f"the charter asks for a change of dealer (request {request.id}); the dealer continues until then"
    return Finding(REQUESTED[request.kind], INFO, message,
                   {"request_id": request.id, "account_id": request.account_id, "hands_dealt": request.hands_dealt})


def mark_done(db: Database, request_id: int, actor: str, note: str | None = None, now: datetime | None = None
              ) -> TableRequest:
    """The pit boss marks a change of dealer done (a change of shoe is done by the new shoe)."""
    with db.write() as session:
        request = session.get(TableRequest, request_id, with_for_update=True)
        if request is None:
            raise NotFound("request_not_found", f"no request {request_id}", "request_id")
        if request.state == REQUEST_DONE:
            raise Conflict("request_done", f"request {request_id} is done already", "request_id")
        if request.kind == CHANGE_SHOE:
            raise Conflict("done_by_new_shoe", "a change of shoe is done when the new shoe opens", "request_id")
        _done(session, request, actor, now or utcnow(), note)
    return request


def shoe_opened(session: Session, table_id: int, actor: str, now: datetime | None = None) -> None:
    """Called in the transaction that opens a new shoe: the table's asked changes of shoe are done."""
    for request in rows.open_requests(session, table_id, CHANGE_SHOE):
        _done(session, request, actor, now or utcnow())


def dealer_taken(session: Session, table_id: int, actor: str, now: datetime | None = None) -> None:
    """Called in the transaction of a dealer change (issue 45): a new dealer at the table does the charter's
    asked changes of dealer."""
    for request in rows.open_requests(session, table_id, CHANGE_DEALER):
        _done(session, request, actor, now or utcnow(), f"request {request.id} done: a new dealer took the table")


def _done(session: Session, request: TableRequest, actor: str, now: datetime, note: str | None = None) -> None:
    request.state, request.done_by, request.done_at = REQUEST_DONE, actor, now
    for code in (REQUESTED[request.kind], OVERDUE):
        alert = alert_rows.active_alert(session, request.table_id, subjects.shoe(request.shoe_id), code)
        if alert is not None:
            alerts.change_state(session, alert, ALERT_RESOLVED, actor, note or f"request {request.id} done", now)


def raise_overdue(db: Database, now: datetime | None = None) -> list[int]:
    """The jobs' pass: every change of shoe past its due time raises shoe_change_overdue."""
    now = now or utcnow()
    raised = []
    with db.write() as session:
        for request in rows.overdue_requests(session, now):
            request.overdue_at = now
            message = (f"the change of shoe asked at {request.requested_at.isoformat()} (request {request.id}) is "
                       f"not done: no new shoe opened by {request.due_at.isoformat()}")
            alerts.record(session, request.table_id, subjects.shoe(request.shoe_id),
                          Finding(OVERDUE, WARNING, message, {"request_id": request.id,
                                                              "due_at": request.due_at.isoformat()}), now)
            raised.append(request.id)
    return raised

