"""The `roadsvc` command. Each area registers its own subcommand module here."""

from __future__ import annotations

import argparse
import importlib
import sys

REFUSED = 2  # the exit status of every subcommand that refuses its input (the reason goes to stderr)

# Subcommand modules: each has `register(subparsers)` adding its parser with `func` set.
COMMANDS = ["roads", "odds", "db", "serve", "keys", "demo", "jobs", "publish", "records"]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="roadsvc", description="roadsvc: the live-table service for an operator's card games "
                                     "(baccarat, 百人牛牛, 打棒)")
    subparsers = parser.add_subparsers(dest="command", required=True)
    for name in COMMANDS:
        importlib.import_module(f"roadsvc.cli.{name}").register(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return args.func(args) or 0


if __name__ == "__main__":
    sys.exit(main())
