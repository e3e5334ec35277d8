"""Benchmark: a game server's floor. Slips placed and settled per second, on SQLite and
PostgreSQL, with 100 tables taking 50 slips a hand, and what settling a hand's 50 slips
adds to the post of that hand.

In process, through the services a request calls (`slips.place_slip`, `hands.post_hand`),
on a fresh migrated database of each kind (bench/_service.py). Each round deals one hand at
every table: first 50 slips of 2 bets each (classic rule set: banker/player/tie and the
pairs, stakes in cents) are placed at each of the `--tables` betting tables, then every
table posts its hand. The same number of tables beside them post their hands with no slip
at all: the baseline, in the same rounds, interleaved table by table so drift hits both.
Target: a post settling 50 slips has a p50 at most 5 ms above the baseline's. Nothing
asserts a time.

    .venv/bin/python bench/settle.py [--tables 100] [--slips 50] [--rounds 3] [--backend sqlite postgres]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics

from _service import can_run, dealt_hands, fresh_deployment, open_floor
from _timing import timed

from roadsvc.domain.baccarat.bets import rule_set
from roadsvc.persistence.engine import Database
from roadsvc.services.baccarat import hands, slips

TARGET_MS = 5.0
BETS_A_SLIP = 2


def slip_requests(rng: random.Random, codes: list[str], table: int, round_: int, count: int) -> list[slips.SlipRequest]:
    return [slips.SlipRequest(f"t{table}-r{round_}-s{n}", f"acct-{n}", ("1.00", "100000.00"),
                              tuple((rng.choice(codes), f"{rng.randint(1, 100)}.{rng.randint(0, 99):02d}")
                                    for _ in range(BETS_A_SLIP)), hand_number=round_ + 1)
            for n in range(count)]


def run(db: Database, floor, args) -> dict[str, list[float]]:
    """Seconds of each placing and each post, by kind."""
    rng, codes = random.Random(1), ["banker", "player", "tie", "banker_pair", "player_pair"]
    shoes = [dealt_hands(seed=500 + index)[0] for index in range(len(floor.table_ids))]
    figures: dict[str, list[float]] = {"place": [], "post, settling": [], "post, no slips (baseline)": []}
    for round_ in range(args.rounds):
        betting = floor.table_ids[::2]
        for table in betting:
            for request in slip_requests(rng, codes, table, round_, args.slips):
                figures["place"].append(timed(lambda: slips.place_slip(db, table, request, "bench")))
        for index, table in enumerate(floor.table_ids):  # betting and baseline tables alternate
            hand = shoes[index][round_]
            kind = "post, settling" if index % 2 == 0 else "post, no slips (baseline)"
            figures[kind].append(timed(lambda: hands.post_hand(db, table, hand, round_ + 1)))
    return figures


def report(backend: str, args, figures: dict[str, list[float]]) -> None:
    placing, settling, baseline = (figures[kind] for kind in ("place", "post, settling", "post, no slips (baseline)"))
    settled = len(settling) * args.slips
    print(f"\n{backend}: {args.tables} tables taking {args.slips} slips of {BETS_A_SLIP} bets a hand, "
          f"{args.tables} more posting without; {args.rounds} rounds; load average {os.getloadavg()[0]:.1f}")
    print(f"  slips placed   {len(placing) / sum(placing):8.0f} a second  (one at a time; p50 "
          f"{statistics.median(placing) * 1e3:.2f} ms a slip)")
    print(f"  slips settled  {settled / sum(settling):8.0f} a second  (inside the posts of their hands)")
    base, settle = statistics.median(baseline) * 1e3, statistics.median(settling) * 1e3
    print(f"  post p50: no slips {base:.2f} ms (baseline), settling {args.slips} slips {settle:.2f} ms: "
          f"+{settle - base:.2f} ms (target <= +{TARGET_MS:.0f} ms: {'PASS' if settle - base <= TARGET_MS else 'MISS'})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100, help="tables taking slips (as many again take none)")
    parser.add_argument("--slips", type=int, default=50, help="slips a table takes each hand")
    parser.add_argument("--rounds", type=int, default=3, help="hands dealt at every table")
    parser.add_argument("--backend", nargs="+", choices=("sqlite", "postgres"), default=["sqlite", "postgres"])
    args = parser.parse_args()
    assert "banker_pair" in rule_set("classic").bets
    for backend in args.backend:
        if not can_run(backend):
            continue
        with fresh_deployment(backend) as deployment:
            floor = open_floor(deployment.url, 2 * args.tables)
            db = Database(deployment.url)
            try:
                report(backend, args, run(db, floor, args))
            finally:
                db.dispose()


if __name__ == "__main__":
    main()
