"""The knockout bracket: byes when the count is not a power of two, winners advancing to one champion."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from roadsvc.domain.dabang.tournament import draw_bracket
from roadsvc.domain.errors import DomainError


def test_four_teams_two_semi_finals_and_a_final():
    bracket = draw_bracket([2, 0, 3, 1])
    assert [len(r) for r in bracket.rounds] == [2, 1]
    assert [s.teams for s in bracket.rounds[0]] == [(2, 0), (3, 1)]
    bracket = bracket.advance(1, 0, 0, "passed_ten").advance(1, 1, 3, "time_limit")
    assert bracket.rounds[1][0].teams == (0, 3) and bracket.champion is None
    assert bracket.advance(2, 0, 3, "three_jokers").champion == 3


def test_byes_are_spread_and_advance_at_once():
    bracket = draw_bracket([0, 1, 2, 3, 4])  # eight places, three byes
    first = bracket.rounds[0]
    byes = [s for s in first if s.how == "bye"]
    assert len(byes) == 3 and all(s.teams[1] is None for s in byes)
    assert sum(1 for s in bracket.rounds[1] if None not in s.teams) >= 1


@pytest.mark.parametrize(("move", "code"), [
    (lambda b: b.advance(1, 0, 3, "passed_ten"), "not_in_match"),
    (lambda b: b.advance(1, 0, 0, "passed_ten").advance(1, 0, 1, "passed_ten"), "already_decided"),
    (lambda b: b.assign(2, 0, 7), "slot_not_ready"),
    (lambda b: b.assign(1, 0, 7).assign(1, 0, 8), "slot_not_ready"),
    (lambda b: b.slot(3, 0), "no_such_slot"),
])
def test_bracket_moves_are_checked(move, code):
    with pytest.raises(DomainError) as refused:
        move(draw_bracket([0, 1, 2, 3]))
    assert refused.value.code == code


def test_a_knockout_needs_two_teams():
    with pytest.raises(DomainError) as refused:
        draw_bracket([0])
    assert refused.value.code == "too_few_teams"


@given(count=st.integers(2, 40), seed=st.integers(0, 1000))
def test_every_team_plays_until_one_champion_is_left(count, seed):
    order = list(range(count))
    random.Random(seed).shuffle(order)
    bracket = draw_bracket(order)
    assert sorted(t for s in bracket.rounds[0] for t in s.teams if t is not None) == list(range(count))
    assert all(s.teams != (None, None) for s in bracket.rounds[0])
    rng = random.Random(seed)
    while bracket.champion is None:
        slot = next(s for row in bracket.rounds for s in row if s.ready)
        bracket = bracket.advance(slot.round, slot.index, rng.choice(slot.teams), "passed_ten")
    losers = {t for row in bracket.rounds for s in row if s.winner is not None for t in s.teams if t != s.winner}
    assert len(losers - {None}) == count - 1 and bracket.champion not in losers
