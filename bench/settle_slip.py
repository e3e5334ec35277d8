"""Benchmark: settling a slip of 40 bets on one real hand (extended rule set), and
checking a 40-bet slip against the cutoffs and limits.

Baseline measured in the same run: constructing 40 Decimals from strings (the least
any settlement in exact decimals must do). Figures are the median of the best of a
few runs over many real dealt hands; nothing here asserts a time.

    .venv/bin/python bench/settle_slip.py [--hands 200] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
from decimal import Decimal

from _timing import best_of

from roadsvc.domain.baccarat.bets.betting import check_slip
from roadsvc.domain.baccarat.bets.limits import stake_range
from roadsvc.domain.baccarat.bets.rule_sets import rule_set
from roadsvc.domain.baccarat.bets.settlement import settle_slip
from roadsvc.domain.baccarat.dealing.shoe import deal_shoe

REPEATS = 5
SLIP_SIZE = 40


def slip(rng: random.Random, codes: list[str]) -> list[tuple[str, str]]:
    """40 bets over the rule set's bet types, stakes in whole cents."""
    return [(rng.choice(codes), f"{rng.randint(1, 500)}.{rng.randint(0, 99):02d}") for _ in range(SLIP_SIZE)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng, extended = random.Random(args.seed), rule_set("extended")
    hands = []
    while len(hands) < args.hands:
        hands.extend(deal_shoe(rng).hands)
    hands = hands[: args.hands]
    codes, account = list(extended.bets), stake_range("1", "20000")
    baseline, settling, checking = [], [], []
    for hand in hands:
        bets = slip(rng, codes)
        stakes = [stake for _, stake in bets]
        baseline.append(best_of(lambda: [Decimal(stake) for stake in stakes], REPEATS))
        settling.append(best_of(lambda: settle_slip(bets, hand, extended), REPEATS))
        checking.append(best_of(lambda: check_slip(extended, 20, bets, account=account), REPEATS))
    base = statistics.median(baseline)
    print(f"{len(hands)} real hands, {SLIP_SIZE} bets a slip, extended rule set (median of best-of-{REPEATS})")
    for label, figures in (("baseline: 40 Decimal(str)", baseline), ("settle_slip, 40 bets", settling),
                           ("check_slip, 40 bets", checking)):
        median = statistics.median(figures)
        print(f"  {label:<28} {median * 1e6:9.1f} µs   {median / base:6.1f} x baseline"
              f"   ({median * 1e6 / SLIP_SIZE:6.2f} µs a bet)")


if __name__ == "__main__":
    main()
