"""The facts baccarat's own rules read (roadsvc.domain.monitoring.facts has the shared ones)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from roadsvc.domain.baccarat.dealing.hands import Hand
from roadsvc.domain.baccarat.integrity.advantage import Advantage


@dataclass(frozen=True, slots=True)
class HandIn:
    """A hand was stored: the shoe's counted hands (oldest first) after it."""

    hands: Sequence[Hand]
    decks: int
    hand_number: int


@dataclass(frozen=True, slots=True)
class NextHandAdvantages:
    """The next hand of a shoe that enters cards, from its exact odds (the jobs process
    computes them after each change): the open bets at or above the table's threshold."""

    hand_number: int
    cards_left: int
    threshold: Any  # the table's ev_alert_threshold (a Decimal)
    advantages: Sequence[Advantage]  # best first or as found
