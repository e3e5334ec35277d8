"""The dealer watch's statistics and rules (issue 45): exact tails, the stated levels, and the seeded
simulation of a shift (tests/dealer_simulation.py) that docs/dealers.md's figures come from."""

from __future__ import annotations

import math

import pytest

from dealer_simulation import BAD, false_alarms, pace_shift, power, refusals_shift
from roadsvc.domain.dealers.rules import (
    MIN_GAMES, REFUSAL_ALPHA, DealerPace, DealerRefusals, dealer_pace, dealer_refusals,
)
from roadsvc.domain.dealers.statistics import Gaps, binomial_upper_tail, pace_z, refusal_p_value
from roadsvc.domain.monitoring import evaluate


def test_the_binomial_tail_is_exact():
    assert binomial_upper_tail(0, 10, 0.3) == 1.0
    assert binomial_upper_tail(11, 10, 0.3) == 0.0
    assert binomial_upper_tail(10, 10, 0.5) == pytest.approx(1 / 1024)
    expected = sum(math.comb(20, i) * 0.1 ** i * 0.9 ** (20 - i) for i in range(5, 21))
    assert binomial_upper_tail(5, 20, 0.1) == pytest.approx(expected, rel=1e-12)


def test_the_refusal_p_value_is_the_dealers_share_of_all_refusals():
    # 6 of the floor's 10 refusals where the dealer dealt 60 of 600 games: P(Bin(10, 0.1) >= 6)
    assert refusal_p_value(6, 60, 4, 540) == pytest.approx(binomial_upper_tail(6, 10, 0.1))
    assert refusal_p_value(0, 60, 4, 540) == 1.0
    assert refusal_p_value(1, 0, 4, 540) is None


def refusals(dealer_refusals_count, games, floor_refusals, floor_games):
    return DealerRefusals(7, "Chan Mei Ling", "baccarat", "2026-12-07/0600", dealer_refusals_count, games,
                          floor_refusals, floor_games)


def test_dealer_refusals_waits_for_its_minimum_of_games():
    assert dealer_refusals(refusals(15, MIN_GAMES - 1, 10, 600), {}) is None
    finding = dealer_refusals(refusals(15, MIN_GAMES, 10, 600), {})
    assert finding is not None and finding.details["p_value"] < REFUSAL_ALPHA
    assert finding.details["per_100"] == 75.0 and finding.details["floor_per_100"] == pytest.approx(1.67)


def test_dealer_refusals_at_the_floors_rate_is_no_finding():
    assert dealer_refusals(refusals(6, 60, 54, 540), {}) is None


def test_both_rules_are_registered_on_their_facts():
    found = evaluate(refusals(30, 60, 10, 540), {})
    assert [f.code for f in found] == ["dealer_refusals"]


def test_pace_z_is_welchs_and_its_sign_says_slower():
    slow, floor = Gaps(30, 80.0, 100.0), Gaps(300, 60.0, 144.0)
    assert pace_z(slow, floor) == pytest.approx(20 / math.sqrt(100 / 30 + 144 / 300))
    finding = dealer_pace(DealerPace(7, "Chan Mei Ling", "baccarat", "p", slow, floor), {})
    assert finding.details["slower"] is True and finding.details["games_per_hour"] == 45.0
    assert dealer_pace(DealerPace(7, "x", "baccarat", "p", Gaps(30, 61.0, 144.0), floor), {}) is None


def test_a_gap_longer_than_a_break_is_not_pace():
    assert Gaps.of([60, 62, 58, 3600]).n == 3


# The targets: the seeded simulation of a shift of 60 games a table (10 tables, the floor refusing 15 per 100)


def test_a_dealer_at_three_times_the_floors_rate_is_flagged_within_the_shift():
    shift = refusals_shift(seed=45, factor=3.0)
    assert BAD in shift.flagged and shift.flagged[BAD] <= 60
    assert set(shift.flagged) == {BAD}


def test_a_dealer_at_the_floors_rate_is_not_flagged():
    assert refusals_shift(seed=45).flagged == {}


def test_over_many_seeded_shifts_the_watch_keeps_its_stated_rates():
    bad = [refusals_shift(seed, factor=3.0) for seed in range(100)]
    normal = [refusals_shift(seed) for seed in range(100, 200)]
    assert power(bad, "flagged") >= 0.85
    assert false_alarms(normal, 10, "flagged", False) <= 0.01
    assert false_alarms(bad, 10, "flagged", True) <= 0.01


def test_pace_flags_a_dealer_much_slower_than_the_floor_and_few_others():
    slow = [pace_shift(seed, slow=1.3) for seed in range(20)]
    assert power(slow, "pace_flagged") >= 0.9
    assert false_alarms(slow, 10, "pace_flagged", True) <= 0.02
