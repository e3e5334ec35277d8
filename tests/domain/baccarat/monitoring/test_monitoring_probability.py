"""The p-values against an independent brute force: every sequence of a short shoe's
decided hands, enumerated with its probability."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from roadsvc.domain.baccarat.monitoring.improbable import longest_streak, run_p_at_least
from roadsvc.domain.baccarat.monitoring.probability import banker_share, hand_probabilities, longest_run_p, share_p


def brute_sequences(n: int, q: float):
    for sequence in itertools.product("BP", repeat=n):
        banker = sequence.count("B")
        yield sequence, q**banker * (1 - q) ** (n - banker)


def longest_run(sequence) -> int:
    return max((len(list(group)) for _, group in itertools.groupby(sequence)), default=0)


def brute_run_p(n: int, longest: int, q: float) -> float:
    return sum(p for sequence, p in brute_sequences(n, q) if longest_run(sequence) >= longest)


def brute_share_p(n: int, banker: int, q: float) -> float:
    """Two-sided: the probability of every sequence whose banker count is no likelier than the observed."""
    by_count = {k: sum(p for s, p in brute_sequences(n, q) if s.count("B") == k) for k in range(n + 1)}
    return sum(p for p in by_count.values() if p <= by_count[banker] * (1 + 1e-7))


def test_the_hand_probabilities_are_the_exact_eight_deck_figures():
    p = hand_probabilities(8)
    assert sum(p.values()) == 1 and all(isinstance(v, Fraction) for v in p.values())
    assert (round(float(p["banker"]), 6), round(float(p["player"]), 6), round(float(p["tie"]), 6)) == (
        0.458597, 0.446247, 0.095156)


def test_fewer_decks_change_the_odds():
    assert hand_probabilities(1) != hand_probabilities(8)
    assert banker_share(1) != banker_share(8)


@pytest.mark.parametrize("n", [1, 2, 3, 6, 9, 12])
def test_the_longest_run_p_value_matches_the_brute_force(n):
    q = banker_share(8)
    for longest in range(0, n + 2):
        assert longest_run_p(n, longest, q) == pytest.approx(brute_run_p(n, longest, q), rel=1e-12, abs=1e-15)


@pytest.mark.parametrize("q", [0.3, 0.5, 0.7])
def test_the_run_program_holds_for_uneven_odds_too(q):
    for longest in range(1, 12):
        assert longest_run_p(11, longest, q) == pytest.approx(brute_run_p(11, longest, q), rel=1e-12, abs=1e-15)


@pytest.mark.parametrize("n", [1, 4, 7, 12])
def test_the_banker_share_p_value_matches_the_brute_force(n):
    q = banker_share(8)
    for banker in range(n + 1):
        assert share_p(n, banker, q) == pytest.approx(brute_share_p(n, banker, q), rel=1e-12)


def test_the_quick_lower_bound_never_exceeds_the_exact_value():
    q = banker_share(8)
    for n in (10, 40, 80):
        for longest in range(1, 25):
            assert run_p_at_least(n, longest, q) <= longest_run_p(n, longest, q) + 1e-15


def test_ties_neither_extend_nor_break_a_streak():
    assert longest_streak(["banker", "tie", "banker", "player", "player", "tie", "player", "banker"]) == ("player", 3)
    assert longest_streak(["tie", "tie"]) == (None, 0)
