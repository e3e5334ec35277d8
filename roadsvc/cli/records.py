"""`roadsvc records verify|export|seal`: the record checked against its hash chain (docs/records.md).

verify: exit 0 when every link follows from the one before and every record is as committed; 1 when
not (the first broken link and the first records that differ are printed); 2 for refused input."""

from __future__ import annotations

import argparse
import json
import sys
from datetime import date
from typing import Any

from roadsvc.cli import REFUSED
from roadsvc.persistence.engine import open_database
from roadsvc.services.records import audit, bundle

DIFFERS = 1


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("records", help="the tamper-evident record: verify, export a bundle, seal")
    commands = parser.add_subparsers(dest="records_command", required=True)
    verify = commands.add_parser("verify", help="recompute the hash chain and compare every record with it "
                                                "(exit status 1: a broken link or a record that differs)")
    verify.add_argument("--bundle", help="check this exported bundle instead, with no database")
    verify.add_argument("--json", action="store_true", help="print the result as JSON")
    verify.set_defaults(func=run_verify)
    export = commands.add_parser("export", help="write a self-contained bundle of a period (UTC days) for a regulator")
    export.add_argument("--from", dest="first", required=True, help="first day, YYYY-MM-DD")
    export.add_argument("--to", dest="last", required=True, help="last day, YYYY-MM-DD (included)")
    export.add_argument("--out", required=True, help="the bundle's file (a zip)")
    export.set_defaults(func=run_export)
    seal = commands.add_parser("seal", help="bind every record no link names into the chain (once, after upgrading)")
    seal.set_defaults(func=run_seal)


def run_verify(args: argparse.Namespace) -> int:
    if args.bundle:
        try:
            with open(args.bundle, "rb") as source:
                result = bundle.verify_bundle(source)
        except OSError as error:
            print(f"cannot read {args.bundle}: {error}", file=sys.stderr)
            return REFUSED
    else:
        db = open_database()
        try:
            result = audit.verify(db)
        finally:
            db.dispose()
    print(json.dumps(result.as_json(), indent=2, ensure_ascii=False) if args.json else "\n".join(result.lines()))
    return 0 if result.ok else DIFFERS


def run_export(args: argparse.Namespace) -> int:
    try:
        first, last = date.fromisoformat(args.first), date.fromisoformat(args.last)
    except ValueError as error:
        print(f"invalid_date: --from and --to are YYYY-MM-DD ({error})", file=sys.stderr)
        return REFUSED
    if last < first:
        print("invalid_date: --to is before --from", file=sys.stderr)
        return REFUSED
    db = open_database()
    try:
        with open(args.out, "wb") as out:
            done = bundle.export(db, first, last, out)
    except bundle.ExportRefused as refused:
        print("\n".join(refused.verification.lines()))
        print("nothing exported: the records differ from the chain", file=sys.stderr)
        return DIFFERS
    finally:
        db.dispose()
    head = "none" if done.head is None else f"{done.head[0]} {done.head[1]}"
    print(f"{args.out}: {done.links} links (anchor {done.anchor[0]} {done.anchor[1]}, head {head}), "
          f"{done.records} records, {done.shift_reports} shift reports; manifest SHA-256 {done.manifest_sha256}")
    return 0


def run_seal(args: argparse.Namespace) -> int:
    db = open_database()
    try:
        count = audit.seal(db)
    finally:
        db.dispose()
    print(f"{count} records bound into the chain (op seal)")
    return 0
