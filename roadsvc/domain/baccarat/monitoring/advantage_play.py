"""The advantage-play watch (issue 45): does an account's play follow the shoe's exact EV?

Every baccarat stake keeps the exact EV of its bet when the slip was accepted (the integrity engine's).
A card counter's signature is stakes that appear exactly when that EV turns positive. The question a
surveillance manager asks is "would this account's stakes land on that many positive hands if it chose
its hands regardless of the shoe?".

The statistic, per account over every bet and table (`PlayEvidence`):

* `k`: its stakes placed when the bet's EV was above zero;
* what the same stakes would meet placed regardless of the shoe. Within each shoe and bet, the account's
  stakes are slid along the bet's open hands by every circular shift (the pattern of its stakes kept: a
  sitting of 20 hands stays a sitting of 20 hands; the shoe's runs of positive hands kept too): `lam` is the
  mean number of its stakes that land on a positive hand over the shifts (equal to the stakes times the share
  of positive hands), `var` their variance over the shifts. Under the null (the account's stakes do not
  follow the EV) the shift it was dealt is any of them: this is the circular-shift (toroidal) permutation
  test, which keeps both series' clustering, where a test that scattered the stakes at random would flag
  every bettor who happened to sit through a run of positive hands.
* the p-value is the larger of two: the normal tail of `z = (k - lam) / sqrt(var)` summed over the shoes
  (the shift test; shoes are independent), and `P(X >= k)` for X ~ Poisson(lam), the tail of stakes
  scattered at random (a sum of independent Bernoulli trials, or a hypergeometric count, has an upper tail
  below the Poisson tail of its mean: Hoeffding 1956), which guards the normal tail where `lam` is small.

Beside it, the effect, in the words of the issue: the stake-weighted mean EV of the account's stakes,
against what the same stakes average placed regardless of the shoe (each at its shoe's mean EV for its
bet). An account is flagged when at least `MIN_POSITIVE_STAKES` of its stakes were at EV > 0 (a minimum
of evidence) and the p-value is at most `ALPHA`. Both the false-alarm rate and how soon a counter is
flagged are measured by bench/advantage_watch.py (docs/surveillance.md).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Iterable, Mapping, Sequence

import numpy as np

from roadsvc.domain.monitoring.registry import WARNING, Finding, Settings, rule

ADVANTAGE_PLAY = "advantage_play"
MIN_POSITIVE_STAKES = 5
ALPHA = 1e-6


@dataclass(frozen=True, slots=True)
class BetProfile:
    """What one bet offered over one counted shoe: its hands, those at EV > 0, its mean EV."""

    hands: int
    positive_hands: int
    mean_ev: float

    @property
    def positive_share(self) -> float:
        return self.positive_hands / self.hands if self.hands else 0.0


def profiles(series: Sequence[Mapping[str, float]]) -> dict[str, BetProfile]:
    """Each bet's profile from the EV of every open bet before each hand of a shoe (a bet past its
    cutoff is not in a hand's mapping: it offered nothing there, and no stake could be on it)."""
    found: dict[str, list[float]] = {}
    for evs in series:
        for code, ev in evs.items():
            found.setdefault(code, []).append(ev)
    return {code: BetProfile(len(evs), sum(1 for ev in evs if ev > 0), math.fsum(evs) / len(evs))
            for code, evs in found.items()}


@dataclass(frozen=True, slots=True)
class Stake:
    """One accepted stake: its bet, its amount in cents, its EV when accepted, and its hand (the index of
    the hand in the shoe's series)."""

    bet: str
    cents: int
    ev: float
    hand: int


@dataclass(frozen=True, slots=True)
class Tally:
    """An account's stakes on one bet (at one table), added up over the shoes counted."""

    shoes: int = 0
    stakes: int = 0
    staked: int = 0  # cents
    positive_stakes: int = 0
    positive_staked: int = 0
    ev_staked: float = 0.0  # sum of cents x EV
    null_ev_staked: float = 0.0  # sum of cents x the shoe's mean EV of the bet
    expected_positive: float = 0.0  # stakes on positive hands expected over the circular shifts, summed over shoes
    positive_variance: float = 0.0  # their variance over the shifts, summed over shoes

    def plus(self, other: "Tally") -> "Tally":
        return Tally(*(a + b for a, b in zip(_fields(self), _fields(other))))


def _fields(tally: Tally) -> tuple:
    return (tally.shoes, tally.stakes, tally.staked, tally.positive_stakes, tally.positive_staked, tally.ev_staked,
            tally.null_ev_staked, tally.expected_positive, tally.positive_variance)


def shoe_tallies(series: Sequence[Mapping[str, float]], stakes: Mapping[str, Iterable[Stake]]
                 ) -> dict[str, dict[str, Tally]]:
    """Each account's stakes in one shoe, by bet, as tallies (`shoes` 1). `series`: the EV of every open bet
    before each hand of the shoe (a bet past its cutoff absent); a stake's `hand` indexes it."""
    offered = profiles(series)
    by_bet: dict[str, dict[str, list[Stake]]] = {}
    for account, found in stakes.items():
        for stake in found:
            if stake.bet in series[stake.hand]:
                by_bet.setdefault(stake.bet, {}).setdefault(account, []).append(stake)
    tallies: dict[str, dict[str, Tally]] = {}
    for bet, accounts in by_bet.items():
        hands = [index for index, evs in enumerate(series) if bet in evs]
        shifted = _shifted_positives(np.array([series[index][bet] > 0 for index in hands], dtype=np.float64))
        position = {index: n for n, index in enumerate(hands)}
        for account, found in accounts.items():
            tallies.setdefault(account, {})[bet] = _tally(found, offered[bet], shifted, position)
    return tallies


