"""The advantage-play statistic (issue 45): exact EVs of real dealt shoes, a counter among flat bettors."""

from __future__ import annotations

import math
import random

import pytest

from roadsvc.domain.baccarat.bets import rule_set
from roadsvc.domain.baccarat.dealing.shoe import deal_shoe
from roadsvc.domain.baccarat.integrity.engine import engine_for
from roadsvc.domain.baccarat.integrity.series import open_bet_evs
from roadsvc.domain.baccarat.monitoring.advantage_play import (
    ADVANTAGE_PLAY, MIN_POSITIVE_STAKES, BetProfile, PlayEvidence, Stake, Tally, poisson_upper_tail, profiles,
    shoe_tallies,
)
from roadsvc.domain.baccarat.monitoring.opposite_bets import OPPOSITE_BETS, HandSides, OppositeStakes, SideStake, both_sides
from roadsvc.domain.monitoring import evaluate

SIDE_BETS = ("lucky_six", "fire_sevens", "lucky_seven", "perfect_pair", "golden_eight", "divine_nine")


def dealt_series(seed: int, shoes: int) -> list[list[dict[str, float]]]:
    """The exact EV of every open bet before each hand of `shoes` real eight-deck shoes (extended rules;
    a bet past its cutoff takes no stake)."""
    rules = rule_set("extended", {})
    engine, rng = engine_for(rules), random.Random(seed)
    found = []
    for _ in range(shoes):
        shoe = deal_shoe(rng)
        found.append(open_bet_evs(engine, rules, shoe.burn_card, shoe.hands))
    return found


def play(series_by_shoe, choose) -> list[PlayEvidence]:
    """The account's evidence after each shoe; `choose(rng, evs)` -> the bets it stakes on a hand."""
    rng, tallies, after = random.Random(7), {}, []
    for series in series_by_shoe:
        stakes = [Stake(bet, 1000, evs[bet], hand) for hand, evs in enumerate(series)
                  for bet in choose(rng, evs) if bet in evs]
        for bet, tally in shoe_tallies(series, {"acct": stakes}).get("acct", {}).items():
            tallies[bet] = tallies.get(bet, Tally()).plus(tally)
        after.append(PlayEvidence("acct", dict(tallies)))
    return after


@pytest.fixture(scope="module")
def shoes():
    return dealt_series(seed=45, shoes=8)


def counter(rng, evs):
    return [bet for bet, ev in evs.items() if ev > 0]


def test_a_counter_is_flagged_once_the_shoes_have_offered_enough_positive_hands(shoes):
    after = play(shoes, counter)
    first = next(i for i, evidence in enumerate(after, start=1) if evidence.flagged)
    assert first == 5  # seed 45: the open side bets turn positive 1, 5 and 2 times in shoes 3, 4 and 5
    assert [evidence.total.positive_stakes for evidence in after[:5]] == [0, 0, 1, 6, 8]
    assert after[3].p_value > 1e-6 > after[4].p_value
    evidence = after[-1]
    assert evidence.total.positive_stakes == evidence.total.stakes  # every stake of a counter is at EV > 0
    assert evidence.mean_ev > 0 > evidence.null_mean_ev
    assert evidence.p_value < 1e-9
    finding = evaluate(evidence, {})[0]
    assert finding.code == ADVANTAGE_PLAY
    assert finding.details["positive_stakes"] == evidence.total.positive_stakes
    assert finding.details["other_stakes"] == 0


@pytest.mark.parametrize("habit", [
    lambda rng, evs: ["fire_sevens"],  # always on one side bet
    lambda rng, evs: [rng.choice(SIDE_BETS)] if rng.random() < 0.3 else [],  # now and then
    lambda rng, evs: list(SIDE_BETS),  # every side bet, every hand
    lambda rng, evs: ["banker"] if rng.random() < 0.5 else ["player"],  # the two sides only
], ids=["always", "now_and_then", "every_side_bet", "banker_or_player"])
def test_flat_bettors_are_not_flagged(shoes, habit):
    after = play(shoes, habit)
    assert not any(evidence.flagged for evidence in after)
    assert after[-1].p_value > 1e-3


def test_an_always_on_bettor_lands_on_positive_hands_as_often_as_the_shoe_offers_them(shoes):
    evidence = play(shoes, lambda rng, evs: ["fire_sevens"])[-1]
    assert evidence.total.positive_stakes == pytest.approx(evidence.total.expected_positive)
    assert evidence.total.positive_variance == 0 and evidence.z is None and evidence.p_value > 0.4
    assert evidence.mean_ev == pytest.approx(evidence.null_mean_ev)


def test_too_little_evidence_is_never_flagged():
    few = PlayEvidence("acct", {"lucky_six": Tally(1, MIN_POSITIVE_STAKES - 1, 4000, MIN_POSITIVE_STAKES - 1, 4000,
                                                     40.0, -400.0, 0.0001, 0.0001)})
    assert few.p_value < 1e-12 and not few.flagged


def test_the_poisson_tail_is_exact():
    assert poisson_upper_tail(0, 3.0) == 1.0
    assert poisson_upper_tail(1, 2.0) == pytest.approx(1 - math.exp(-2))
    assert poisson_upper_tail(3, 0.5) == pytest.approx(1 - math.exp(-0.5) * (1 + 0.5 + 0.125))
    assert poisson_upper_tail(40, 1.0) == pytest.approx(math.exp(-1) / math.factorial(40), rel=0.05)
    assert poisson_upper_tail(5, 0.0) == 0.0


def test_a_shoe_profile_counts_its_positive_hands():
    offered = profiles([{"a": -0.1, "b": 0.02}, {"a": 0.01, "b": 0.0}, {"a": -0.2, "b": -0.01}])
    assert offered["a"] == BetProfile(3, 1, pytest.approx(-0.29 / 3))
    assert offered["b"].positive_hands == 1
    series = [{"a": -0.1}, {"a": 0.01}, {"a": 0.02}, {"a": -0.2}]
    tally = shoe_tallies(series, {"x": [Stake("a", 500, 0.01, 1), Stake("a", 300, -0.1, 0)]})["x"]["a"]
    assert (tally.stakes, tally.staked, tally.positive_stakes, tally.positive_staked) == (2, 800, 1, 500)
    # the stakes on hands 1-2 slid along the 4 hands: 1, 2, 1 and 0 of them land on the positive hands 2-3
    assert (tally.expected_positive, tally.positive_variance) == (1.0, 0.5)
    assert tally.ev_staked == pytest.approx(500 * 0.01 - 300 * 0.1)
    assert tally.null_ev_staked == pytest.approx(800 * (-0.27 / 4))


def test_opposite_bets_by_one_account_or_a_linked_group():
    stakes = [SideStake("a", None, "banker", 1000), SideStake("a", None, "player", 1000),
              SideStake("b", "ring", "banker", 500), SideStake("c", "ring", "player", 400),
              SideStake("d", None, "banker", 100)]
    pairs = dict(both_sides(HandSides(3, 12, stakes)))
    assert set(pairs) == {"account a", "ring"}
    finding = evaluate(OppositeStakes(HandSides(3, 12, stakes), "ring", pairs["ring"]), {})[0]
    assert finding.code == OPPOSITE_BETS
    assert finding.details["accounts"] == ["b", "c"]
    assert (finding.details["banker_staked"], finding.details["player_staked"]) == ("5.00", "4.00")
