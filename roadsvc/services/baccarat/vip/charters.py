"""Charters (包桌) of VIP tables and flying hands (飞牌), issue 14.

One account charters a VIP table (game server). While it is chartered, slips from other
accounts are refused (`chartered`). The charter account may fly the hand in play: it is
played with no bets and the dealer's post of it counts at once (not held). At most
`max_consecutive_flies` hands in a row; a hand the charter account bets on starts the
count again.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from roadsvc.domain.errors import DomainError
from roadsvc.domain.table_modes import FLOWN, VIP, check_fly, mode_settings
from roadsvc.persistence import repositories as repo
from roadsvc.persistence import table_modes as rows
from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import Charter, FlownHand, Table, utcnow
from roadsvc.services import admin_audit, events
from roadsvc.services.admin_audit import Actor
from roadsvc.services.baccarat.betting_window import Window, betting_window, require_hand
from roadsvc.services.errors import Conflict, NotFound


def charter_table(db: Database, table_id: int, account_id: str, actor: Actor, now: datetime | None = None
                  ) -> tuple[Charter, bool]:
    """Charter the table for `account_id`; the same account again is a retry (created False)."""
    try:
        with db.write() as session:
            table = vip_table(session, table_id)
            active = rows.active_charter(session, table_id)
            if active is not None:
                if active.account_id == account_id:
                    return active, False
                raise Conflict("chartered", f"table {table_id} is chartered by another account; its charter must "
                               "end first", "account_id")
            charter = Charter(table_id=table.id, account_id=account_id, consecutive_flies=0, started_by=actor.name,
                              started_at=now or utcnow())
            session.add(charter)
            session.flush()
            _audit_and_announce(session, "charter_started", charter, actor)
    except IntegrityError:
        raise Conflict("chartered", f"table {table_id} was chartered at the same moment", "account_id") from None
    return charter, True


def end_charter(db: Database, table_id: int, actor: Actor, account_id: str | None = None,
                now: datetime | None = None) -> Charter:
    """End the table's charter (if `account_id` is given, it must hold it)."""
    with db.write() as session:
        vip_table(session, table_id)
        charter = rows.active_charter(session, table_id)
        if charter is None:
            raise Conflict("not_chartered", f"table {table_id} is not chartered")
        if account_id is not None:
            charter_of(session, table_id, account_id)
        charter.ended_at, charter.ended_by = now or utcnow(), actor.name
        session.flush()
        _audit_and_announce(session, "charter_ended", charter, actor)
    return charter


def _audit_and_announce(session: Session, kind: str, charter: Charter, actor: Actor) -> None:
    after = {"charter_id": charter.id, "account_id": charter.account_id}
    admin_audit.record(session, kind.replace("_", "."), actor, f"table {charter.table_id}", charter.table_id,
                       None, after)
    shoe = repo.latest_shoe(session, charter.table_id)
    revision = repo.bump_revision(session, shoe.id) if shoe else None  # the open bets show `chartered`
    events.append_event(session, kind, table_id=charter.table_id, shoe_id=shoe.id if shoe else None,
                        revision=revision, data={"charter_id": charter.id})


def vip_table(session: Session, table_id: int) -> Table:
    table = session.get(Table, table_id)
    if table is None:
        raise NotFound("table_not_found", f"no table {table_id}", "table_id")
    if mode_settings(table.settings).mode != VIP:
        raise Conflict("not_vip", f"table {table_id} is not a VIP table (settings.mode is not vip)")
    return table


def charter_of(session: Session, table_id: int, account_id: str) -> Charter:
    """The table's active charter, if `account_id` holds it; else 409."""
    charter = rows.active_charter(session, table_id)
    if charter is None:
        raise Conflict("not_chartered", f"table {table_id} is not chartered")
    if charter.account_id != account_id:
        raise Conflict("not_charter_account", f"account {account_id!r} does not charter table {table_id}",
                       "account_id")
    return charter


# Slips


def refuse_other_accounts(session: Session, table_id: int, account_id: str) -> None:
    """While a table is chartered, only the charter account's slips are taken."""
    charter = rows.active_charter(session, table_id)
    if charter is not None and charter.account_id != account_id:
        raise Conflict("chartered", f"table {table_id} is chartered by another account; slips from account "
                       f"{account_id!r} are not taken", "account_id")


def hand_has_a_bet(session: Session, table_id: int, account_id: str) -> None:
    """The charter account bet on the hand in play: its run of flown hands is over."""
    charter = rows.active_charter(session, table_id)
    if charter is not None and charter.account_id == account_id and charter.consecutive_flies:
        charter.consecutive_flies = 0


# Flying a hand


def fly(db: Database, table_id: int, account_id: str, hand_number: int | None = None, now: datetime | None = None
        ) -> dict[str, Any]:
    """The charter account flies the hand in play: no bets; the dealer opens it directly."""
    with db.write() as session:
        table = vip_table(session, table_id)
        window = require_hand(betting_window(session, table_id, for_update=True), hand_number)
        charter = charter_of(session, table_id, account_id)
        shoe, number = window.shoe, window.hand_number
        if rows.flown_hand(session, shoe.id, number) is not None:
            return _flown(table_id, shoe.id, number, charter, created=False)
        _refuse_fly(session, shoe.id, number, window)
        try:
            check_fly(mode_settings(table.settings), charter.consecutive_flies)
        except DomainError as error:
            raise Conflict(error.code, error.message) from None
        session.add(FlownHand(shoe_id=shoe.id, hand_number=number, charter_id=charter.id, account_id=account_id,
                              flown_at=now or utcnow()))
        charter.consecutive_flies += 1
        session.flush()
        revision = repo.bump_revision(session, shoe.id)
        events.shoe_event(session, "hand_flown", shoe, revision, hand_number=number, state=FLOWN,
                          consecutive_flies=charter.consecutive_flies)
        return _flown(table_id, shoe.id, number, charter, created=True)


def _refuse_fly(session: Session, shoe_id: int, number: int, window: Window) -> None:
    if rows.still_held(session, shoe_id, number) is not None:
        raise Conflict("hand_held", f"hand {number} is dealt and held; it can be opened, not flown", "hand_number")
    if rows.has_bets(session, shoe_id, number):
        raise Conflict("hand_has_bets", f"hand {number} has bets; a flown hand is played with none", "hand_number")


def _flown(table_id: int, shoe_id: int, number: int, charter: Charter, created: bool) -> dict[str, Any]:
    return {"table_id": table_id, "shoe_id": shoe_id, "hand_number": number, "state": FLOWN,
            "consecutive_flies": charter.consecutive_flies, "created": created}