def _shifted_positives(positive: np.ndarray) -> np.ndarray:
    """The (shifts x hands) matrix whose row s is the positive hands slid by s places (circularly)."""
    n = len(positive)
    return positive[(np.arange(n)[:, None] + np.arange(n)[None, :]) % n]


def _tally(stakes: list[Stake], profile: BetProfile, shifted: np.ndarray, position: dict[int, int]) -> Tally:
    placed = np.zeros(shifted.shape[1])
    for stake in stakes:
        placed[position[stake.hand]] += 1
    landed = shifted @ placed  # stakes on positive hands, at every shift
    positive = [stake for stake in stakes if stake.ev > 0]
    return Tally(
        shoes=1, stakes=len(stakes), staked=sum(stake.cents for stake in stakes),
        positive_stakes=len(positive), positive_staked=sum(stake.cents for stake in positive),
        ev_staked=math.fsum(stake.cents * stake.ev for stake in stakes),
        null_ev_staked=sum(stake.cents for stake in stakes) * profile.mean_ev,
        expected_positive=float(landed.mean()), positive_variance=float(landed.var()))


def poisson_upper_tail(k: int, lam: float) -> float:
    """P(X >= k) for X ~ Poisson(lam), summed from k upwards in logs (exact to float precision)."""
    if k <= 0:
        return 1.0
    if lam <= 0:
        return 0.0
    if k <= lam:  # at or below the mean: 1 - P(X < k), summed from k - 1 downwards (the terms fall away fast)
        lowest = max(0, int(k - 1 - 40 * math.sqrt(lam) - 50))
        below = math.fsum(math.exp(j * math.log(lam) - lam - math.lgamma(j + 1)) for j in range(lowest, k))
        return max(0.0, 1.0 - below)
    total, j = 0.0, k
    term = math.exp(k * math.log(lam) - lam - math.lgamma(k + 1))
    while term > total * 1e-17 and j < k + 100_000:
        total += term
        j += 1
        term *= lam / j
    return min(1.0, total)


@dataclass(frozen=True)
class PlayEvidence:
    """An account's play against the exact EV, over every bet and table counted."""

    account_id: str
    by_bet: Mapping[str, Tally]
    total: Tally = field(init=False)

    def __post_init__(self) -> None:
        total = Tally()
        for tally in self.by_bet.values():
            total = total.plus(tally)
        object.__setattr__(self, "total", total)

    @property
    def z(self) -> float | None:
        """The shift test's statistic: stakes at EV > 0 above the shifts' mean, in standard deviations."""
        total = self.total
        if total.positive_variance <= 0:
            return None  # every shift lands the same: the stakes say nothing about the EV
        return (total.positive_stakes - total.expected_positive) / math.sqrt(total.positive_variance)

    @property
    def p_value(self) -> float:
        z = self.z
        shift_p = 1.0 if z is None else 0.5 * math.erfc(z / math.sqrt(2))
        return max(shift_p, poisson_upper_tail(self.total.positive_stakes, self.total.expected_positive))

    @property
    def mean_ev(self) -> float | None:
        """The stake-weighted mean EV per unit of its stakes."""
        return self.total.ev_staked / self.total.staked if self.total.staked else None

    @property
    def null_mean_ev(self) -> float | None:
        """The same stakes' mean EV placed regardless of the shoe."""
        return self.total.null_ev_staked / self.total.staked if self.total.staked else None

    @property
    def flagged(self) -> bool:
        return self.total.positive_stakes >= MIN_POSITIVE_STAKES and self.p_value <= ALPHA

    def as_details(self) -> dict:
        total = self.total
        return {
            "account_id": self.account_id, "shoes": max((t.shoes for t in self.by_bet.values()), default=0),
            "stakes": total.stakes, "staked": _money(total.staked),
            "positive_stakes": total.positive_stakes, "positive_staked": _money(total.positive_staked),
            "other_stakes": total.stakes - total.positive_stakes,
            "other_staked": _money(total.staked - total.positive_staked),
            "expected_positive": round(total.expected_positive, 4),
            "z": None if self.z is None else round(self.z, 3),
            "mean_ev": _rounded(self.mean_ev), "null_mean_ev": _rounded(self.null_mean_ev),
            "p_value": self.p_value, "alpha": ALPHA, "min_positive_stakes": MIN_POSITIVE_STAKES,
            "bets": [_bet_details(bet, tally) for bet, tally in sorted(
                self.by_bet.items(), key=lambda item: (-item[1].positive_stakes, item[0]))],
        }


def _bet_details(bet: str, tally: Tally) -> dict:
    return {"bet": bet, "stakes": tally.stakes, "positive_stakes": tally.positive_stakes,
            "staked": _money(tally.staked), "positive_staked": _money(tally.positive_staked),
            "expected_positive": round(tally.expected_positive, 4),
            "mean_ev": _rounded(tally.ev_staked / tally.staked if tally.staked else None),
            "null_mean_ev": _rounded(tally.null_ev_staked / tally.staked if tally.staked else None)}


def _money(cents: int) -> str:
    return f"{cents // 100}.{cents % 100:02d}"


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 6)


@rule(ADVANTAGE_PLAY, on=PlayEvidence)
def advantage_play(evidence: PlayEvidence, settings: Settings) -> Finding | None:
    if not evidence.flagged:
        return None
    details = evidence.as_details()
    message = (f"account {evidence.account_id}: {details['positive_stakes']} of {details['stakes']} stakes at "
               f"EV > 0 where {details['expected_positive']:.2f} were expected regardless of the shoe "
               f"(p = {details['p_value']:.2g}); mean EV {details['mean_ev']:+.4%} against "
               f"{details['null_mean_ev']:+.4%}")
    return Finding(ADVANTAGE_PLAY, WARNING, message, details)
