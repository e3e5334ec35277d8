"""A 百人牛牛 round's betting window: open from its first slip for `betting_seconds`, decided on the
server's clock.

The window of round n opens with its first slip (or a dealer's close before any slip) and closes at
its deadline, when a dealer closes it, or when its cards are posted. Whether a slip is in time is
decided from `now` and the deadline, not from whether a job has marked the window closed: a late
clock pass never lets a late slip in.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any, Mapping

DEADLINE, DEALER, CARDS = "deadline", "dealer", "cards"


@dataclass(frozen=True, slots=True)
class BettingWindow:
    round: int
    opened_at: datetime
    closes_at: datetime
    closed_at: datetime | None = None
    closed_by: str | None = None

    def closed(self, now: datetime) -> str | None:
        """Why betting is closed at `now` (`dealer`, `deadline`), or None while it is open."""
        if self.closed_by is not None:
            return self.closed_by
        return DEADLINE if now >= self.closes_at else None

    def close(self, now: datetime, by: str) -> "BettingWindow":
        """Closed by `by` at `now`; a deadline closes at the deadline, however late it is noticed."""
        if self.closed_by is not None:
            return self
        return replace(self, closed_at=self.closes_at if by == DEADLINE else now, closed_by=by)

    def as_dict(self) -> dict[str, Any]:
        return {"round": self.round, "opened_at": self.opened_at.isoformat(), "closes_at": self.closes_at.isoformat(),
                "closed_at": self.closed_at and self.closed_at.isoformat(), "closed_by": self.closed_by}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any] | None) -> "BettingWindow | None":
        if not raw:
            return None
        closed_at = raw.get("closed_at")
        return cls(raw["round"], datetime.fromisoformat(raw["opened_at"]), datetime.fromisoformat(raw["closes_at"]),
                   closed_at and datetime.fromisoformat(closed_at), raw.get("closed_by"))


def open_window(number: int, now: datetime, seconds: int) -> BettingWindow:
    return BettingWindow(number, now, now + timedelta(seconds=seconds))


def betting_view(window: BettingWindow, now: datetime) -> dict[str, Any]:
    """Round n while it takes bets (no cards yet), as every reader sees it."""
    why = window.closed(now)
    return {"number": window.round, "phase": "betting", "betting_open": why is None,
            "betting_closes_at": window.closes_at.isoformat(), "betting_closed_by": why,
            "opened": [], "hands": None, "results": None, "void_reason": None, "banker_account": None,
            "created_at": window.opened_at.isoformat(), "settled_at": None}
