"""Opening a held hand (issue 14): by the charter account or a bettor on the hand, by the
dealer, or by the jobs process when a VIP hand's deadline has come.

Opening is one transaction: the shoe locked, the held row marked opened, the hand inserted
as counted (its bets settled, the monitor told, the summary rewritten, the revision bumped),
an audit record of who opened it and how, and one `hand` event. Opening an opened hand again
answers the counted hand (a retry), changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy.orm import Session

from roadsvc.domain.baccarat.dealing.hands import Hand, parse_hand
from roadsvc.domain.table_modes import AUTOMATIC, BY_ACCOUNT, BY_DEALER
from roadsvc.persistence import repositories as repo
from roadsvc.persistence import table_modes as rows
from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import HeldHand, Shoe, Table, utcnow
from roadsvc.services.baccarat import audit, hands
from roadsvc.services.errors import Conflict, Forbidden, NotFound

AUTO_ACTOR = "roadsvc jobs (automatic open)"


@dataclass(frozen=True, slots=True)
class Opener:
    """Who opens: an account (through a game server), the dealer, or the clock."""

    how: str
    actor: str
    account_id: str | None = None


def open_hand(db: Database, table_id: int, number: int, opener: Opener, now: datetime | None = None,
              shoe_id: int | None = None, *, rules: bool = True) -> hands.HandView:
    """Open held hand `number` of the table's current shoe, or of shoe `shoe_id` (the jobs
    open a due hand where it was held, even if a new shoe opened since)."""
    now = now or utcnow()
    with db.write() as session:
        if shoe_id is None:
            shoe = repo.latest_shoe(session, table_id, for_update=True)
        else:
            shoe = repo.shoe_for_update(session, shoe_id)
        held = _held_or_404(session, table_id, shoe, number)
        if held.opened_at is not None:
            return hands.view(repo.hand_by_number(session, shoe.id, number), shoe.revision)
        _may_open(session, shoe, held, opener)
        return _count(session, shoe, held, opener, now, rules)


def _held_or_404(session: Session, table_id: int, shoe: Shoe | None, number: int) -> HeldHand:
    if shoe is None:
        if session.get(Table, table_id) is None:
            raise NotFound("table_not_found", f"no table {table_id}", "table_id")
        raise NotFound("hand_not_held", f"table {table_id} has no shoe", "number")
    held = rows.held_hand(session, shoe.id, number)
    if held is None:
        raise NotFound("hand_not_held", f"hand {number} of the table's current shoe is not held", "number")
    return held


def _may_open(session: Session, shoe: Shoe, held: HeldHand, opener: Opener) -> None:
    """An account opens only as the charter account or as a bettor on the hand."""
    if opener.how != BY_ACCOUNT:
        return
    charter = rows.active_charter(session, shoe.table_id)
    if charter is not None and charter.account_id == opener.account_id:
        return
    if rows.has_bets(session, shoe.id, held.number, opener.account_id):
        return
    raise Forbidden("not_allowed_to_open", f"account {opener.account_id!r} neither charters the table nor has a bet on "
                    f"hand {held.number}", "account_id")


def _count(session: Session, shoe: Shoe, held: HeldHand, opener: Opener, now: datetime, rules: bool
           ) -> hands.HandView:
    hand: Hand = parse_hand(held.data)
    held.opened_at, held.opened_how, held.opened_by = now, opener.how, opener.account_id or opener.actor
    counted = hands.counted_hands(session, shoe.id)
    audit.record(session, shoe.id, held.number, "auto_open" if opener.how == AUTOMATIC else "open", opener.actor,
                 _reason(opener, held), {"held_at": held.held_at.isoformat(), "deadline": _iso(held.deadline)},
                 {"opened_at": now.isoformat(), "how": opener.how, "account_id": opener.account_id})
    return hands.count_hand(session, shoe, held.number, hand, counted, rules, dealt_at=held.held_at, state="opened",
                            opened_how=opener.how)


def _reason(opener: Opener, held: HeldHand) -> str:
    if opener.how == AUTOMATIC:
        return f"opened automatically: its deadline {_iso(held.deadline)} had come"
    if opener.how == BY_DEALER:
        return "opened by the dealer"
    return f"opened by account {opener.account_id}"


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment else None


def open_due(db: Database, now: datetime | None = None) -> list[tuple[int, int]]:
    """The jobs' pass: open every held VIP hand whose deadline has come. Returns (table, hand)."""
    now = now or utcnow()
    with db.read() as session:
        due = [(table_id, held.shoe_id, held.number) for held, table_id in rows.due_held_hands(session, now)]
    opened = []
    for table_id, shoe_id, number in due:
        try:
            open_hand(db, table_id, number, Opener(AUTOMATIC, AUTO_ACTOR), now, shoe_id)
        except (Conflict, NotFound):  # the table moved on (a new shoe) in between: nothing to open there
            continue
        opened.append((table_id, number))
    return opened
