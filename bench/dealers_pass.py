"""The dealers pass's read (issue 45): every dealer's figures over a shift so far
(roadsvc.services.dealers.figures.period_figures, what the jobs' dealers pass and the dealers page read),
against a baseline in the same run: the shift report's read of the same hands (its per-table hands and
voids, roadsvc.persistence.shift_reports.hands).

A SQLite file in /tmp: T baccarat tables x H hands each over 8 hours (a shift), a dealer change every
40 minutes at each table (D dealers rotating), a refusal before 5 % of the hands, no bets.

    .venv/bin/python bench/dealers_pass.py [--tables 20] [--hands 480] [--dealers 25] [--repeat 5]
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

from sqlalchemy import create_engine, insert

from roadsvc.persistence import shift_reports
from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import Base, Dealer, DealerChange, DealerIncident, Hand, Shoe, Table
from roadsvc.services.dealers.figures import period_figures

SHIFT = timedelta(hours=8)


def fill(url: str, tables: int, hands: int, dealers: int, begins: datetime) -> None:
    engine, rng = create_engine(url), random.Random(45)
    Base.metadata.create_all(engine)
    step = SHIFT / hands
    with engine.begin() as connection:
        connection.execute(insert(Dealer), [{"id": d, "badge": f"D-{d}", "name": f"Dealer {d}", "active": True,
                                             "created_at": begins} for d in range(1, dealers + 1)])
        for table in range(1, tables + 1):
            connection.execute(insert(Table), [{"id": table, "name": f"Baccarat {table}", "game": "baccarat",
                                                "rule_set": "classic", "settings": {}}])
            connection.execute(insert(Shoe), [{"id": table, "table_id": table, "number": 1, "decks": 8}])
            changes = [{"table_id": table, "dealer_id": (table + k) % dealers + 1, "actor": "bench",
                        "changed_at": begins + k * timedelta(minutes=40)} for k in range(12)]
            connection.execute(insert(DealerChange), changes)
            rows, refused = [], []
            for number in range(1, hands + 1):
                at = begins + number * step
                dealer = (table + int((at - begins) / timedelta(minutes=40))) % dealers + 1
                rows.append({"shoe_id": table, "number": number, "data": {"result": "banker"}, "result": "banker",
                             "voided": False, "created_at": at, "updated_at": at, "dealer_id": dealer})
                if rng.random() < 0.05:
                    refused.append({"table_id": table, "dealer_id": dealer, "game": "baccarat", "kind": "refusal",
                                    "code": "third_card_rule", "at": at})
            connection.execute(insert(Hand), rows)
            if refused:
                connection.execute(insert(DealerIncident), refused)
    engine.dispose()


def timed(step, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        step()
        best = min(best, time.perf_counter() - started)
    return best * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--hands", type=int, default=480)
    parser.add_argument("--dealers", type=int, default=25)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    begins = datetime(2026, 12, 7, 6, tzinfo=timezone.utc)
    ends, now = begins + SHIFT, begins + SHIFT
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'bench.db'}"
        fill(url, args.tables, args.hands, args.dealers, begins)
        db = Database(url)

        def baseline():
            with db.read() as session:
                shift_reports.hands(session, begins, ends)

        base = timed(baseline, args.repeat)
        dealers = timed(lambda: period_figures(db, begins, ends, now), args.repeat)
        db.dispose()
    print(f"{args.tables} tables x {args.hands} hands, {args.dealers} dealers (best of {args.repeat}):")
    print(f"  baseline, the shift report's hands read: {base:8.1f} ms")
    print(f"  every dealer's figures over the shift:   {dealers:8.1f} ms ({dealers / base:.1f}x)")


if __name__ == "__main__":
    main()
