"""The dealers' registry and who is at each table (issue 45).

A dealer takes a table when the table's dealer key (the card reader's, or a pit boss's) declares the
dealer's badge: `change_dealer(db, table_id, badge, actor)`, one `dealer_changes` row and one
`dealer_changed` event in one transaction. From then on every game the table stores names that dealer
(the game's INSERT reads the newest change: roadsvc.persistence.dealers.registry.DEALER_AT). `badge=None`: the
dealer leaves and nobody takes over (the table closes for now); its games then name no dealer.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from roadsvc.persistence.dealers import registry as repo
from roadsvc.persistence.engine import Database
from roadsvc.persistence.events import append_event
from roadsvc.persistence.models import Dealer, DealerChange, Table, utcnow
from roadsvc.services import admin_audit
from roadsvc.services.admin_audit import Actor
from roadsvc.services.baccarat.vip import table_requests
from roadsvc.services.errors import Conflict, DomainError, NotFound

CHANGES_SHOWN = 20  # a table's page lists its newest dealer changes


@dataclass(frozen=True)
class DealerView:
    id: int
    badge: str
    name: str
    active: bool
    table_id: int | None  # the table the dealer is at now, if any
    since: datetime | None


@dataclass(frozen=True)
class ChangeView:
    id: int
    table_id: int
    dealer: dict | None  # {id, badge, name}; None: the table's dealer left
    previous: dict | None
    changed_at: datetime
    actor: str


def _brief(dealer: Dealer | None) -> dict | None:
    return None if dealer is None else {"id": dealer.id, "badge": dealer.badge, "name": dealer.name}


def register(db: Database, badge: str, name: str, actor: Actor) -> DealerView:
    """A new dealer; 409 `badge_taken` when another dealer has the badge."""
    try:
        with db.write() as session:
            dealer = Dealer(badge=badge, name=name, active=True, created_at=utcnow())
            session.add(dealer)
            session.flush()
            admin_audit.record(session, "dealer.registered", actor, f"dealer {dealer.id}", None, None,
                               {"badge": badge, "name": name})
            return DealerView(dealer.id, badge, name, True, None, None)
    except IntegrityError:
        raise Conflict("badge_taken", f"badge {badge!r} belongs to another dealer", "badge") from None


def list_dealers(db: Database) -> list[DealerView]:
    """Every dealer, by name, with the table each is at now."""
    with db.read() as session:
        at = {change.dealer_id: change for change in repo.latest_changes(session).values()
              if change.dealer_id is not None}
        return [DealerView(d.id, d.badge, d.name, d.active, at[d.id].table_id if d.id in at else None,
                           at[d.id].changed_at if d.id in at else None) for d in repo.dealers(session)]


def get_dealer(db: Database, dealer_id: int) -> DealerView:
    return next((d for d in list_dealers(db) if d.id == dealer_id), None) or _not_found(dealer_id)


def _not_found(dealer_id: int):
    raise NotFound("dealer_not_found", f"no dealer {dealer_id}", "dealer_id")


def change_dealer(db: Database, table_id: int, badge: str | None, actor: Actor, now: datetime | None = None
                  ) -> ChangeView:
    """The dealer with `badge` takes the table (None: the table's dealer leaves). A dealer at another table
    leaves it (a person deals at one table at a time). 422 `unknown_badge`; 409 `same_dealer`."""
    now = now or utcnow()
    with db.write() as session:
        if session.get(Table, table_id, with_for_update=True) is None:
            raise NotFound("table_not_found", f"no table {table_id}", "table_id")
        dealer = _dealer_of(session, badge)
        latest = repo.latest_changes(session)
        previous = session.get(Dealer, latest[table_id].dealer_id) if table_id in latest and \
            latest[table_id].dealer_id is not None else None
        if (previous and previous.id) == (dealer and dealer.id):
            raise Conflict("same_dealer", "that dealer is at this table already" if dealer else
                           "this table has no dealer already", "badge")
        if dealer is not None:
            _leave_other_tables(session, latest, table_id, dealer, actor, now)
        return _changed(session, table_id, dealer, previous, actor, now)


def _dealer_of(session: Session, badge: str | None) -> Dealer | None:
    if badge is None:
        return None
    dealer = repo.dealer_by_badge(session, badge)
    if dealer is None or not dealer.active:
        raise DomainError("unknown_badge", f"no dealer on the roster has badge {badge!r}", "badge")
    return dealer


def _leave_other_tables(session: Session, latest: dict[int, DealerChange], table_id: int, dealer: Dealer,
                        actor: Actor, now: datetime) -> None:
    for other, change in latest.items():
        if other != table_id and change.dealer_id == dealer.id:
            _changed(session, other, None, dealer, actor, now)


def _changed(session: Session, table_id: int, dealer: Dealer | None, previous: Dealer | None, actor: Actor,
             now: datetime) -> ChangeView:
    row = DealerChange(table_id=table_id, dealer_id=dealer and dealer.id, changed_at=now, actor=actor.name[:120])
    session.add(row)
    session.flush()
    if dealer is not None:  # a VIP charter's asked change of dealer is done
        table_requests.dealer_taken(session, table_id, actor.name, now)
    append_event(session, "dealer_changed", table_id=table_id,
                 data={"change_id": row.id, "dealer_id": dealer and dealer.id, "name": dealer and dealer.name,
                       "previous_dealer_id": previous and previous.id, "changed_at": now.isoformat()})
    return ChangeView(row.id, table_id, _brief(dealer), _brief(previous), now, row.actor)


def table_dealer(db: Database, table_id: int) -> tuple[dict | None, list[ChangeView]]:
    """The table's dealer now ({id, badge, name, since} or None) and its newest changes, newest first."""
    with db.read() as session:
        rows = repo.table_changes(session, table_id, CHANGES_SHOWN + 1)
    dealers = [None if change.dealer_id is None else {"id": change.dealer_id, "badge": badge, "name": name}
               for change, badge, name in rows]
    changes = [ChangeView(change.id, table_id, dealer, previous, change.changed_at, change.actor)
               for (change, _, _), dealer, previous in zip(rows, dealers, [*dealers[1:], None])][:CHANGES_SHOWN]
    now = changes[0] if changes and changes[0].dealer else None
    return (None if now is None else {**now.dealer, "since": now.changed_at}), changes
