"""A seeded simulation of a floor's shift for the dealer watch (issue 45; docs/dealers.md's figures).

Each of `tables` tables deals `games` games in the shift with its own dealer; before each game the
dealer's posts are refused Poisson(rate) times (the bad dealer's: `factor` times the rate). After every
game of the floor the watch's rule (roadsvc.domain.dealers.rules, the jobs pass's) judges every dealer
on the shift so far, as the pass does each minute. Pace: each gap between games is Normal(mean, sd)
seconds (the slow dealer's mean `slow` times longer), judged by the dealer_pace rule the same way.

`.venv/bin/python tests/dealer_simulation.py` prints the false-alarm rates and the power the docs give.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

from roadsvc.domain.dealers.rules import DealerPace, DealerRefusals, dealer_pace, dealer_refusals
from roadsvc.domain.dealers.statistics import Gaps

BAD = 0  # the dealer at table 0 is the one out of line, when there is one


def poisson(rng: random.Random, mean: float) -> int:
    limit, count, product = math.exp(-mean), 0, rng.random()
    while product > limit:
        count += 1
        product *= rng.random()
    return count


@dataclass
class Shift:
    flagged: dict[int, int] = field(default_factory=dict)  # dealer -> the games they had dealt when first flagged
    pace_flagged: dict[int, int] = field(default_factory=dict)


def refusals_shift(seed: int, tables: int = 10, games: int = 60, rate: float = 0.15, factor: float = 1.0) -> Shift:
    rng, shift = random.Random(seed), Shift()
    refusals, dealt = [0] * tables, [0] * tables
    for _ in range(games):
        for table in range(tables):
            refusals[table] += poisson(rng, rate * (factor if table == BAD else 1.0))
            dealt[table] += 1
        total_refusals, total_games = sum(refusals), sum(dealt)
        for dealer in range(tables):
            fact = DealerRefusals(dealer, f"dealer {dealer}", "baccarat", "sim", refusals[dealer], dealt[dealer],
                                  total_refusals - refusals[dealer], total_games - dealt[dealer])
            if dealer not in shift.flagged and dealer_refusals(fact, {}) is not None:
                shift.flagged[dealer] = dealt[dealer]
    return shift


def pace_shift(seed: int, tables: int = 10, games: int = 60, mean: float = 60.0, sd: float = 12.0,
               slow: float = 1.0) -> Shift:
    rng, shift = random.Random(seed), Shift()
    gaps: list[list[float]] = [[] for _ in range(tables)]
    for _ in range(games - 1):
        for table in range(tables):
            gaps[table].append(max(5.0, rng.gauss(mean * (slow if table == BAD else 1.0), sd)))
        for dealer in range(tables):
            floor = [gap for other in range(tables) if other != dealer for gap in gaps[other]]
            fact = DealerPace(dealer, f"dealer {dealer}", "baccarat", "sim", Gaps.of(gaps[dealer]), Gaps.of(floor))
            if dealer not in shift.pace_flagged and dealer_pace(fact, {}) is not None:
                shift.pace_flagged[dealer] = len(gaps[dealer]) + 1
    return shift


def false_alarms(shifts: list[Shift], tables: int, attribute: str, bad: bool) -> float:
    """Normal dealers flagged, per dealer and shift."""
    normal = [d for d in range(tables) if not (bad and d == BAD)]
    flagged = sum(d in getattr(s, attribute) for s in shifts for d in normal)
    return flagged / (len(normal) * len(shifts))


def power(shifts: list[Shift], attribute: str) -> float:
    return sum(BAD in getattr(s, attribute) for s in shifts) / len(shifts)


def main(runs: int = 500) -> None:
    print(f"refusals: {runs} seeded shifts each, 10 tables x 60 games, one dealer a table, judged after every game")
    print("| floor's refusals per 100 games | false alarms per dealer-shift | 3x dealer flagged | median games when "
          "flagged |")
    for rate in (0.02, 0.05, 0.10, 0.15, 0.20):
        normal = [refusals_shift(seed, rate=rate) for seed in range(runs)]
        bad = [refusals_shift(seed, rate=rate, factor=3.0) for seed in range(runs, 2 * runs)]
        when = sorted(s.flagged[BAD] for s in bad if BAD in s.flagged)
        print(f"| {rate * 100:.0f} | {false_alarms(normal, 10, 'flagged', False):.4f} | {power(bad, 'flagged'):.3f} | "
              f"{when[len(when) // 2] if when else '-'} |")
    print(f"pace: {runs} seeded shifts, gaps Normal(60 s, 12 s)")
    print("| the slow dealer's mean gap | false alarms per dealer-shift | slow dealer flagged |")
    for slow in (1.1, 1.2, 1.3, 1.5):
        normal = [pace_shift(seed) for seed in range(runs)]
        bad = [pace_shift(seed, slow=slow) for seed in range(runs, 2 * runs)]
        print(f"| {slow:.1f}x | {false_alarms(normal, 10, 'pace_flagged', False):.4f} | "
              f"{power(bad, 'pace_flagged'):.3f} |")


if __name__ == "__main__":
    main()
