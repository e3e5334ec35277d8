"""The shoe's life: opened (closing the table's previous shoe), the cut card out, closed.

Hand numbers restart at 1 in each shoe; shoe numbers count up per table. The burn card,
when given, is the shoe's first card: it tells how many more cards were burned face down
(its face value, 10 for 10/J/Q/K) and is itself one card of the shoe's supply.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from sqlalchemy import case, func, select
from sqlalchemy.exc import IntegrityError

from roadsvc.domain.baccarat.dealing.cards import parse_card
from roadsvc.domain.baccarat.dealing.shoe import DEFAULT_DECKS, burn_count, check_decks
from roadsvc.domain.baccarat.roads.shoe_summary import summarise
from roadsvc.persistence import repositories as repo
from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import CLOSED, OPEN, Hand, Shoe, Table, utcnow
from roadsvc.services import admin_audit, events
from roadsvc.services.baccarat import ledger
from roadsvc.services.baccarat.vip import table_requests
from roadsvc.services.admin_audit import Actor
from roadsvc.services.errors import Conflict, DomainError, NotFound


@dataclass(frozen=True, slots=True)
class ShoeView:
    """A shoe with how many hands it holds (all numbers used, and those that count)."""

    shoe: Shoe
    hands: int
    counted_hands: int

    def __getattr__(self, name: str):
        return getattr(self.shoe, name)


def open_shoe(
    db: Database, table_id: int, decks: int = DEFAULT_DECKS, burn_card: str | None = None, actor: Actor | None = None
) -> Shoe:
    """A new open shoe at the table; the previous one closes in the same transaction."""
    check_decks(decks)
    card = parse_card(burn_card, "burn_card") if burn_card is not None else None
    try:
        with db.write() as session:
            if session.get(Table, table_id) is None:
                raise NotFound("table_not_found", f"no table {table_id}", "table_id")
            previous = repo.latest_shoe(session, table_id, for_update=True)
            before = _audited(previous) if previous is not None else None
            closed = _close(session, previous) if previous is not None and previous.status == OPEN else None
            shoe = Shoe(
                table_id=table_id,
                number=previous.number + 1 if previous else 1,
                decks=decks,
                burn_card=card.code if card else None,
                burn_count=burn_count(card) if card else None,
                status=OPEN,
                summary=summarise([], []),  # the lobby's summary of no hands yet
            )
            session.add(shoe)
            session.flush()
            admin_audit.record(session, "shoe.opened", actor, f"shoe {shoe.id}", table_id,
                               {"previous": before} if before else None, _audited(shoe))
            table_requests.shoe_opened(session, table_id, (actor or admin_audit.SYSTEM).name)
            if closed is not None:
                events.shoe_event(session, "shoe_closed", previous, closed)
            events.shoe_event(session, "shoe_opened", shoe, shoe.revision, decks=decks, burn_card=shoe.burn_card)
    except IntegrityError:
        raise Conflict("shoe_conflict", "another shoe was opened at this table at the same moment") from None
    return shoe


def mark_cut_card(
    db: Database, table_id: int, shoe_id: int, last_hand: int | None = None, actor: Actor | None = None
) -> Shoe:
    """The cut card is out: the hand in play is the shoe's last.

    By default the hand in play is the next one to be posted; a dealer who posts the
    cut card after that hand may name it (`last_hand` = the last hand posted).
    """
    with db.write() as session:
        shoe = _shoe_at_table(session, table_id, shoe_id, for_update=True)
        _refuse_closed(shoe)
        if shoe.last_hand is not None:
            raise Conflict("cut_card_already_out", f"the cut card came out already; the last hand is {shoe.last_hand}")
        posted = repo.last_hand_number(session, shoe.id)
        last_hand = posted + 1 if last_hand is None else last_hand
        if last_hand not in (posted, posted + 1) or last_hand < 1:
            raise DomainError(
                "invalid_last_hand", f"the last hand is the hand in play: {posted + 1} (or {posted}, already posted)", "last_hand"
            )
        before = _audited(shoe)
        shoe.last_hand = last_hand
        revision = repo.bump_revision(session, shoe.id)
        admin_audit.record(session, "shoe.cut_card", actor, f"shoe {shoe.id}", table_id, before, _audited(shoe))
        events.shoe_event(session, "cut_card", shoe, revision, last_hand=last_hand)
    return _reloaded(db, shoe.id)


def close_shoe(db: Database, table_id: int, shoe_id: int, actor: Actor | None = None) -> Shoe:
    with db.write() as session:
        shoe = _shoe_at_table(session, table_id, shoe_id, for_update=True)
        _refuse_closed(shoe)
        before = _audited(shoe)
        events.shoe_event(session, "shoe_closed", shoe, _close(session, shoe))
        admin_audit.record(session, "shoe.closed", actor, f"shoe {shoe.id}", table_id, before, _audited(shoe))
    return _reloaded(db, shoe.id)


def get_shoe(db: Database, shoe_id: int) -> Shoe:
    with db.read() as session:
        shoe = session.get(Shoe, shoe_id)
        if shoe is None:
            raise NotFound("shoe_not_found", f"no shoe {shoe_id}", "shoe_id")
        return shoe


def list_shoes(db: Database, table_id: int) -> list[ShoeView]:
    """The table's shoes, newest first, with their hand counts."""
    with db.read() as session:
        if session.get(Table, table_id) is None:
            raise NotFound("table_not_found", f"no table {table_id}", "table_id")
        shoes: Sequence[Shoe] = session.scalars(
            select(Shoe).where(Shoe.table_id == table_id).order_by(Shoe.number.desc())
        ).all()
        counts = _hand_counts(session, [s.id for s in shoes])
    return [ShoeView(s, *counts.get(s.id, (0, 0))) for s in shoes]


