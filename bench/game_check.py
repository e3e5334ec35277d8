"""Benchmark: what the wrong_game check adds to every request of a game's path about a table.

In-process, in a request context of the real app (SQLite file, one baccarat table): the
check a polled view now makes after the key (roadsvc.api.auth.require_table_game, the
table's game read once then kept), beside the same view's key check alone
(roadsvc.api.auth.current_principal with a verified key, what every poll already paid),
measured in the same run.

    .venv/bin/python bench/game_check.py [--number 200000]
"""

from __future__ import annotations

import argparse
import tempfile
import timeit
from pathlib import Path

from roadsvc.app import create_app
from roadsvc.api.auth import current_principal, require_table_game
from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import Base
from roadsvc.services import tables
from roadsvc.services.keys.lifecycle import create_key


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--number", type=int, default=200_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        url = f"sqlite:///{Path(directory) / 'bench.db'}"
        Base.metadata.create_all(Database(url).engine)
        app = create_app({"DATABASE_URL": url, "LOG_LEVEL": "WARNING"})
        db = app.extensions["roadsvc.db"]
        table = tables.create_table(db, "Bench 1")
        key = create_key(db, "display", "bench")[1]
        headers = {"Authorization": f"Bearer {key}"}
        with app.test_request_context(f"/api/v1/tables/{table.id}/roads", headers=headers):
            current_principal()  # the key verified once, as a polling display's is
            view_args = {"table_id": table.id}
            require_table_game("baccarat", view_args)  # the game read once
            runs = {
                "key check (baseline, every poll)": lambda: current_principal(),
                "wrong_game check (new)": lambda: require_table_game("baccarat", view_args),
            }
            for name, call in runs.items():
                best = min(timeit.repeat(call, number=args.number, repeat=5)) / args.number
                print(f"{name:36s} {best * 1e6:7.3f} us per request")
        db.dispose()


if __name__ == "__main__":
    main()
