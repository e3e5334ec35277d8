"""Benchmark: the next hand's exact odds on one composition, new engine beside the current one.

For compositions left after 0, 150 and 350 cards of a shuffled 8-deck shoe: the new
engine (`roadsvc.domain.baccarat.integrity`) for all 38 bets of `extended` and for banker,
player and tie alone, beside the current implementation on the same composition
(`roadsvc.domain.baccarat.bets.odds.evaluate_bets`, and `evaluate_point_bets` for the three).
Structures are built first (once per process, as a service does). Best of a few runs;
nothing here asserts a time.

    .venv/bin/python bench/integrity_odds.py [--repeats 15] [--seed 1]
"""

from __future__ import annotations

import argparse
import random

from _timing import best_of

from roadsvc.domain.baccarat.bets.odds import evaluate_bets
from roadsvc.domain.baccarat.bets.point_odds import evaluate_point_bets
from roadsvc.domain.baccarat.bets.rule_sets import RuleSet, rule_set
from roadsvc.domain.baccarat.integrity.composition import remaining
from roadsvc.domain.baccarat.integrity.engine import engine_for
from roadsvc.domain.baccarat.dealing.shoe import deal_hand, shuffled_shoe

THREE = ["banker", "player", "tie"]


def after(cards: int, seed: int):
    stream = shuffled_shoe(random.Random(seed))
    seen: list = []
    while len(seen) < cards:
        seen += deal_hand(iter(stream[len(seen):])).all_cards()
    return remaining(8, seen[:cards]) if cards else remaining(8, [])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=15)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    extended = rule_set("extended")
    three = RuleSet("three", {code: extended.bets[code] for code in THREE}, extended.hedge_limit)
    everything, alone = engine_for(extended), engine_for(extended, THREE)
    print(f"{'cards dealt':>11} {'bets':>5} {'new ms':>9} {'current ms':>11} {'speed-up':>9}")
    for dealt in (0, 150, 350):
        composition = after(dealt, args.seed)
        cards, values = composition.as_cards(), composition.values().tolist()
        everything.evaluate(composition), evaluate_bets(cards, extended), evaluate_point_bets(values, three)
        rows = [
            ("38", best_of(lambda: everything.evaluate(composition), args.repeats),
             best_of(lambda: evaluate_bets(cards, extended), args.repeats)),
            ("3", best_of(lambda: alone.evaluate(composition), args.repeats),
             best_of(lambda: evaluate_point_bets(values, three), args.repeats)),
        ]
        for bets, new, current in rows:
            print(f"{dealt:>11} {bets:>5} {new * 1e3:>9.3f} {current * 1e3:>11.3f} {current / new:>8.1f}x")
    print("targets: <= 5 ms for the 38 bets of extended, <= 1 ms for banker/player/tie (in process)")


if __name__ == "__main__":
    main()
