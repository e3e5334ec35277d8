"""Benchmark: the advantage-play watch (issue 45) on 200 real eight-deck shoes at an `extended` table.

Part 1, the statistic (in process, the integrity engine's exact EVs): 200 shoes dealt by cards (the
cut card 40-64 cards from the end), each bet's exact EV before every hand by the integrity engine
(`open_bet_evs`), a bet past its cutoff taking no stake. 500 flat bettors, each with its own habits
(one side bet every hand; side bets now and then; a sitting of a stretch of hands on banker or player and
a side bet; banker or player only), and 1 counter who stakes a side bet only when its exact EV is
above zero (every open bet the shoe turns positive). After each shoe every account is judged by
roadsvc.domain.baccarat.monitoring.advantage_play over all its stakes so far: the bench prints after
how many shoes the counter is flagged, and how many flat bettors are ever flagged over the 200 shoes.

Part 2, the cost per hand (a real SQLite database, the services): shoes dealt into an `extended`
table with slips from 20 accounts (one the counter), the jobs process's odds watch and play watch
stepping after every hand as they do every quarter second. Printed: the play watch's time per hand
(its hand steps and the count at each shoe's close, spread over the shoe's hands), beside the dealer's
post of the hand and the odds watch's step in the same run; and once more with the odds cache cold
(the play watch computing the next hand's odds itself).

Part 3, a slip's cost with its stakes' EV: place_slip at an `extended` table as it is (the next
hand's odds from the cache by revision, each stake's EV stored) and with the odds not read (the path
before issue 45, for a table that does not close positive EV), interleaved in one run.

    .venv/bin/python bench/advantage_watch.py [--shoes 200] [--flat 500] [--seed 45]
"""

from __future__ import annotations

import argparse
import os
import pickle
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field

from roadsvc.domain.baccarat.bets import rule_set
from roadsvc.domain.baccarat.dealing.shoe import deal_shoe
from roadsvc.domain.baccarat.integrity.engine import engine_for
from roadsvc.domain.baccarat.integrity.series import open_bet_evs
from roadsvc.domain.baccarat.monitoring.advantage_play import (
    ALPHA, MIN_POSITIVE_STAKES, PlayEvidence, Stake, Tally, shoe_tallies,
)

SIDE_BETS = ("lucky_six", "fire_sevens", "lucky_seven", "perfect_pair", "golden_eight", "divine_nine",
             "banker_dragon_bonus", "player_dragon_bonus", "player_pair", "banker_pair", "tiger", "wu_dalang",
             "big_buffalo", "all_treasures", "banker_char_siu", "player_char_siu")


# Part 1: the statistic


def dealt_shoes(seed: int, shoes: int) -> list[list[dict[str, float]]]:
    """Each shoe's exact EV of every open bet before each hand."""
    rules = rule_set("extended", {})
    engine, rng = engine_for(rules), random.Random(seed)
    found = []
    for _ in range(shoes):
        shoe = deal_shoe(rng)
        found.append(open_bet_evs(engine, rules, shoe.burn_card, shoe.hands))
    return found


@dataclass
class Bettor:
    """A flat bettor's habits: what it bets, how often, how much; never the shoe."""

    name: str
    habit: str
    bets: tuple[str, ...]
    chance: float
    cents: int
    sitting: tuple[int, int] = (0, 0)  # this shoe's first and last hand (habit "sitting")
    tallies: dict[str, Tally] = field(default_factory=dict)
    flagged_at: int | None = None

    def choose(self, rng: random.Random, number: int, evs: dict[str, float]) -> list[str]:
        if self.habit == "always":
            return list(self.bets)
        if self.habit == "now_and_then":
            return [rng.choice(self.bets)] if rng.random() < self.chance else []
        if self.habit == "sitting":
            return list(self.bets) if self.sitting[0] <= number <= self.sitting[1] else []
        return [rng.choice(self.bets)] if rng.random() < self.chance else []  # banker or player only

    def new_shoe(self, rng: random.Random, hands: int) -> None:
        if self.habit == "sitting" and rng.random() < 0.5:
            start = rng.randint(1, hands)
            self.sitting = (start, start + rng.randint(5, 40))
        elif self.habit == "sitting":
            self.sitting = (0, 0)


