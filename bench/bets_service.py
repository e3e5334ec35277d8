"""Benchmark: a 40-bet slip through the service (placing it, and settling it inside the
post of its hand), beside the baseline of posting a hand with no bets, same run, same
database. Extended rule set, real dealt hands (a new shoe every 25 hands, before any
cutoff), rounds interleaved so drift hits both sides alike. Nothing asserts a time.

    .venv/bin/python bench/bets_service.py [--rounds 60] [--postgres URL]

PostgreSQL runs when --postgres or ROADSVC_TEST_POSTGRES_URL names a server that answers.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import uuid
from typing import Callable, Iterator

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from _timing import timed

from roadsvc.domain.baccarat.bets import rule_set
from roadsvc.domain.baccarat.dealing.shoe import deal_shoe
from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import Base
from roadsvc.services import tables
from roadsvc.services.baccarat import hands, shoes, slips

SLIP_SIZE, HANDS_PER_SHOE = 40, 25


def slip_request(rng: random.Random, codes: list[str], n: int) -> slips.SlipRequest:
    lines = tuple((rng.choice(codes), f"{rng.randint(1, 100)}.{rng.randint(0, 99):02d}") for _ in range(SLIP_SIZE))
    return slips.SlipRequest(f"bench-{n}", f"acct-{n % 7}", ("1.00", "100000.00"), lines)


def dealt_hands(rng: random.Random) -> Iterator[list]:
    while True:
        yield deal_shoe(rng).hands[:HANDS_PER_SHOE]


def run(db: Database, rounds: int, seed: int) -> dict[str, list[float]]:
    rng, codes = random.Random(seed), list(rule_set("extended").bets)
    table = tables.create_table(db, f"bench {uuid.uuid4().hex[:6]}", "extended")
    figures: dict[str, list[float]] = {"post, no bets (baseline)": [], "place a 40-bet slip": [],
                                       "post, settling 40 bets": []}
    shoes_dealt, n = dealt_hands(rng), 0
    while n < rounds:
        shoes.open_shoe(db, table.id)
        for hand in next(shoes_dealt):
            if n % 2:
                request = slip_request(rng, codes, n)
                placing = timed(lambda: slips.place_slip(db, table.id, request, "bench"))
                figures["place a 40-bet slip"].append(placing)
                figures["post, settling 40 bets"].append(timed(lambda: hands.post_hand(db, table.id, hand)))
            else:
                figures["post, no bets (baseline)"].append(timed(lambda: hands.post_hand(db, table.id, hand)))
            n += 1
    return figures


def report(backend: str, figures: dict[str, list[float]]) -> None:
    baseline = statistics.median(figures["post, no bets (baseline)"])
    print(f"\n{backend}")
    for name, samples in figures.items():
        samples = sorted(samples)
        median, p90 = statistics.median(samples), samples[int(0.9 * (len(samples) - 1))]
        print(f"  {name:28s} median {median * 1e3:7.2f} ms  p90 {p90 * 1e3:7.2f} ms  "
              f"x{median / baseline:5.2f} baseline")
    settle = statistics.median(figures["post, settling 40 bets"]) - baseline
    print(f"  settling 40 bets adds about {settle * 1e3:.2f} ms to a post ({settle / SLIP_SIZE * 1e6:.0f} us a bet)")


def sqlite_database(folder: str) -> Database:
    db = Database(f"sqlite:///{folder}/bench.db")
    Base.metadata.create_all(db.engine)
    return db


def postgres_database(url: str) -> tuple[Database, Callable[[], None]] | None:
    schema = f"roadsvc_bench_{uuid.uuid4().hex[:8]}"
    server = create_engine(url, connect_args={"connect_timeout": 3})
    try:
        with server.begin() as conn:
            conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    except Exception as error:  # no server: skip PostgreSQL, say why
        print(f"\nPostgreSQL skipped: {type(error).__name__}")
        return None
    db = Database(make_url(url).update_query_dict({"options": f"-csearch_path={schema}"}).render_as_string(False))
    Base.metadata.create_all(db.engine)

    def drop() -> None:
        db.dispose()
        with server.begin() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        server.dispose()

    return db, drop


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--postgres", default=os.environ.get("ROADSVC_TEST_POSTGRES_URL",
                                                             "postgresql+psycopg://postgres@127.0.0.1:5432/test"))
    args = parser.parse_args()
    print(f"{args.rounds} rounds, slips of {SLIP_SIZE} bets (extended), hands alternately with and without bets")
    with tempfile.TemporaryDirectory() as folder:
        db = sqlite_database(folder)
        report("SQLite (WAL, synchronous NORMAL)", run(db, args.rounds, args.seed))
        db.dispose()
    postgres = postgres_database(args.postgres)
    if postgres is not None:
        db, drop = postgres
        try:
            report("PostgreSQL", run(db, args.rounds, args.seed))
        finally:
            drop()


if __name__ == "__main__":
    main()
