"""The floor's money with 百人牛牛 tables (issue 34): a read_money floor build sums each 百人牛牛 table's rounds
settled in the shift from their settlements (roadsvc.services.pit.money.floor_shift_money).

* cold: every table's sums read (a new shift, or a process's first floor);
* one table moved: one table's revision bumped (a round settled), the others from the floor's cache;
* warm: nothing moved (every table from the cache);
* baseline: baccarat's grouped read alone (no 百人牛牛 table).

A SQLite file in /tmp, N tables x R settled rounds x B bets each (half the rounds banked by a player).

    .venv/bin/python bench/niuniu_floor_money.py [--tables 10] [--rounds 500] [--bets 20]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

from sqlalchemy import create_engine, insert, update

from roadsvc.domain.shifts import Shift
from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import Base, NiuniuRound, Table
from roadsvc.services.caches import LRU
from roadsvc.services.pit import money

BET = {"area": "player_1", "stake": "10.00", "outcome": "win", "multiple": 10, "commission": "5.00", "net": "95.00"}


def fill(url: str, tables: int, rounds: int, bets: int, now: datetime) -> None:
    engine = create_engine(url)
    Base.metadata.create_all(engine)
    settlement = {"accounts": {f"acct-{i}": {"bets": [BET, {**BET, "area": "player_2"}], "net": "190.00"}
                               for i in range(bets // 2)}, "banker": {"net": "-2000.00"}}
    with engine.begin() as connection:
        for table in range(1, tables + 1):
            connection.execute(insert(Table), [{"id": table, "name": f"Niu {table}", "game": "niuniu", "rule_set": "",
                                                "settings": {}, "revision": 1}])
            connection.execute(insert(NiuniuRound), [
                {"table_id": table, "number": number, "hands": {}, "opened": [], "status": "settled",
                 "settlement": settlement, "banker_account": None if number % 2 else "bk", "created_at": now,
                 "settled_at": now, "updated_at": now} for number in range(1, rounds + 1)])
    engine.dispose()


def timed(label: str, run) -> None:
    start = time.perf_counter()
    run()
    print(f"{label:<40} {(time.perf_counter() - start) * 1000:9.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=500)
    parser.add_argument("--bets", type=int, default=20)
    args = parser.parse_args()
    now = datetime.now(timezone.utc)
    shift = Shift(now.date(), now.time(), now - timedelta(hours=1), now + timedelta(hours=1))
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'floor.db'}"
        empty = f"sqlite:///{Path(folder) / 'empty.db'}"
        fill(url, args.tables, args.rounds, args.bets, now)
        fill(empty, 0, 0, 0, now)
        db, baseline, cache = Database(url), Database(empty), LRU(2048)
        print(f"{args.tables} tables x {args.rounds} settled rounds x {args.bets} bets")
        timed("baseline: baccarat's grouped read", lambda: money.floor_shift_money(baseline, shift, LRU(2048)))
        timed("cold: every table read", lambda: money.floor_shift_money(db, shift, cache))
        with db.write() as session:
            session.execute(update(Table).where(Table.id == 1).values(revision=Table.revision + 1))
        timed("one table moved", lambda: money.floor_shift_money(db, shift, cache))
        timed("warm: from the cache", lambda: money.floor_shift_money(db, shift, cache))
        db.dispose()
        baseline.dispose()


if __name__ == "__main__":
    main()