class Counter(Bettor):
    def choose(self, rng: random.Random, number: int, evs: dict[str, float]) -> list[str]:
        return [code for code, ev in evs.items() if ev > 0 and code not in ("banker", "player")]


def bettors(rng: random.Random, flat: int) -> list[Bettor]:
    found = []
    for i in range(flat):
        habit = ("always", "now_and_then", "sitting", "sides")[i % 4]
        if habit == "sides":
            bets: tuple[str, ...] = rng.choice((("banker",), ("player",), ("banker", "player")))
        else:
            bets = tuple(rng.sample(SIDE_BETS, rng.randint(1, 3)))
            bets += (rng.choice(("banker", "player")),) if habit == "sitting" else ()
        found.append(Bettor(f"flat-{i}", habit, bets, rng.uniform(0.05, 0.6), rng.randint(1, 100) * 1000))
    return found + [Counter("counter", "counter", (), 1.0, 10_000)]


def judge(account: Bettor, shoe: int) -> None:
    positive = sum(t.positive_stakes for t in account.tallies.values())
    if account.flagged_at is None and positive >= MIN_POSITIVE_STAKES:
        if PlayEvidence(account.name, dict(account.tallies)).flagged:
            account.flagged_at = shoe


def simulate(series_by_shoe: list[list[dict[str, float]]], accounts: list[Bettor], seed: int) -> float:
    """Play every shoe; returns the seconds the watch's own work took (tallies and tests)."""
    rng, watch_seconds = random.Random(seed + 1), 0.0
    for shoe_number, series in enumerate(series_by_shoe, start=1):
        for account in accounts:
            account.new_shoe(rng, len(series))
        stakes: dict[str, list[Stake]] = {a.name: [] for a in accounts}
        for number, evs in enumerate(series, start=1):
            for account in accounts:
                for bet in account.choose(rng, number, evs):
                    if bet in evs:
                        stakes[account.name].append(Stake(bet, account.cents, evs[bet], number - 1))
        start = time.process_time()  # CPU seconds: the machine is shared, wall time is not ours
        found = shoe_tallies(series, stakes)
        for account in accounts:
            for bet, tally in found.get(account.name, {}).items():
                account.tallies[bet] = account.tallies.get(bet, Tally()).plus(tally)
            judge(account, shoe_number)
        watch_seconds += time.process_time() - start
    return watch_seconds


def part_one(args) -> None:
    start = time.perf_counter()
    cache = args.series_cache and f"{args.series_cache}-{args.seed}-{args.shoes}.pickle"
    if cache and os.path.exists(cache):
        with open(cache, "rb") as stored:
            series = pickle.load(stored)
    else:
        series = dealt_shoes(args.seed, args.shoes)
        if cache:
            with open(cache, "wb") as stored:
                pickle.dump(series, stored)
    hands = sum(len(s) for s in series)
    engine_seconds = time.perf_counter() - start
    accounts = bettors(random.Random(args.seed), args.flat)
    watch_seconds = simulate(series, accounts, args.seed)
    counter, flat = accounts[-1], accounts[:-1]
    evidence = PlayEvidence(counter.name, counter.tallies)
    false_alarms = [a for a in flat if a.flagged_at is not None]
    print(f"part 1: {args.shoes} shoes, {hands} hands ({engine_seconds:.1f} s of exact odds, "
          f"{engine_seconds / hands * 1000:.2f} ms a hand"
          f"{', read from the cache' if cache and engine_seconds < 5 else ''}), "
          f"{len(flat)} flat bettors and 1 counter; alpha {ALPHA:g}, at least {MIN_POSITIVE_STAKES} stakes at EV > 0")
    print(f"  counter flagged after shoe {counter.flagged_at} "
          f"(after {args.shoes} shoes: {evidence.total.positive_stakes} of {evidence.total.stakes} stakes at EV > 0, "
          f"{evidence.total.expected_positive:.1f} expected by chance, p = {evidence.p_value:.2g}, "
          f"mean EV {evidence.mean_ev:+.3%} against {evidence.null_mean_ev:+.3%})")
    print(f"  flat bettors flagged falsely: {len(false_alarms)} of {len(flat)} over {args.shoes} shoes "
          f"(target at most 1 in 500)")
    for habit in ("always", "now_and_then", "sitting", "sides"):
        group = [a for a in flat if a.habit == habit]
        ps = sorted(PlayEvidence(a.name, a.tallies).p_value for a in group)
        print(f"    {habit:13s} {len(group):3d} bettors, flagged {sum(a.flagged_at is not None for a in group)}, "
              f"smallest p {ps[0]:.2g}, median p {statistics.median(ps):.2g}")
    print(f"  the watch's own work (the shifts, tallies and tests of {len(accounts)} accounts at each close): "
          f"{watch_seconds / hands * 1000:.3f} ms of CPU a hand")


