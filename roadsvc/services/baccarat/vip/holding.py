"""Holding a dealt hand on a VIP or squeeze table (issue 14), and the state of the hand in play.

On these tables the card reader knows a hand before the players have seen it. The dealer's
post is checked exactly as on a standard table (drawing rules, card supply, idempotency),
then stored in `held_hands`, not in `hands`: nothing derived reads it, so the roads, the
lobby, images, the floor, the odds and the settlements cannot show it early. The event
announcing it carries no result. Opening it: `roadsvc.services.baccarat.vip.held_hands`.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from roadsvc.domain.baccarat.bets import Refusal
from roadsvc.domain.baccarat.dealing.hands import Hand
from roadsvc.domain.table_modes import (
    BETTING_CLOSED, FLOWN, HELD, OPENED, WAITING_FOR_BETS, ModeSettings, mode_settings, open_deadline,
)
from roadsvc.persistence import repositories as repo
from roadsvc.persistence import table_modes as rows
from roadsvc.persistence.models import HeldHand, Shoe, utcnow
from roadsvc.services import events
from roadsvc.services.errors import Conflict


def table_mode(session: Session, table_id: int) -> ModeSettings:
    return mode_settings(repo.table_settings(session, table_id))


def holds(session: Session, shoe: Shoe, number: int, mode: ModeSettings) -> bool:
    """Whether a post of hand `number` at a table of this `mode` is held: a VIP or squeeze table,
    and the hand not flown."""
    return mode.holds_hands and rows.flown_hand(session, shoe.id, number) is None


def hold(session: Session, shoe: Shoe, number: int, hand: Hand, mode: ModeSettings, now: datetime | None = None
         ) -> tuple[HeldHand, int]:
    """Store the checked hand as held at a table of this `mode`; bump the revision; announce it
    without its result."""
    now = now or utcnow()
    deadline = open_deadline(mode, rows.first_bet_at(session, shoe.id, number), now)
    held = HeldHand(shoe_id=shoe.id, number=number, data=hand.to_dict(), result=hand.result, held_at=now,
                    deadline=deadline)
    session.add(held)
    session.flush()
    revision = repo.bump_revision(session, shoe.id)
    events.shoe_event(session, "hand_held", shoe, revision, **held_state(held))
    return held, revision


def held_state(held: HeldHand) -> dict[str, Any]:
    """What displays see of a held hand: its number and until when it is held; never its cards."""
    return {"hand_number": held.number, "state": HELD,
            "deadline": held.deadline.isoformat() if held.deadline else None}


def same_held_or_conflict(held: HeldHand, hand: Hand, number: int | None) -> HeldHand:
    """A post while hand N is held: the same hand again is a retry; anything else waits for the open."""
    if (number is None or number == held.number) and held.data == hand.to_dict():
        return held
    if number is None or number == held.number:
        raise Conflict("hand_conflict", f"hand {held.number} is already held with a different hand", "number")
    raise Conflict("hand_held", f"hand {held.number} is held until it is opened; the next hand waits for it",
                   "number")


def window_closure(session: Session, shoe: Shoe, number: int) -> Refusal | None:
    """Why betting on hand `number` is closed by the table's mode: dealt and held, or flown."""
    held = rows.still_held(session, shoe.id, number)
    if held is not None:
        return Refusal("betting_closed", f"hand {number} is dealt and held: its cards are known",
                       {"why": "cards_known", "hand_number": number})
    if rows.flown_hand(session, shoe.id, number) is not None:
        return Refusal("betting_closed", f"the charter flew hand {number}: it is played with no bets",
                       {"why": "flown", "hand_number": number})
    return None


def play_state(session: Session, shoe: Shoe | None, number: int | None, betting_open: bool) -> dict[str, Any]:
    """The state of the hand in play for displays: waiting_for_bets, betting_closed, held
    (with its deadline, a timestamp), flown; and the last hand posted, opened, and how."""
    mode = table_mode(session, shoe.table_id) if shoe is not None else ModeSettings()
    state: dict[str, Any] = {"mode": mode.mode, "hand_number": number, "state": None, "deadline": None,
                             "chartered": False, "last": None}
    if shoe is None:
        return state
    state["chartered"] = rows.active_charter(session, shoe.table_id) is not None
    if number is not None:
        held = rows.still_held(session, shoe.id, number)
        if held is not None:
            state.update(held_state(held))
        elif rows.flown_hand(session, shoe.id, number) is not None:
            state["state"] = FLOWN
        else:
            state["state"] = WAITING_FOR_BETS if betting_open else BETTING_CLOSED
    state["last"] = _last_opened(session, shoe)
    return state


def _last_opened(session: Session, shoe: Shoe) -> dict[str, Any] | None:
    posted = repo.last_hand_number(session, shoe.id)
    if posted == 0:
        return None
    held = rows.held_hand(session, shoe.id, posted)
    flown = rows.flown_hand(session, shoe.id, posted) is not None
    return {"hand_number": posted, "state": OPENED, "flown": flown,
            "opened_how": held.opened_how if held else None,
            "opened_at": held.opened_at.isoformat() if held and held.opened_at else None}
