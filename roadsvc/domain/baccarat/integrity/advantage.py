"""Bets in the player's favour: the `positive_ev` alert's rule and the `advantage` closure.

A bet qualifies on the next hand when it is open (its cutoff has not passed) and its
exact EV per unit staked is at or above the table's `ev_alert_threshold` (0 by
default: a bet the player is expected to win on). The floor monitor registers
`positive_ev` as an alert rule: a non-empty answer raises (or keeps) the warning, an
empty one resolves it. A table with `close_positive_ev` refuses those bets for the hand
with the refusal `advantage`, the EV in the refusal.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any, Iterable

from roadsvc.domain.baccarat.bets.cutoffs import cutoff_refusal
from roadsvc.domain.baccarat.bets.refusals import ADVANTAGE, Refusal
from roadsvc.domain.errors import DomainError
from roadsvc.domain.baccarat.integrity.engine import BetEV, NextHandOdds

POSITIVE_EV = "positive_ev"  # the floor monitor's alert code
POSITIVE_EV_SEVERITY = "warning"
DEFAULT_THRESHOLD = Decimal("0")


@dataclass(frozen=True)
class Advantage:
    """An open bet at or above the threshold on the next hand."""

    bet: str
    ev: Fraction
    cards_left: int
    hand_number: int

    def as_dict(self) -> dict[str, Any]:
        return {"bet": self.bet, "ev": float(self.ev), "cards_left": self.cards_left, "hand_number": self.hand_number}


def is_open(bet_ev: BetEV, hand_number: int) -> bool:
    """Open on hand `hand_number` as far as the rules go (its cutoff not passed)."""
    return cutoff_refusal(bet_ev.bet, hand_number) is None


def at_or_above(ev: Fraction, threshold: Decimal) -> bool:
    return ev >= Fraction(threshold)


def positive_ev(odds: NextHandOdds, hand_number: int, threshold: Decimal = DEFAULT_THRESHOLD,
                codes: Iterable[str] | None = None) -> list[Advantage]:
    """The `positive_ev` rule: every open bet (of `codes`, if given) whose EV is >= `threshold`.

    Empty when none qualifies (the alert resolves itself).
    """
    wanted = None if codes is None else set(codes)
    return [
        Advantage(code, bet_ev.ev, odds.cards_left, hand_number)
        for code, bet_ev in odds.bets.items()
        if (wanted is None or code in wanted) and is_open(bet_ev, hand_number) and at_or_above(bet_ev.ev, threshold)
    ]


def advantage_refusal(advantage: Advantage, threshold: Decimal) -> Refusal:
    """The refusal closing a bet whose EV reached the table's threshold, for this hand."""
    return Refusal(
        ADVANTAGE,
        f"{advantage.bet} is closed on hand {advantage.hand_number}: its expected value {float(advantage.ev):+.4%} "
        f"per unit is at or above the table's threshold {threshold}",
        {"bet": advantage.bet, "hand_number": advantage.hand_number, "ev": float(advantage.ev),
         "threshold": str(threshold), "cards_left": advantage.cards_left},
    )


# The table settings (`ev_alert_threshold`, `close_positive_ev`), validated here for every caller.

THRESHOLD_SETTING, CLOSE_SETTING = "ev_alert_threshold", "close_positive_ev"
INTEGRITY_SETTINGS = (THRESHOLD_SETTING, CLOSE_SETTING)
THRESHOLD_BOUND = Decimal("1")  # an EV per unit staked beyond +-1 (+-100%) is never reached by a bet this matters for


def threshold_of(settings: dict[str, Any]) -> Decimal:
    """The table's `ev_alert_threshold` (default 0): a number from -1 to 1."""
    value = (settings or {}).get(THRESHOLD_SETTING, 0)
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise _invalid_threshold()
    try:
        threshold = Decimal(str(value))
    except ArithmeticError:
        raise _invalid_threshold() from None
    if not threshold.is_finite() or abs(threshold) > THRESHOLD_BOUND:
        raise _invalid_threshold()
    return threshold


def closes_positive_ev(settings: dict[str, Any]) -> bool:
    """The table's `close_positive_ev` (default false): refuse bets at or above the threshold."""
    value = (settings or {}).get(CLOSE_SETTING, False)
    if not isinstance(value, bool):
        raise DomainError("invalid_settings", "close_positive_ev is true or false", f"settings.{CLOSE_SETTING}")
    return value


def check_integrity_settings(settings: dict[str, Any]) -> None:
    threshold_of(settings)
    closes_positive_ev(settings)


def _invalid_threshold() -> DomainError:
    return DomainError("invalid_settings", f"ev_alert_threshold is a number from -{THRESHOLD_BOUND} to "
                       f"{THRESHOLD_BOUND} (EV per unit staked)", f"settings.{THRESHOLD_SETTING}")
