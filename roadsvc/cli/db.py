"""`roadsvc db upgrade|current`: the Alembic migrations, from any working directory."""

from __future__ import annotations

import argparse
from typing import Any

from roadsvc.config import load_settings
from roadsvc.persistence.migrations import current, upgrade


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("db", help="database migrations (Alembic)")
    commands = parser.add_subparsers(dest="db_command", required=True)
    up = commands.add_parser("upgrade", help="migrate the database (ROADSVC_DATABASE_URL) to the newest schema")
    up.add_argument("--revision", default="head", help="target revision (default: head)")
    up.set_defaults(func=run_upgrade)
    cur = commands.add_parser("current", help="print the database's schema revision")
    cur.set_defaults(func=run_current)


def run_upgrade(args: argparse.Namespace) -> int:
    url = load_settings()["DATABASE_URL"]
    upgrade(url, args.revision)
    print(f"database {_shown(url)} is at revision {args.revision}")
    return 0


def run_current(args: argparse.Namespace) -> int:
    current(load_settings()["DATABASE_URL"])
    return 0


def _shown(url: str) -> str:
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)
