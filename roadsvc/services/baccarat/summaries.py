"""Shoe summaries for the lobby, stored with the shoe by every write that changes its hands.

Posting, voiding and correcting a hand already hold the shoe's counted hands inside their
transaction; `store_summary` summarises them there and stores the summary with the revision
bump (one UPDATE), so the stored summary always describes the committed hands (and costs the
write a pass over the hands it has already parsed).
A shoe stored before summaries existed has none: `summary_of` then reads its hands.
"""

from __future__ import annotations

from typing import Any, Mapping

from sqlalchemy.orm import Session

from roadsvc.domain.baccarat.dealing.hands import Hand
from roadsvc.domain.baccarat.roads.shoe_summary import Summary, summarise
from roadsvc.persistence import repositories as repo
from roadsvc.services.baccarat.stored_hands import stored_hand


def store_summary(session: Session, shoe_id: int, counted: Mapping[int, Hand]) -> tuple[Summary, int]:
    """Write the summary of these counted hands (by number) to the shoe and bump its revision,
    in one statement of the caller's transaction; returns (summary, new revision)."""
    summary = summary_of_hands(counted)
    return summary, repo.bump_revision(session, shoe_id, summary)


def summary_of_hands(counted: Mapping[int, Hand]) -> Summary:
    numbers = sorted(counted)
    return summarise([counted[n] for n in numbers], numbers)


def summary_of(session: Session, shoe_id: int, stored: Mapping[str, Any] | None) -> Summary:
    """The stored summary, or one made from the shoe's hands if it has none yet."""
    if stored is not None:
        return dict(stored)
    rows = repo.counted_hand_rows(session, shoe_id)
    return summarise([stored_hand(row.data_json) for row in rows], [row.number for row in rows])
