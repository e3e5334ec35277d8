"""Benchmark: what the record's chain costs a dealer's post, in process (issue 43), beside main's code.

The HTTP bench (bench/api_posts.py) times a post end to end, but on a shared, loaded machine its
p99 is mostly the machine's. This one times the service call alone (`hands.post_hand`, the posting
path every route takes: a shoe's hands, the monitor's rules, settling, the event, and on the chain
branch the links), on a fresh SQLite file (synchronous=FULL as served) and on PostgreSQL when it is
up, for real dealt 8-deck shoes with two slips of bets on every hand; it prints each post's wall
time (p50, p99) and CPU time (p50, p99: what the post itself costs, whatever the load).

Run it on main's code and on the chain's, alternately, in fresh processes (`--code DIR`: a tree to
import roadsvc from, e.g. `git archive main | tar -x -C /tmp/main`):

    .venv/bin/python bench/records_post_cost.py --ab /tmp/main [--shoes 3] [--rounds 2]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from statistics import median, quantiles

HERE = Path(__file__).resolve().parent


def measure(backend: str, shoes: int) -> dict:
    sys.path.insert(0, str(HERE))
    from _service import dealt_hands  # noqa: E402

    from roadsvc.persistence.engine import Database
    from roadsvc.persistence.migrations import upgrade
    from roadsvc.services.baccarat import hands, shoes as shoe_service, slips
    from roadsvc.services.tables import create_table

    folder = tempfile.mkdtemp(prefix="post-cost-")
    url = f"sqlite:///{folder}/roadsvc.db" if backend == "sqlite" else _postgres_schema()
    upgrade(url, "head")
    db = Database(url, synchronous="FULL")
    table = create_table(db, "Bench 1")
    walls, cpus = [], []
    client_ids = iter(range(1, 10**9))
    for shoe in dealt_hands(1, shoes):
        shoe_service.open_shoe(db, table.id)
        for hand in shoe:
            for account in ("acct-1", "acct-2"):
                _slip(slips, db, table.id, account, next(client_ids))
            began, cpu = time.perf_counter(), time.thread_time()
            hands.post_hand(db, table.id, hand)
            cpus.append((time.thread_time() - cpu) * 1000)
            walls.append((time.perf_counter() - began) * 1000)
    db.dispose()
    return {"posts": len(walls), "wall": _figures(walls), "cpu": _figures(cpus)}


def _slip(slips, db, table_id: int, account: str, number: int) -> None:
    request = slips.SlipRequest(f"s{number}", account, ("1.00", "100000.00"),
                                (("banker", "10.00"), ("player_pair", "5.00")))
    slips.place_slip(db, table_id, request, actor="bench")


def _figures(values: list[float]) -> dict:
    return {"p50": median(values), "p99": quantiles(values, n=100)[98]}


def _postgres_schema() -> str:
    import uuid

    from sqlalchemy import create_engine, text

    server = os.environ.get("ROADSVC_TEST_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
    schema = f"bench_{uuid.uuid4().hex[:8]}"
    engine = create_engine(server)
    with engine.begin() as conn:
        conn.execute(text(f"CREATE SCHEMA {schema}"))
    engine.dispose()
    return f"{server}?options=-csearch_path%3D{schema}"  # noqa: E501


def run_child(code: str | None, backend: str, shoes: int) -> dict:
    env = {**os.environ, **({"PYTHONPATH": code} if code else {})}
    out = subprocess.run([sys.executable, __file__, "--child", backend, "--shoes", str(shoes)], env=env,
                         capture_output=True, text=True, check=True, cwd=code or str(HERE.parent))
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ab", metavar="DIR", help="main's code: runs it and this tree's alternately")
    parser.add_argument("--shoes", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--backend", action="append", choices=("sqlite", "postgres"))
    parser.add_argument("--child", choices=("sqlite", "postgres"))
    args = parser.parse_args()
    if args.child:
        print(json.dumps(measure(args.child, args.shoes)))
        return
    for backend in args.backend or ["sqlite", "postgres"]:
        print(f"{backend}: load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} (2 CPUs, shared)")
        for round_ in range(1, args.rounds + 1):
            for name, code in (("main", args.ab), ("chain", None), ("chain", None), ("main", args.ab)):
                if name == "main" and not code:
                    continue
                found = run_child(code, backend, args.shoes)
                wall, cpu = found["wall"], found["cpu"]
                print(f"  round {round_} {name:5} {found['posts']} posts: wall p50 {wall['p50']:.2f} ms "
                      f"p99 {wall['p99']:.2f} ms; CPU p50 {cpu['p50']:.2f} ms p99 {cpu['p99']:.2f} ms")


if __name__ == "__main__":
    main()
