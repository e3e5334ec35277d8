"""The facts the shared rules read: one small record per kind of event the services see (a
game's own rules read its own facts too: roadsvc.domain.baccarat.monitoring.facts)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any


@dataclass(frozen=True, slots=True)
class HandRefused:
    """A posted hand was refused by the drawing rules or the card supply; the shoe is unchanged."""

    refusals: int  # refusals in this shoe, this one included
    hand_number: int  # the number it would have had
    code: str
    message: str
    field: str | None
    refused: Any  # the input as posted


@dataclass(frozen=True, slots=True)
class HandCorrected:
    """A pit boss voided or corrected a hand."""

    corrections: int  # voids and corrections in this shoe, this one included
    hand_number: int
    action: str  # "void" or "correct"
    actor: str
    reason: str


@dataclass(frozen=True, slots=True)
class LateSlip:
    """A game server's slip was refused as betting_closed."""

    late_slips: int  # in this shoe, this one included
    hand_number: int | None
    client_slip_id: str
    account_id: str
    why: str


@dataclass(frozen=True, slots=True)
class ShoeClock:
    """An open shoe, looked at by the clock (the jobs process)."""

    now: datetime
    opened_at: datetime
    last_hand_at: datetime | None
    hands: int
    complete: bool  # the cut card is out and its hand is in: the table is changing shoes

    @property
    def last_activity(self) -> datetime:
        return self.last_hand_at or self.opened_at

    @property
    def idle_seconds(self) -> float:
        return max(0.0, (self.now - self.last_activity).total_seconds())


# Tables that deal rounds and have no shoe (百人牛牛): their alerts are about the table itself.


@dataclass(frozen=True, slots=True)
class TableClock:
    """A table that deals rounds, looked at by the clock: its newest round and when it last changed
    (posted, a hand opened, settled, voided, corrected). None before its first round."""

    now: datetime
    round_number: int | None
    phase: str | None  # the newest round's: dealing, opening, settled, voided
    last_change_at: datetime | None

    @property
    def finished(self) -> bool:
        """The newest round is settled or voided: the next one's betting is open."""
        return self.phase in ("settled", "voided")

    @property
    def idle_seconds(self) -> float:
        if self.last_change_at is None:
            return 0.0
        return max(0.0, (self.now - self.last_change_at).total_seconds())


@dataclass(frozen=True, slots=True)
class RoundRefused:
    """A posted round was refused (a repeated card, not a card, a joker as the reveal card, the wrong
    number of cards...); the table is unchanged. Only the refusal's code and field: its message and
    the cards posted may name a card that is a closed hand's fourth card once the round is posted
    right, so they are never kept."""

    refusals: int  # at the table since its last refused_rounds alert was resolved, this one included
    round_number: int  # the number it would have had
    code: str
    field: str | None


@dataclass(frozen=True, slots=True)
class RoundCorrected:
    """A pit boss voided a round (a misdeal) or corrected its cards."""

    corrections: int  # at the table since its last corrections alert was resolved, this one included
    round_number: int
    action: str  # "void" or "correction"
    actor: str
    reason: str


@dataclass(frozen=True, slots=True)
class LateRoundSlip:
    """A game server's slip on a round was refused as betting_closed."""

    late_slips: int  # at the table since its last late_slips alert was resolved, this one included
    round_number: int
    account_id: str
    why: str
