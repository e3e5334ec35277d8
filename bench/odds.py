"""Benchmark: exact odds. `roadsvc odds --rule-set extended` end to end, and
`evaluate_point_bets` on a fresh and on a part-dealt 8-deck shoe.

Baselines measured in the same run: a plain Python loop over the 10^4 four-card
value combinations (the least any enumeration of the first four cards costs), and
the interpreter starting and exiting (`python -c pass`) beside the CLI. Figures are
the best of a few runs; nothing here asserts a time.

    .venv/bin/python bench/odds.py [--repeats 5] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import time
from pathlib import Path

from _timing import best_of

from roadsvc.domain.baccarat.bets import point_odds
from roadsvc.domain.baccarat.bets.card_odds import evaluate_card_bets, value_composition
from roadsvc.domain.baccarat.bets.odds import odds_report, remaining_shoe
from roadsvc.domain.baccarat.bets.point_odds import evaluate_point_bets
from roadsvc.domain.baccarat.bets.rule_sets import rule_set
from roadsvc.domain.baccarat.dealing.shoe import deal_shoe

ROADSVC = str(Path(sys.executable).with_name("roadsvc"))


def four_card_loop() -> int:
    """Baseline: visit the 10^4 value combinations of P1 B1 P2 B2 and total them."""
    naturals = 0
    for p1 in range(10):
        for b1 in range(10):
            for p2 in range(10):
                for b2 in range(10):
                    naturals += (p1 + p2) % 10 >= 8 or (b1 + b2) % 10 >= 8
    return naturals


def part_dealt(seed: int) -> list[int]:
    """The values left after half a real shoe (about 40 hands) has been dealt."""
    shoe = deal_shoe(random.Random(seed))
    dealt = list(shoe.burned) + [card for hand in shoe.hands[:40] for card in hand.all_cards()]
    return value_composition(remaining_shoe(8, dealt))


def cold_structure_build() -> float:
    point_odds._structure.cache_clear()
    start = time.perf_counter()
    point_odds.point_keys()
    return time.perf_counter() - start


def row(label: str, seconds: float, baseline: float | None = None) -> str:
    ratio = f"  {seconds / baseline:8.1f} x baseline" if baseline else ""
    return f"  {label:<46} {seconds * 1e3:10.3f} ms{ratio}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    extended, fresh, dealt = rule_set("extended"), [128] + [32] * 9, part_dealt(args.seed)
    print(f"part-dealt composition (values 0-9): {dealt}, {sum(dealt)} cards")

    loop = best_of(four_card_loop, args.repeats)
    build = cold_structure_build()
    evaluate_point_bets(fresh, extended)  # classify once per rule set, as a service would at start
    print("in process")
    print(row("baseline: loop over 10^4 four-card values", loop))
    print(row("point structure build (once per process)", build, loop))
    print(row("evaluate_point_bets, fresh shoe (30 bets)", best_of(lambda: evaluate_point_bets(fresh, extended),
                                                                   args.repeats), loop))
    print(row("evaluate_point_bets, part-dealt shoe", best_of(lambda: evaluate_point_bets(dealt, extended),
                                                              args.repeats), loop))
    cards = remaining_shoe(8)
    print(row("evaluate_card_bets, fresh shoe (11 bets)", best_of(lambda: evaluate_card_bets(cards, extended),
                                                                  args.repeats), loop))
    print(row("odds_report(extended), warm", best_of(lambda: odds_report(extended), args.repeats), loop))

    python = best_of(lambda: subprocess.run([sys.executable, "-c", "pass"], check=True), args.repeats)
    cli = best_of(lambda: subprocess.run([ROADSVC, "odds", "--rule-set", "extended"], check=True,
                                         stdout=subprocess.DEVNULL), args.repeats)
    print("end to end (new process each run)")
    print(row("baseline: python -c pass", python))
    print(row("roadsvc odds --rule-set extended", cli, python))


if __name__ == "__main__":
    main()
