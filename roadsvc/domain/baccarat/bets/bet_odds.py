"""A bet's exact odds: how many of the equally likely dealings give each outcome.

Counts are integers over a common total (ordered dealings), so probabilities, the
expected net, the house edge and the RTP are exact fractions; floats only for show.
The house edge is the expected loss per unit staked (pushes count as bets), the
RTP one minus it.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Mapping

from roadsvc.domain.baccarat.bets.rule_sets import BetSpec
from roadsvc.domain.baccarat.bets.rules import LOSE, PUSH, WIN


def unit_net(bet: BetSpec, label: str) -> Decimal:
    """The net of a unit stake for outcome `label` (`win:<tier>`, `lose:<tier>`, `push`)."""
    if label == PUSH:
        return Decimal(0)
    kind, tier = label.split(":", 1)
    if kind == WIN:
        return bet.pays[tier]
    assert kind == LOSE
    return -bet.losses[tier]


def outcome_labels(bet: BetSpec) -> list[str]:
    """Every outcome label a bet's rule can give, wins by tier first, then push, then losses."""
    wins = [f"{WIN}:{tier}" for tier in bet.rule.win_tiers]
    return wins + [PUSH] + [f"{LOSE}:{tier}" for tier in bet.rule.loss_tiers]


def in_label_order(bet: BetSpec, counts: Mapping[str, int]) -> dict[str, int]:
    return {label: counts[label] for label in outcome_labels(bet) if label in counts}


@dataclass(frozen=True)
class BetOdds:
    """Outcome counts of one bet over `total` equally likely dealings."""

    bet: BetSpec
    counts: Mapping[str, int]
    total: int

    def probability(self, label: str) -> Fraction:
        return Fraction(self.counts.get(label, 0), self.total)

    @property
    def expected_net(self) -> Fraction:
        return sum(
            (Fraction(unit_net(self.bet, label)) * Fraction(count, self.total) for label, count in self.counts.items()),
            Fraction(0),
        )

    @property
    def house_edge(self) -> Fraction:
        return -self.expected_net

    @property
    def rtp(self) -> Fraction:
        return 1 + self.expected_net

    def as_dict(self) -> dict:
        return {
            "bet": self.bet.code,
            "en": self.bet.en,
            "outcomes": {
                label: {
                    "pays": str(unit_net(self.bet, label)),
                    "count": count,
                    "probability": float(count / self.total),
                }
                for label, count in self.counts.items()
            },
            "total": self.total,
            "house_edge": float(self.house_edge),
            "rtp": float(self.rtp),
        }