def _hand_counts(session, shoe_ids: list[int]) -> dict[int, tuple[int, int]]:
    if not shoe_ids:
        return {}
    counted = func.sum(case((Hand.voided.is_(False), 1), else_=0))
    rows = session.execute(
        select(Hand.shoe_id, func.max(Hand.number), counted).where(Hand.shoe_id.in_(shoe_ids)).group_by(Hand.shoe_id)
    )
    return {shoe_id: (last or 0, int(count or 0)) for shoe_id, last, count in rows}


def _close(session, shoe: Shoe) -> int:
    """Close the shoe (its open bets are given back); returns its new revision."""
    ledger.cancel_open_bets(session, shoe.id)  # bets on a hand that never came are given back
    shoe.status = CLOSED
    shoe.closed_at = utcnow()
    return repo.bump_revision(session, shoe.id)


def _audited(shoe: Shoe) -> dict:
    closed = shoe.closed_at.isoformat() if shoe.closed_at else None
    return {"id": shoe.id, "number": shoe.number, "status": shoe.status, "decks": shoe.decks,
            "burn_card": shoe.burn_card, "last_hand": shoe.last_hand, "closed_at": closed}


def _refuse_closed(shoe: Shoe) -> None:
    if shoe.status != OPEN:
        raise Conflict("shoe_closed", f"shoe {shoe.number} is closed")


def _shoe_at_table(session, table_id: int, shoe_id: int, *, for_update: bool = False) -> Shoe:
    shoe = repo.shoe_for_update(session, shoe_id) if for_update else session.get(Shoe, shoe_id)
    if shoe is None or shoe.table_id != table_id:
        raise NotFound("shoe_not_found", f"no shoe {shoe_id} at table {table_id}", "shoe_id")
    return shoe


def _reloaded(db: Database, shoe_id: int) -> Shoe:
    """The shoe as committed (its revision was bumped by an UPDATE statement)."""
    return get_shoe(db, shoe_id)