# Part 2: the services' cost per hand


def part_two(args) -> None:
    os.environ.setdefault("ROADSVC_DATABASE_URL", "sqlite://")
    from roadsvc.domain.baccarat.integrity.advantage import is_open
    from roadsvc.persistence.engine import Database
    from roadsvc.persistence.migrations import upgrade
    from roadsvc.services import tables
    from roadsvc.services.baccarat import hands as hand_posts, integrity, shoes, slips
    from roadsvc.services.baccarat.odds_watch import OddsWatch
    from roadsvc.services.baccarat.play_watch import PlayWatch

    folder = tempfile.mkdtemp(prefix="advantage-watch-")
    url = f"sqlite:///{folder}/bench.db"
    upgrade(url)
    db = Database(url)
    rng = random.Random(args.seed)
    table = tables.create_table(db, "Watch bench", "extended")
    odds_watch, play_watch = OddsWatch(db), PlayWatch(db)
    odds_watch.start()
    play_watch.step()
    timings: dict[str, list[float]] = {"post": [], "odds watch": [], "play watch": [], "play watch cold": []}
    cpu: dict[str, float] = dict.fromkeys(timings, 0.0)
    slip_number = 0

    def timed(name, action):
        start, start_cpu = time.perf_counter(), time.process_time()
        result = action()
        timings[name].append((time.perf_counter() - start) * 1000)
        cpu[name] += (time.process_time() - start_cpu) * 1000  # SQLite runs in this process: its work counts
        return result

    hands_by = {False: 0, True: 0}
    for shoe_index in range(args.service_shoes):
        cold = shoe_index % 2 == 1  # every other shoe: the play watch steps before the odds watch
        dealt = deal_shoe(rng)
        hands_by[cold] += len(dealt.hands)
        shoe = shoes.open_shoe(db, table.id, burn_card=dealt.burn_card.code)
        odds_watch.step()  # the jobs process steps every quarter second: it sees the shoe open before hand 1
        timed("play watch cold" if cold else "play watch", play_watch.step)
        for number, hand in enumerate(dealt.hands, start=1):
            odds = integrity.next_hand_odds(db, shoe.id)
            positive = [c for c, b in odds.odds.bets.items() if b.ev > 0 and is_open(b, number)
                        and c not in ("banker", "player")]
            for account in range(20):
                bets = positive if account == 0 else [rng.choice(("banker", "player", "lucky_six", "tie"))]
                if not bets or (account and rng.random() < 0.5):
                    continue
                slip_number += 1
                request = slips.SlipRequest(f"b{slip_number}", "counter" if account == 0 else f"flat-{account}",
                                            ("1.00", "100000.00"), tuple((bet, "10.00") for bet in bets))
                slips.place_slip(db, table.id, request, "bench")
            timed("post", lambda: hand_posts.post_hand(db, table.id, hand, number))
            if cold:
                timed("play watch cold", play_watch.step)
                timed("odds watch", odds_watch.step)
            else:
                timed("odds watch", odds_watch.step)
                timed("play watch", play_watch.step)
        shoes.close_shoe(db, table.id, shoe.id)
        timed("odds watch", odds_watch.step)
        timed("play watch cold" if cold else "play watch", play_watch.step)  # the count at the close
    print(f"part 2: {args.service_shoes} shoes dealt into an extended table (SQLite file), 20 accounts, "
          f"{slip_number} slips; every other shoe the play watch steps first (its odds cache cold)")
    for name, values in timings.items():
        if values:
            hands = hands_by[name.endswith("cold")] if name.startswith("play") else sum(hands_by.values())
            print(f"  {name:16s} {cpu[name] / hands:.3f} ms of CPU a hand, {sum(values) / hands:.3f} ms of wall time "
                  f"(the steps of {hands} hands and the counts at the closes; median step "
                  f"{statistics.median(values):.3f} ms, largest {max(values):.1f} ms)")
    print("  target: the play watch at most 1 ms a hand")


