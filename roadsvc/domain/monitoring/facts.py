"""The facts the rules read: one small record per kind of event the services see."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Sequence

from roadsvc.domain.baccarat.dealing.hands import Hand


@dataclass(frozen=True, slots=True)
class HandIn:
    """A hand was stored: the shoe's counted hands (oldest first) after it."""

    hands: Sequence[Hand]
    decks: int
    hand_number: int


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


@dataclass(frozen=True, slots=True)
class NextHandAdvantages:
    """The next hand of a shoe that enters cards, from its exact odds (the jobs process
    computes them after each change): the open bets at or above the table's threshold."""

    hand_number: int
    cards_left: int
    threshold: Any  # the table's ev_alert_threshold (a Decimal)
    advantages: Sequence[Any]  # roadsvc.domain.baccarat.integrity.advantage.Advantage, best first or as found
