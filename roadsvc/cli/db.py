"""`roadsvc db upgrade|current`: the Alembic migrations, from any working directory;
`roadsvc db wal`: one SQLite WAL checkpoint and the WAL's size, for monitoring."""

from __future__ import annotations

import argparse
from typing import Any

from roadsvc.config import load_settings
from roadsvc.persistence.engine import open_database
from roadsvc.persistence.migrations import current, upgrade


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("db", help="database migrations (Alembic)")
    commands = parser.add_subparsers(dest="db_command", required=True)
    up = commands.add_parser("upgrade", help="migrate the database (ROADSVC_DATABASE_URL) to the newest schema")
    up.add_argument("--revision", default="head", help="target revision (default: head)")
    up.set_defaults(func=run_upgrade)
    cur = commands.add_parser("current", help="print the database's schema revision")
    cur.set_defaults(func=run_current)
    wal = commands.add_parser("wal", help="checkpoint the SQLite WAL once and print its size "
                                          "(exit status 1: over ROADSVC_SQLITE_WAL_LIMIT_BYTES and not copied)")
    wal.set_defaults(func=run_wal)


def run_upgrade(args: argparse.Namespace) -> int:
    url = load_settings()["DATABASE_URL"]
    upgrade(url, args.revision)
    print(f"database {_shown(url)} is at revision {args.revision}")
    return 0


def run_current(args: argparse.Namespace) -> int:
    current(load_settings()["DATABASE_URL"])
    return 0


def run_wal(args: argparse.Namespace) -> int:
    settings = load_settings()
    db = open_database()
    try:
        if db.checkpointer is None:
            print(f"database {_shown(db.url)}: no WAL to checkpoint (PostgreSQL, in-memory, "
                  "or ROADSVC_SQLITE_CHECKPOINT_INTERVAL=0)")
            return 0
        status = db.checkpointer.checkpoint()
    finally:
        db.dispose()
    print(f"WAL of {db.checkpointer.path}: {status.wal_bytes} bytes (limit {settings['SQLITE_WAL_LIMIT_BYTES']}); "
          f"{status.checkpointed_frames} of {status.wal_frames} frames checkpointed in {status.last_ms:.1f} ms")
    return 1 if status.over_limit else 0


def _shown(url: str) -> str:
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)
