"""`roadsvc keys create|list|revoke`: API keys from the command line (the key is shown once)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from roadsvc.cli import REFUSED
from roadsvc.persistence.engine import open_database
from roadsvc.services import keys
from roadsvc.services.errors import DomainError, ServiceError


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("keys", help="create, list and revoke API keys")
    commands = parser.add_subparsers(dest="keys_command", required=True)
    create = commands.add_parser("create", help="create a key and print it (shown only this once)")
    create.add_argument("--role", required=True, choices=keys.ROLES)
    create.add_argument("--table", type=int, help="bind a dealer key to this table id")
    create.add_argument("--name", help="a name to recognise the key by")
    create.set_defaults(func=run_create)
    commands.add_parser("list", help="list keys (never the keys themselves)").set_defaults(func=run_list)
    revoke = commands.add_parser("revoke", help="revoke a key by id")
    revoke.add_argument("id", type=int)
    revoke.set_defaults(func=run_revoke)


def run_create(args: argparse.Namespace) -> int:
    return _guarded(lambda db: _print_created(*keys.create_key(db, args.role, args.name, args.table)))


def run_list(args: argparse.Namespace) -> int:
    return _guarded(lambda db: [print(_line(info)) for info in keys.list_keys(db)])


def run_revoke(args: argparse.Namespace) -> int:
    return _guarded(lambda db: print("revoked", _line(keys.revoke_key(db, args.id))))


def _print_created(info: keys.KeyInfo, plain: str) -> None:
    print(plain)
    print(f"# {_line(info)} -- store it now: it is not shown again", flush=True)


def _line(info: keys.KeyInfo) -> str:
    table = f" table={info.table_id}" if info.table_id else ""
    revoked = " REVOKED" if info.revoked_at else ""
    return f"id={info.id} role={info.role}{table} name={info.name!r} prefix={info.prefix}{revoked}"


def _guarded(action) -> int:
    db = open_database()
    try:
        action(db)
        return 0
    except (DomainError, ServiceError) as error:
        print(f"roadsvc keys: {error.message}", file=sys.stderr)
        return REFUSED
    finally:
        db.dispose()
