"""Benchmark: `roadsvc records verify` over 1,000,000 records (issue 43; target: at most 60 s, SQLite).

The records are made by the bench's own bulk path, not by the API: a fresh SQLite file (schema from
the models) gets tables, shoes, hands (real hand documents), settled bets and pit notes by Core
executemany, then one `seal` link per row, appended in batches through the chain's own code
(roadsvc.persistence.records.append_changes, the path every commit takes). Then, timed:

  * baseline: reading every row of every chained table and every link, no hashing, no comparing
    (the same batched queries verify runs);
  * verify: roadsvc.services.records.audit.verify (what `roadsvc records verify` runs): every link's
    digest recomputed, every row put in canonical form and compared with its newest link.

Each is printed with records/s; verify's figure is PASS or MISS against the target. The machine is
shared: the load average is printed beside the figures, and each figure's CPU time beside its wall time
(on a loaded machine the wall time is mostly waiting for a core).

    .venv/bin/python bench/records_verify.py [--records 1000000] [--runs 1] [--keep PATH]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sqlalchemy import insert  # noqa: E402

from roadsvc.domain.baccarat.dealing.hands import parse_hand  # noqa: E402
from roadsvc.domain.records import SEAL, canonical_row  # noqa: E402
from roadsvc.persistence.records import binding, reading  # noqa: E402
from roadsvc.persistence.records import chained as chained_rows  # noqa: E402
from roadsvc.persistence.engine import Database  # noqa: E402
from roadsvc.persistence.models import Base, Bet, BetSlip, Hand, PitNote, Shoe, Table  # noqa: E402
from roadsvc.services.records import audit as records_audit  # noqa: E402

TARGET_S = 60.0
HANDS_PER_SHOE = 60
BATCH = 50_000
START = datetime(2026, 12, 1, tzinfo=timezone.utc)
HAND = parse_hand({"cards": ["4S", "KD", "3H", "9C"]}).to_dict()


def plan(records: int) -> dict[str, int]:
    """How many rows of each table make `records` (a tenth bets, a tenth slips, a tenth notes, the rest hands)."""
    tables = 10
    bets = slips = notes = records // 10
    rest = records - tables - bets - slips - notes
    shoes = rest // (HANDS_PER_SHOE + 1)
    hands = rest - shoes
    return {"tables": tables, "shoes": shoes, "hands": hands, "bet_slips": slips, "bets": bets, "pit_notes": notes}


def rows(name: str, count: int, counts: dict[str, int]):
    shoes = counts["shoes"]
    for n in range(1, count + 1):
        at = START + timedelta(seconds=n)
        if name == "tables":
            yield {"id": n, "name": f"Table {n}", "game": "baccarat", "rule_set": "classic", "settings": {},
                   "created_at": at, "updated_at": at, "revision": 1}
        elif name == "shoes":
            yield {"id": n, "table_id": (n - 1) % 10 + 1, "number": (n - 1) // 10 + 1, "decks": 8, "status": "closed",
                   "last_hand": HANDS_PER_SHOE, "revision": 1, "opened_at": at, "updated_at": at}
        elif name == "hands":
            yield {"id": n, "shoe_id": (n - 1) % shoes + 1, "number": (n - 1) // shoes + 1, "data": HAND,
                   "result": HAND["result"], "voided": False, "created_at": at, "updated_at": at}
        elif name == "bet_slips":
            yield {"id": n, "table_id": (n - 1) % 10 + 1, "shoe_id": (n - 1) % shoes + 1, "hand_number": 1,
                   "client_slip_id": f"slip-{n}", "account_id": f"acct-{n % 997}", "request_hash": "0" * 64,
                   "rules": {"rule_set": "classic", "overrides": {}}, "answer": {"id": n}, "actor": "bench",
                   "created_at": at}
        elif name == "bets":
            yield {"id": n, "slip_id": n, "shoe_id": (n - 1) % shoes + 1, "hand_number": 1,
                   "account_id": f"acct-{n % 997}", "position": 0, "code": "banker", "stake": 1000, "held": 1000,
                   "status": "win", "tier": None, "pay": "0.95 to 1", "returned": 1950, "net": 950, "settled_at": at}
        else:
            yield {"id": n, "table_id": (n - 1) % 10 + 1, "shoe_id": None, "author": "bench pit boss",
                   "text": f"note {n}: seat 3 asked for a new shoe", "created_at": at}


def fill(db: Database, records: int) -> dict[str, int]:
    counts = plan(records)
    models = {"tables": Table, "shoes": Shoe, "hands": Hand, "bet_slips": BetSlip, "bets": Bet, "pit_notes": PitNote}
    tables = chained_rows.chained_tables()
    for name, count in counts.items():
        batch: list[dict] = []
        for row in rows(name, count, counts):
            batch.append(row)
            if len(batch) == BATCH:
                _write(db, models[name], tables[name], batch)
                batch = []
        if batch:
            _write(db, models[name], tables[name], batch)
    return counts


def _write(db: Database, model, chained, batch: list[dict]) -> None:
    with db.write() as session:
        session.execute(insert(model.__table__), batch)
        found = chained_rows.read_rows(session, chained, [row["id"] for row in batch], chunk=5000)
        binding.append_changes(session, [(chained.name, str(row[chained.key_index]), SEAL,
                                        canonical_row(chained.content(row))) for row in found])


def read_everything(db: Database) -> int:
    with db.consistent_read() as session:
        count = sum(1 for _ in reading.links(session))
        for chained in chained_rows.chained_tables().values():
            count += sum(1 for _ in chained_rows.all_rows(session, chained))
    return count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=1_000_000)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--keep", help="make (or reuse) the database at this path")
    args = parser.parse_args()
    path = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="records-verify-")) / "roadsvc.db"
    fresh = not path.exists()
    db = Database(f"sqlite:///{path}", synchronous="OFF")
    if fresh:
        Base.metadata.create_all(db.engine)
        began = time.perf_counter()
        counts = fill(db, args.records)
        print(f"made {sum(counts.values()):,} records and their links in {time.perf_counter() - began:.1f} s: {counts}")
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} (the machine is shared)")
    for run in range(1, args.runs + 1):
        began, cpu = time.perf_counter(), time.process_time()
        read = read_everything(db)
        baseline, baseline_cpu = time.perf_counter() - began, time.process_time() - cpu
        began, cpu = time.perf_counter(), time.process_time()
        result = records_audit.verify(db)
        took, took_cpu = time.perf_counter() - began, time.process_time() - cpu
        records = sum(result.records.values())
        assert result.ok, result.lines()
        print(f"run {run}: baseline (read {read:,} rows and links, no hashing): {baseline:.1f} s "
              f"(CPU {baseline_cpu:.1f} s)")
        print(f"run {run}: verify {records:,} records, {result.links:,} links: {took:.1f} s (CPU {took_cpu:.1f} s), "
              f"{records / took:,.0f} records/s ({took / baseline:.1f}x the baseline) "
              f"{'PASS' if took <= TARGET_S else 'MISS'} (target {TARGET_S:.0f} s)")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    db.dispose()


if __name__ == "__main__":
    main()
