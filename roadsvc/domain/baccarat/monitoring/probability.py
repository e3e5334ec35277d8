"""Exact p-values of a shoe's results, from the exact probabilities of one hand.

The probability of banker, player and tie on a fresh shoe of `decks` decks is counted
exactly over every ordered six-card dealing (roadsvc.domain.baccarat.bets.point_odds). Ties
neither extend nor break a streak (as on the big road), so both tests look at the
decided hands, each banker with probability q = P(banker) / (P(banker) + P(player)),
independently (the usual model of a shoe for these tests):

* `longest_run_p`: P(the longest run of either side in n decided hands >= L), by a
  dynamic program over run lengths (states: side and current run length below L, the
  mass that reaches L absorbed and summed: no 1 - x cancellation for tiny values);
* `share_p`: the exact two-sided binomial test of b banker wins in n decided hands
  (the probabilities of all counts no likelier than b, summed, as R's binom.test does).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import comb

from roadsvc.domain.baccarat.bets.point_odds import key_counts, key_facts, point_keys
from roadsvc.domain.baccarat.dealing.hands import BANKER, PLAYER, TIE

RELATIVE_TIE = 1 + 1e-7  # counts within this factor of the observed count's probability count as "as likely"


@lru_cache(maxsize=16)
def hand_probabilities(decks: int) -> dict[str, Fraction]:
    """Exact P(banker), P(player), P(tie) of a hand dealt from a fresh shoe of `decks` decks."""
    per_key, total = key_counts([16 * decks] + [4 * decks] * 9)
    tally = {BANKER: 0, PLAYER: 0, TIE: 0}
    for key, count in zip(point_keys(), per_key.tolist()):
        tally[key_facts(key).result] += count
    return {result: Fraction(count, total) for result, count in tally.items()}


@lru_cache(maxsize=16)
def banker_share(decks: int) -> float:
    """q: the probability that a decided hand (not a tie) is a banker win."""
    p = hand_probabilities(decks)
    return float(p[BANKER] / (p[BANKER] + p[PLAYER]))


@lru_cache(maxsize=8192)
def longest_run_p(n: int, longest: int, q: float) -> float:
    """P(some run of banker or of player reaches `longest` in n decided hands)."""
    if longest <= 1:
        return 1.0 if n >= 1 or longest <= 0 else 0.0
    if longest > n:
        return 0.0
    r = 1.0 - q
    # banker[k] (player[k]): P(no run has reached `longest` and the current run is k bankers
    # (players)), for k = 1 .. longest - 1 (index 0 unused). After the first hand:
    banker, player = [0.0] * longest, [0.0] * longest
    banker[1], player[1] = q, r
    reached = 0.0
    for _ in range(n - 1):
        reached += q * banker[-1] + r * player[-1]
        to_banker, to_player = q * sum(player), r * sum(banker)
        banker = [0.0, to_banker] + [q * x for x in banker[1:-1]]
        player = [0.0, to_player] + [r * x for x in player[1:-1]]
    return min(1.0, reached)


@lru_cache(maxsize=8192)
def share_p(n: int, banker: int, q: float) -> float:
    """Exact two-sided binomial p-value of `banker` banker wins in n decided hands."""
    if n == 0:
        return 1.0
    pmf = [comb(n, k) * q**k * (1 - q) ** (n - k) for k in range(n + 1)]
    observed = pmf[banker] * RELATIVE_TIE
    return min(1.0, sum(p for p in pmf if p <= observed))
