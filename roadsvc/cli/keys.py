"""`roadsvc keys create|list|revoke|rotate`: API keys from the command line (the key is shown once).

Changes are in the audit trail under the operator's login name (`cli:<user>`)."""

from __future__ import annotations

import argparse
import getpass
import sys
from datetime import timedelta
from typing import Any

from roadsvc.cli import REFUSED
from roadsvc.config import load_settings
from roadsvc.persistence.engine import open_database
from roadsvc.services.keys import lifecycle as keys
from roadsvc.services.capabilities import ROLES
from roadsvc.services.keys.principals import KeyInfo
from roadsvc.services.admin_audit import Actor
from roadsvc.services.errors import DomainError, ServiceError


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("keys", help="create, list and revoke API keys")
    commands = parser.add_subparsers(dest="keys_command", required=True)
    create = commands.add_parser("create", help="create a key and print it (shown only this once)")
    create.add_argument("--role", required=True, choices=ROLES)
    create.add_argument("--table", type=int, help="bind a dealer key to this table id")
    create.add_argument("--name", help="a name to recognise the key by")
    create.add_argument("--expires-in", help="the key stops working after this long: 90m, 12h, 30d")
    create.set_defaults(func=run_create)
    commands.add_parser("list", help="list keys (never the keys themselves)").set_defaults(func=run_list)
    revoke = commands.add_parser("revoke", help="revoke a key by id")
    revoke.add_argument("id", type=int)
    revoke.set_defaults(func=run_revoke)
    rotate = commands.add_parser("rotate", help="a new key for key ID; the old one works for the grace period")
    rotate.add_argument("id", type=int)
    rotate.set_defaults(func=run_rotate)


def operator() -> Actor:
    try:
        return Actor(f"cli:{getpass.getuser()}")
    except (KeyError, OSError):  # no login name (a container's anonymous uid)
        return Actor("cli")


def run_create(args: argparse.Namespace) -> int:
    def create(db) -> None:
        expires_at = keys.expiry_after(args.expires_in) if args.expires_in else None
        _print_created(*keys.create_key(db, args.role, args.name, args.table, expires_at, operator()))

    return _guarded(create)


def run_list(args: argparse.Namespace) -> int:
    return _guarded(lambda db: [print(_line(info)) for info in keys.list_keys(db)])


def run_revoke(args: argparse.Namespace) -> int:
    return _guarded(lambda db: print("revoked", _line(keys.revoke_key(db, args.id, operator()))))


def run_rotate(args: argparse.Namespace) -> int:
    grace = timedelta(seconds=load_settings()["KEY_ROTATION_GRACE"])

    def rotate(db) -> None:
        new, plain, old = keys.rotate_key(db, args.id, grace, operator())
        _print_created(new, plain)
        print(f"# the old key {_line(old)} works until then", flush=True)

    return _guarded(rotate)


def _print_created(info: KeyInfo, plain: str) -> None:
    print(plain)
    print(f"# {_line(info)} -- store it now: it is not shown again", flush=True)


def _line(info: KeyInfo) -> str:
    table = f" table={info.table_id}" if info.table_id else ""
    revoked = " REVOKED" if info.revoked_at else ""
    expires = f" expires={info.expires_at.isoformat(timespec='seconds')}" if info.expires_at else ""
    return f"id={info.id} role={info.role}{table} name={info.name!r} prefix={info.prefix}{expires}{revoked}"


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
