"""`roadsvc db upgrade|current`: the Alembic migrations, from any working directory;
`roadsvc db wal`: one SQLite WAL checkpoint and the WAL's size, for monitoring;
`roadsvc db backup`: a PostgreSQL base backup (pg_basebackup) of the database's server (docs/deployment.md,
*Backups and restore*)."""

from __future__ import annotations

import argparse
import shutil
import subprocess
from datetime import datetime, timezone
from pathlib import Path
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
    backup = commands.add_parser("backup", help="a base backup of the PostgreSQL server (every node of a multi-host URL "
                                                "tried in turn) into FOLDER/<UTC time>: tar, compressed, with its WAL")
    backup.add_argument("folder", help="where the backups are kept (a new folder is made in it)")
    backup.set_defaults(func=run_backup)


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


def run_backup(args: argparse.Namespace) -> int:
    from sqlalchemy.engine import make_url

    from roadsvc.persistence.availability import libpq_conninfo

    url = load_settings()["DATABASE_URL"]
    if make_url(url).get_backend_name() != "postgresql":
        print(f"database {_shown(url)}: `roadsvc db backup` backs up PostgreSQL; copy an SQLite file with "
              "`sqlite3 FILE .backup COPY` (docs/operations.md)")
        return 1
    binary = shutil.which("pg_basebackup") or next(iter(sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_basebackup"),
                                                              reverse=True)), None)
    if binary is None:
        print("pg_basebackup is not installed (Debian: postgresql-client)")
        return 1
    target = Path(args.folder) / datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    # A replication connection: the URL's options (search_path) mean nothing there, the hosts and user do.
    conninfo = libpq_conninfo(make_url(url).difference_update_query(["options"]).render_as_string(hide_password=False))
    done = subprocess.run([str(binary), "-d", conninfo, "-D", str(target), "-Ft", "-Z", "1", "-X", "stream", "-c", "fast",
                           "--no-password"], capture_output=True, text=True)
    if done.returncode != 0:
        print(f"pg_basebackup failed: {done.stderr.strip()}")
        return 1
    print(f"base backup of {_shown(url)} in {target}")
    return 0


def _shown(url: str) -> str:
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)
