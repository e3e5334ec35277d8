"""Who is at a table (at a moment), the dealers' registry, and a refusal or late slip recorded with the dealer
then at the table (issue 45).

`DEALER_AT` is the scalar subquery each game's INSERT carries (`dealer_id = DEALER_AT`, with bound
parameters `dealer_table` and `dealer_at`): the game's row names its dealer in the statement that stores
it, with no read of its own on the posting path."""

from __future__ import annotations

from datetime import datetime
from typing import Sequence

from sqlalchemy import Row, bindparam, func, select
from sqlalchemy.orm import Session

from roadsvc.domain.records import INSERT
from roadsvc.persistence.models import Dealer, DealerChange, DealerIncident
from roadsvc.persistence.records.binding import bind_rows

_CHANGES = DealerChange.__table__
DEALER_AT = (select(_CHANGES.c.dealer_id)
             .where(_CHANGES.c.table_id == bindparam("dealer_table"), _CHANGES.c.changed_at <= bindparam("dealer_at"))
             .order_by(_CHANGES.c.changed_at.desc(), _CHANGES.c.id.desc()).limit(1).scalar_subquery())


def dealer_at(session: Session, table_id: int, at: datetime) -> int | None:
    """The dealer at the table at `at` (None: none declared)."""
    return session.execute(select(DEALER_AT), {"dealer_table": table_id, "dealer_at": at}).scalar()


def dealer_by_badge(session: Session, badge: str) -> Dealer | None:
    return session.scalars(select(Dealer).where(Dealer.badge == badge)).first()


def dealers(session: Session) -> Sequence[Dealer]:
    return session.scalars(select(Dealer).order_by(Dealer.name, Dealer.id)).all()


def latest_changes(session: Session) -> dict[int, DealerChange]:
    """Each table's newest dealer change, by table."""
    newest = (select(DealerChange.table_id, func.max(DealerChange.id).label("id"))
              .group_by(DealerChange.table_id).subquery())
    rows = session.scalars(select(DealerChange).join(newest, newest.c.id == DealerChange.id))
    return {row.table_id: row for row in rows}


def table_changes(session: Session, table_id: int, limit: int) -> Sequence[Row]:
    """The table's dealer changes, newest first: (change, dealer badge, dealer name)."""
    query = (select(DealerChange, Dealer.badge, Dealer.name).outerjoin(Dealer, Dealer.id == DealerChange.dealer_id)
             .where(DealerChange.table_id == table_id)
             .order_by(DealerChange.changed_at.desc(), DealerChange.id.desc()).limit(limit))
    return session.execute(query).all()



_INCIDENTS = DealerIncident.__table__
_INSERT_INCIDENT = _INCIDENTS.insert().values(dealer_id=DEALER_AT).returning(_INCIDENTS.c.id)


def record_incident(session: Session, table_id: int, game: str, kind: str, code: str, at: datetime) -> None:
    """A refusal or a late slip at the table, naming the dealer there at `at`, in the caller's transaction, bound
    into the record chain (read back at commit: its dealer is the statement's)."""
    found = session.execute(_INSERT_INCIDENT, {"table_id": table_id, "game": game, "kind": kind, "code": code[:40],
                                               "at": at, "dealer_table": table_id, "dealer_at": at}).scalar_one()
    bind_rows(session, "dealer_incidents", (found,), INSERT)
