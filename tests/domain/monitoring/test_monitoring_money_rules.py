"""The money rules and the money figures (issue 24), as pure functions."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, strategies as st

from roadsvc.domain import money
from roadsvc.domain.monitoring import HandSettled, RoundSettled, ShoeHold, TableHold, evaluate
from roadsvc.domain.monitoring.settings import defaults

line = st.builds(money.Line, st.integers(1, 5), st.sampled_from(["a", "b", "c"]),
                 st.sampled_from(["banker", "player", "tie"]), st.integers(1, 10_000), st.integers(-10_000, 20_000))


@given(st.lists(line, max_size=40))
def test_the_house_wins_what_the_bettors_lose_and_the_running_win_ends_there(lines):
    figures = money.tally(lines)
    assert figures.win == -sum(l.net for l in lines) and figures.turnover == sum(figures.by_bet.values())
    points = money.running_win(lines, [1, 2, 3, 4, 5])
    assert (points[-1][1] if points else 0) == figures.win
    assert figures.largest_win >= 0 and figures.largest_bet == max((l.stake for l in lines), default=0)
    if figures.turnover:
        assert figures.hold == Fraction(figures.win, figures.turnover)


def test_the_largest_win_is_one_account_on_one_hand():
    lines = [money.Line(1, "a", "banker", 100, 95), money.Line(1, "a", "pair", 10, 110), money.Line(2, "a", "banker", 500, 475)]
    assert money.tally(lines).largest_win == 475 and money.account_wins(lines) == {"a": 680}


def test_large_win_on_a_hand_and_on_crossing_the_shoe_limit_only():
    settings = {**defaults(), "large_win_amount": 1000}
    assert evaluate(HandSettled(3, {"a": 90_000}, {"a": 0}, {"a": 90_000}), settings) == []
    [finding] = evaluate(HandSettled(4, {"a": 20_000}, {"a": 90_000}, {"a": 110_000}), settings)
    assert finding.details["scope"] == "shoe" and finding.details["won"] == "1,100.00"
    assert evaluate(HandSettled(5, {"a": 100}, {"a": 110_000}, {"a": 110_100}), settings) == []  # crossed already
    [finding] = evaluate(HandSettled(6, {"b": 100_001}, {}, {"b": 100_001}), settings)
    assert finding.details["scope"] == "hand" and finding.details["account_id"] == "b"


def test_hold_out_of_line_after_enough_turnover_only():
    settings = {**defaults(), "hold_min_turnover": 1000, "hold_tolerance": 0.1}
    expected = Fraction(106, 10_000)
    assert evaluate(ShoeHold(99_999, 50_000, expected), settings) == []  # not enough turnover
    assert evaluate(ShoeHold(100_000, 11_000, expected), settings) == []  # 11% is within 10 points of 1.06%
    [finding] = evaluate(ShoeHold(100_000, 12_000, expected), settings)
    assert finding.code == "hold_out_of_line" and finding.details["hold"] == 0.12
    [finding] = evaluate(ShoeHold(100_000, -10_000, expected), settings)  # the house losing is out of line too


def test_a_niuniu_round_s_large_win_on_the_round_or_crossing_the_shift_limit():
    settings = {**defaults(), "large_win_amount": 1000}
    shift = "2026-11-28/1400"
    assert evaluate(RoundSettled(1, {"a": 60_000}, {}, {"a": 60_000}, None, shift), settings) == []
    [finding] = evaluate(RoundSettled(2, {"a": 60_000}, {"a": 60_000}, {"a": 120_000}, None, shift), settings)
    assert (finding.details["scope"], finding.details["round_number"], finding.details["won"]) == ("shift", 2,
                                                                                                   "1,200.00")
    assert finding.hand_number is None and finding.keep == "wins" and finding.details["shift"] == shift
    assert evaluate(RoundSettled(3, {"a": 100}, {"a": 120_000}, {"a": 120_100}, None, shift), settings) == []
    [finding] = evaluate(RoundSettled(4, {"bk": 160_000, "c": -160_000}, {}, {"bk": 160_000}, "bk", shift), settings)
    assert (finding.details["scope"], finding.details["account_id"], finding.details["banker"]) == ("round", "bk",
                                                                                                    True)


def test_a_niuniu_table_s_shift_hold_against_its_exact_edge():
    settings = {**defaults(), "hold_min_turnover": 100, "hold_tolerance": 0.5}
    assert evaluate(TableHold(1, 9_999, 80_000, Fraction(0), "s"), settings) == []  # not enough turnover
    assert evaluate(TableHold(2, 18_000, 0, Fraction(0), "s"), settings) == []  # 0 % where 0 % is expected
    [finding] = evaluate(TableHold(1, 10_000, 80_000, Fraction(0), "s"), settings)
    assert (finding.details["scope"], finding.details["hold"], finding.details["round_number"]) == ("shift", 8.0, 1)
    assert evaluate(TableHold(1, 10_000, 0, None, "s"), settings) == []  # no edge: nothing to judge
