"""Closing the bets in the player's favour (a table's `close_positive_ev`), and auditing it.

The closures of a hand come from its cached odds (`roadsvc.services.baccarat.integrity`); a slip
meeting one is refused with `advantage`, and the first such refusal of a hand writes one
audit record (every closed bet with its EV) in the slip's transaction.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from roadsvc.domain.baccarat.bets import Refusal
from roadsvc.domain.baccarat.integrity.advantage import closes_positive_ev
from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import AuditRecord, Shoe, Table
from roadsvc.services.baccarat import audit
from roadsvc.services.errors import Conflict
from roadsvc.services.baccarat.integrity import NextHand, next_hand_in


ADVANTAGE_AUDIT = "advantage_closure"
SYSTEM_ACTOR = "roadsvc:integrity"


def advantage_closures(db: Database, session: Session, shoe: Shoe, table: Table) -> dict[str, Refusal]:
    """The `advantage` refusals on the shoe's next hand: none unless the table closes positive EV.

    A table with no known composition (hands by result) has none: nothing is guessed.
    """
    if not closes_positive_ev(table.settings) or shoe is None:
        return {}
    next_hand = next_hand_or_none(db, session, shoe, table)
    return next_hand.closures() if next_hand is not None else {}


def next_hand_or_none(db: Database, session: Session, shoe: Shoe | None, table: Table) -> NextHand | None:
    """The shoe's next hand (cached by revision), or None where no composition is known (a table
    entering results, a hand entered without cards) or the shoe cannot deal another hand."""
    if shoe is None:
        return None
    try:
        return next_hand_in(db, session, shoe, table)
    except Conflict:
        return None


def stake_evs(next_hand: NextHand | None, codes) -> dict[str, float | None]:
    """Each bet's exact EV per unit on the next hand, as a slip stores it (None: not known)."""
    bets = next_hand.odds.bets if next_hand is not None else {}
    return {code: float(bets[code].ev) if code in bets else None for code in codes}


def audit_closures(session: Session, shoe_id: int, hand_number: int, closures: dict[str, Refusal],
                   used: set[str]) -> None:
    """Record, once per hand, the bets closed for advantage (with their EVs), when a slip first meets them."""
    if not used or audit_recorded(session, shoe_id, hand_number):
        return
    after = {"threshold": next(iter(closures.values())).detail["threshold"],
             "cards_left": next(iter(closures.values())).detail["cards_left"],
             "bets": {code: refusal.detail["ev"] for code, refusal in closures.items()}}
    audit.record(session, shoe_id, hand_number, ADVANTAGE_AUDIT, SYSTEM_ACTOR,
                 "close_positive_ev: expected value at or above the table's ev_alert_threshold", None, after)


def audit_recorded(session: Session, shoe_id: int, hand_number: int) -> bool:
    query = select(AuditRecord.id).where(AuditRecord.shoe_id == shoe_id, AuditRecord.hand_number == hand_number,
                                         AuditRecord.action == ADVANTAGE_AUDIT)
    return session.scalars(query).first() is not None

