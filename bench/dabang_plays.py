"""Benchmark: checking and applying a 打棒 play, at every point of a deal, against a baseline.

Random legal deals (seeded) are played through the domain once to record every play with the
state it was made in; then each play is timed again from that state: the whole move
(`Match.play`: turn, hand, lead or follow rules, the trick's winner and points when it
completes, the deal's score after the last card), the check alone (`check_follow` or
`lead_shape` and taking the cards out of the hand), a refused play (a wrong suit), and
scoring a trick (`winning_index` + `trick_points`). The baseline, measured in the same run,
is the floor of any engine's check: taking the played cards out of the hand as multisets
(`Counter(hand) - Counter(cards)`). Target: a play checked in under 1 ms at any point.
Nothing here asserts a time.

    flock -x /tmp/roadsvc-cpu.lock .venv/bin/python bench/dabang_plays.py [--deals 20] [--runs 5]

The refused play timed is a play by the wrong seat (refused at the first check).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections import Counter
from datetime import datetime, timezone
from pathlib import Path

from _timing import timed

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from dabang_play import legal_follow, legal_lead, shuffled_codes, turn_up_sequence  # noqa: E402

from roadsvc.domain.dabang.bottom import remove  # noqa: E402
from roadsvc.domain.dabang.bottom_phase import Burying, BuryingJokers  # noqa: E402
from roadsvc.domain.dabang.draw import parse_draw  # noqa: E402
from roadsvc.domain.dabang.match import Match  # noqa: E402
from roadsvc.domain.dabang.play_phase import Playing  # noqa: E402
from roadsvc.domain.dabang.tricks import check_follow, lead_shape, trick_points, winning_index  # noqa: E402
from roadsvc.domain.errors import DomainError  # noqa: E402

START = datetime(2026, 11, 25, tzinfo=timezone.utc)


def recorded_plays(seed: int) -> list[tuple[Match, int, list]]:
    rng = random.Random(seed)
    draw = parse_draw(shuffled_codes(seed), 1)
    match = Match.start(START).start_deal(draw).end_declaring(turn_up_sequence(draw.bottom, 3))
    while isinstance(match.current, (Burying, BuryingJokers)):
        phase = match.current
        if isinstance(phase, Burying):
            hand = [c for c in phase.cards.hand(phase.cards.dealer_seat) if not c.is_joker]
            match = match.bury(phase.cards.dealer_seat, rng.sample(hand, 6))
        else:
            match = match.bury_jokers(phase.seat, [], [])
    plays = []
    while isinstance(match.current, Playing):
        phase = match.current
        hand = phase.cards.hand(phase.seat)
        cards = legal_follow(hand, phase.current[0].cards, phase.cards.order, rng) if phase.current \
            else legal_lead(hand, rng)
        plays.append((match, phase.seat, cards))
        match = match.play(phase.seat, cards, now=START)
    return plays


def check_only(match: Match, seat: int, cards) -> None:
    phase = match.current
    hand = phase.cards.hand(seat)
    remove(hand, cards)
    if phase.current:
        check_follow(tuple(cards), hand, phase.current[0].cards, phase.cards.order)
    else:
        lead_shape(tuple(cards), phase.cards.order)


def refused(match: Match, seat: int) -> None:
    """A play by the wrong seat's neighbour with a card it does not hold: refused, nothing changes."""
    try:
        match.play(seat % 4 + 1, match.current.cards.hand(seat)[:1], now=START)
    except DomainError:
        pass


def baseline(match: Match, seat: int, cards) -> None:
    Counter(match.current.cards.hand(seat)) - Counter(cards)


def score_trick(match: Match, seat: int, cards) -> None:
    phase = match.current
    plays = phase.tricks[-1].plays if phase.tricks else None
    if plays:
        winning_index(plays, phase.cards.order)
        trick_points(plays)


def measure(plays, runs: int) -> dict[str, list[float]]:
    actions = {"play (check + apply)": lambda m, s, c: m.play(s, c, now=START), "check only": check_only,
               "refused play": lambda m, s, c: refused(m, s), "score a trick": score_trick,
               "baseline: hand minus cards (Counter)": baseline}
    times: dict[str, list[float]] = {name: [] for name in actions}
    for match, seat, cards in plays:
        for name, action in actions.items():  # interleaved: noise hits every action alike
            times[name].append(min(timed(lambda: action(match, seat, cards)) for _ in range(runs)) * 1e6)
    return times


def report(times: dict[str, list[float]], plays) -> None:
    base = statistics.median(times["baseline: hand minus cards (Counter)"])
    print(f"{len(plays)} plays of random legal deals; "
          f"microseconds per call (best of runs), median / p99 / max, and median x baseline")
    for name, values in times.items():
        ordered = sorted(values)
        p99 = ordered[int(len(ordered) * 0.99) - 1]
        print(f"  {name:40s} {statistics.median(values):8.1f} {p99:8.1f} {ordered[-1]:8.1f}   "
              f"x{statistics.median(values) / base:5.1f}")
    thirds = [values for values in _by_stage(times["play (check + apply)"], plays)]
    print("  play by stage of the deal (median us): early {:.1f}, middle {:.1f}, late {:.1f}".format(
        *(statistics.median(v) for v in thirds)))


def _by_stage(values, plays):
    stages = [[], [], []]
    for value, (match, _, _) in zip(values, plays):
        left = sum(len(hand) for hand in match.current.cards.hands)
        stages[0 if left > 104 else 1 if left > 52 else 2].append(value)
    return stages


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    plays = [play for seed in range(args.deals) for play in recorded_plays(seed)]
    report(measure(plays, args.runs), plays)


if __name__ == "__main__":
    main()
