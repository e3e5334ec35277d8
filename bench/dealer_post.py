"""What naming the dealer costs a baccarat post (issue 45): a hand's INSERT carries a scalar subquery of the
table's newest dealer change (roadsvc.persistence.dealers.registry.DEALER_AT). Posts through the service
(roadsvc.services.baccarat.hands.post_hand, no HTTP) on a SQLite file, in interleaved blocks: with the
subquery (a table with 200 dealer changes) and the baseline in the same run, the same INSERT without it.

    .venv/bin/python bench/dealer_post.py [--blocks 6] [--hands 50]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path
from statistics import median

from sqlalchemy import create_engine

from roadsvc.domain.baccarat.dealing.hands import parse_hand
from roadsvc.persistence import repositories
from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import Base
from roadsvc.services.admin_audit import Actor
from roadsvc.services.baccarat import hands, shoes
from roadsvc.services import tables
from roadsvc.services.dealers import registry

WITH_DEALER = repositories._INSERT_HAND
WITHOUT = repositories.Hand.__table__.insert()


def block(db: Database, table_id: int, count: int, statement) -> float:
    repositories._INSERT_HAND = statement
    shoes.open_shoe(db, table_id)
    hand = parse_hand({"result": "banker"})
    started = time.perf_counter()
    for _ in range(count):
        hands.post_hand(db, table_id, hand)
    return (time.perf_counter() - started) / count * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--blocks", type=int, default=6)
    parser.add_argument("--hands", type=int, default=50)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'bench.db'}"
        Base.metadata.create_all(create_engine(url))
        db = Database(url)
        table = tables.create_table(db, "Baccarat 1").id
        pit = Actor("bench")
        for index in range(200):
            registry.register(db, f"D-{index}", f"Dealer {index}", pit)
            registry.change_dealer(db, table, f"D-{index}", pit)
        found: dict[str, list[float]] = {"baseline": [], "with the dealer": []}
        for _ in range(args.blocks):
            found["baseline"].append(block(db, table, args.hands, WITHOUT))
            found["with the dealer"].append(block(db, table, args.hands, WITH_DEALER))
        repositories._INSERT_HAND = WITH_DEALER
        db.dispose()
    print(f"a post's median ms over {args.blocks} blocks of {args.hands} hands (SQLite file):")
    for name, times in found.items():
        print(f"  {name:16s} {median(times):6.2f} ms  (blocks {min(times):.2f}-{max(times):.2f})")


if __name__ == "__main__":
    main()
