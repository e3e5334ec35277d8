"""Per-shoe cutoffs (003 §5-9): "after hand N" refuses a bet on hand N+1 or later.

Hands are numbered from 1 in each shoe, so a bet with cutoff 50 is open on hands
1-50 and refused from hand 51.
"""

from __future__ import annotations

from roadsvc.domain.baccarat.bets.refusals import CUTOFF, Refusal
from roadsvc.domain.baccarat.bets.rule_sets import BetSpec
from roadsvc.domain.errors import DomainError


def check_hand_number(hand_number: object) -> int:
    if isinstance(hand_number, bool) or not isinstance(hand_number, int) or hand_number < 1:
        raise DomainError("invalid_hand_number", f"hands are numbered from 1, got {hand_number!r}", "hand_number")
    return hand_number


def cutoff_refusal(bet: BetSpec, hand_number: int) -> Refusal | None:
    """The cutoff refusing `bet` on hand `hand_number`, if there is one."""
    if bet.cutoff is None or hand_number <= bet.cutoff:
        return None
    return Refusal(
        CUTOFF,
        f"{bet.code} is not taken after hand {bet.cutoff} of a shoe; this is hand {hand_number}",
        {"bet": bet.code, "hand_number": hand_number, "cutoff": bet.cutoff},
    )