# Part 3: a slip with its stakes' EV


def part_three(args) -> None:
    from roadsvc.persistence.engine import Database
    from roadsvc.persistence.migrations import upgrade
    from roadsvc.services import tables
    from roadsvc.services.baccarat import hands as hand_posts, shoes, slips
    from roadsvc.services.baccarat import slips as slip_module

    folder = tempfile.mkdtemp(prefix="advantage-slip-")
    url = f"sqlite:///{folder}/bench.db"
    upgrade(url)
    db = Database(url)
    rng = random.Random(args.seed)
    table = tables.create_table(db, "Slip bench", "extended")
    dealt = deal_shoe(rng)
    shoes.open_shoe(db, table.id, burn_card=dealt.burn_card.code)
    real = slip_module.next_hand_or_none
    times: dict[str, list[float]] = {"with EV": [], "without (before)": []}
    cpu: dict[str, float] = dict.fromkeys(times, 0.0)
    number = 0
    for hand_number, hand in enumerate(dealt.hands[:args.slip_hands], start=1):
        for _ in range(args.slips_per_hand):
            for name in times:
                number += 1
                slip_module.next_hand_or_none = real if name == "with EV" else (lambda *a: None)
                request = slips.SlipRequest(f"s{number}", f"acct-{number % 50}", ("1.00", "100000.00"),
                                            (("banker", "10.00"), ("lucky_six", "5.00")))
                start, start_cpu = time.perf_counter(), time.process_time()
                slips.place_slip(db, table.id, request, "bench")
                times[name].append((time.perf_counter() - start) * 1000)
                cpu[name] += (time.process_time() - start_cpu) * 1000
        slip_module.next_hand_or_none = real
        hand_posts.post_hand(db, table.id, hand, hand_number)
    print(f"part 3: place_slip at an extended table (SQLite file), {len(times['with EV'])} slips each way, "
          f"interleaved; the first slip of each hand reads the hand's odds (cached by revision after it)")
    for name, values in times.items():
        print(f"  {name:18s} p50 {statistics.median(values):.3f} ms, mean {statistics.fmean(values):.3f} ms, "
              f"p99 {sorted(values)[int(len(values) * 0.99)]:.3f} ms; CPU {cpu[name] / len(values):.3f} ms a slip")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shoes", type=int, default=200)
    parser.add_argument("--flat", type=int, default=500)
    parser.add_argument("--seed", type=int, default=45)
    parser.add_argument("--service-shoes", type=int, default=4)
    parser.add_argument("--slip-hands", type=int, default=60)
    parser.add_argument("--slips-per-hand", type=int, default=10)
    parser.add_argument("--parts", default="123")
    parser.add_argument("--series-cache", default="", help="a path prefix: keep the shoes' exact EVs for a rerun")
    args = parser.parse_args()
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} (others share it)")
    if "1" in args.parts:
        part_one(args)
    if "2" in args.parts:
        part_two(args)
    if "3" in args.parts:
        part_three(args)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
