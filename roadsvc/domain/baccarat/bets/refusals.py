"""Why a bet is not taken: a stable reason code, a message, and the figures behind it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

CUTOFF, BELOW_MIN, ABOVE_MAX = "cutoff", "below_min", "above_max"
HEDGE_LIMIT, TOTAL_LIMIT, UNKNOWN_BET = "hedge_limit", "total_limit", "unknown_bet"
NEEDS_CARDS, RANGE_CLOSED = "needs_cards", "range_closed"
ADVANTAGE = "advantage"  # the table closes a bet in the player's favour (roadsvc.domain.baccarat.integrity.advantage)
REASONS = (CUTOFF, BELOW_MIN, ABOVE_MAX, HEDGE_LIMIT, TOTAL_LIMIT, UNKNOWN_BET, NEEDS_CARDS, RANGE_CLOSED, ADVANTAGE)


@dataclass(frozen=True)
class Refusal:
    """A rule refusing a bet. `detail` holds the rule's figures (as strings or ints) for clients."""

    code: str
    message: str
    detail: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, **self.detail}
