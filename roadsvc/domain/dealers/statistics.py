"""Is a dealer out of line with the floor? Two stated tests, each against the rest of the floor at the same
game in the same period (docs/dealers.md gives their false-alarm rates and power from a seeded simulation).

Refusals: the conditional test of two Poisson rates (Przyborowski and Wilenski, 1940). The dealer's
refusals X in n games and the rest of the floor's Y in m games; if both refuse at one rate, then given
X + Y the dealer's share is Binomial(X + Y, n / (n + m)), and the one-sided p-value is
P(Binomial(X + Y, n / (n + m)) >= X). It needs no estimate of the floor's rate (the floor's own
uncertainty is in the test) and is exact at any count.

Pace: a z-score of the dealer's mean seconds between consecutive games at a table (their games per hour is
3600 over it) against the rest of the floor's, z = (mean_d - mean_f) / sqrt(var_d / n_d + var_f / n_f)
(Welch's statistic, read against the normal), two-sided: a dealer much slower, or much faster, than the
floor. A gap longer than MAX_GAP_SECONDS is a break (a shoe change, a dispute), not pace.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable

MAX_GAP_SECONDS = 600


def binomial_upper_tail(k: int, n: int, p: float) -> float:
    """P(X >= k) for X ~ Binomial(n, p), summed exactly in log space."""
    if k <= 0:
        return 1.0
    if k > n or p <= 0.0:
        return 0.0
    if p >= 1.0:
        return 1.0
    log_p, log_q, log_n = math.log(p), math.log1p(-p), math.lgamma(n + 1)
    total = 0.0
    for i in range(k, n + 1):
        term = math.exp(log_n - math.lgamma(i + 1) - math.lgamma(n - i + 1) + i * log_p + (n - i) * log_q)
        total += term
        if i > n * p and term < total * 1e-16:  # past the mode the terms only shrink: the rest is below rounding
            break
    return min(1.0, total)


def refusal_p_value(refusals: int, games: int, floor_refusals: int, floor_games: int) -> float | None:
    """The one-sided p-value of the dealer refusing more often per game than the rest of the floor; None
    when either side dealt no game."""
    if games <= 0 or floor_games <= 0:
        return None
    return binomial_upper_tail(refusals, refusals + floor_refusals, games / (games + floor_games))


@dataclass(frozen=True, slots=True)
class Gaps:
    """Seconds between consecutive games at a table under one dealer: how many, their mean and variance."""

    n: int
    mean: float
    variance: float

    @classmethod
    def of(cls, seconds: Iterable[float]) -> "Gaps":
        found = [s for s in seconds if 0 < s <= MAX_GAP_SECONDS]
        if not found:
            return cls(0, 0.0, 0.0)
        mean = sum(found) / len(found)
        variance = sum((s - mean) ** 2 for s in found) / (len(found) - 1) if len(found) > 1 else 0.0
        return cls(len(found), mean, variance)

    @property
    def games_per_hour(self) -> float | None:
        return 3600 / self.mean if self.n and self.mean else None


def pace_z(dealer: Gaps, floor: Gaps) -> float | None:
    """Welch's z of the dealer's mean gap against the floor's (positive: slower than the floor); None when
    either has fewer than two gaps or neither varies."""
    if dealer.n < 2 or floor.n < 2:
        return None
    spread = math.sqrt(dealer.variance / dealer.n + floor.variance / floor.n)
    return None if spread == 0 else (dealer.mean - floor.mean) / spread


def two_sided_p(z: float) -> float:
    return math.erfc(abs(z) / math.sqrt(2))
