"""`roadsvc demo setup|deal`: a demo table of each game with printed keys, and a dealer dealing real shoes.

    roadsvc demo setup                       the demo tables (baccarat with an open shoe, 百人牛牛 with its
                                             first round settled, 打棒 with a match); prints fresh keys
    roadsvc demo deal --interval 2 --shoes 1 deal one shoe, a hand every 2 seconds
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from typing import Any

from roadsvc.cli import REFUSED
from roadsvc.config import load_settings
from roadsvc.persistence.engine import open_database
from roadsvc.services.demo import DemoDealer, ensure_demo_floor, ensure_demo_table, fresh_demo_keys
from roadsvc.services.errors import DomainError, ServiceError


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("demo", help="a demo table of each game, keys, and a dealer dealing real shoes")
    commands = parser.add_subparsers(dest="demo_command", required=True)
    commands.add_parser("setup", help="ensure a demo table of each game (baccarat with an open shoe, 百人牛牛, 打棒 "
                        "with a match); print fresh keys, one per role").set_defaults(
        func=run_setup
    )
    deal = commands.add_parser("deal", help="deal realistic 8-deck shoes into a table, hand by hand")
    deal.add_argument("--table", type=int, help="table id (default: the demo table)")
    deal.add_argument("--interval", type=float, default=2.0, help="seconds between hands (default 2)")
    deal.add_argument("--shoes", type=int, default=0, help="stop after this many shoes (default 0: never)")
    deal.add_argument("--seed", type=int, help="seed the shuffles (repeatable demos)")
    deal.set_defaults(func=run_deal)


def run_setup(args: argparse.Namespace) -> int:
    settings = load_settings()
    db = open_database()
    try:
        floor = ensure_demo_floor(db, settings["DEMO_TABLE_NAME"])
        keys = fresh_demo_keys(db)
    finally:
        db.dispose()
    print(f"demo tables: {floor.baccarat.id} {floor.baccarat.name!r} (baccarat, shoe {floor.shoe.number} open), "
          f"{floor.niuniu.id} {floor.niuniu.name!r} (百人牛牛), {floor.dabang.id} {floor.dabang.name!r} "
          f"(打棒, match {floor.match_id})")
    print("API keys, one per role, each good at every demo table (shown once; older demo keys are revoked):")
    for role, plain in keys.items():
        print(f"  {role:11} {plain}")  # game_server is the longest role
    base = f"http://{settings['SERVE_HOST']}:{settings['SERVE_PORT']}"
    print(f"try: curl -H 'Authorization: Bearer {keys['display']}' {base}/api/v1/tables/{floor.baccarat.id}/roads")
    print(f"     curl -H 'Authorization: Bearer {keys['display']}' {base}/api/v1/tables/{floor.niuniu.id}/rounds/1")
    print(f"     curl -H 'Authorization: Bearer {keys['display']}' {base}/api/v1/matches/{floor.match_id}"
          "   (the jobs process plays it move by move)")
    print(f"floor: {base}/floor (sign in with the pitboss key)   docs: {base}/api/docs   deal hands: roadsvc demo deal")
    return 0


def run_deal(args: argparse.Namespace) -> int:
    db = open_database()
    try:
        table_id = args.table or ensure_demo_table(db, load_settings()["DEMO_TABLE_NAME"])[0].id
        dealer = DemoDealer(db, table_id, random.Random(args.seed))
        while not args.shoes or dealer.shoes_finished < args.shoes:
            print(f"table {table_id}: {dealer.step()}", flush=True)
            time.sleep(args.interval)
    except (DomainError, ServiceError) as error:
        print(f"roadsvc demo deal: {error.message}", file=sys.stderr)
        return REFUSED
    except KeyboardInterrupt:
        return 0
    finally:
        db.dispose()
    return 0
