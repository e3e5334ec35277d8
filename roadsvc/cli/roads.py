"""`roadsvc roads`: print a shoe's road snapshot as one line of JSON.

    roadsvc roads BPPBT...          one shoe written as letters (B, P, T; any case;
                                    spaces and commas ignored)
    roadsvc roads < shoes.txt       one shoe per non-empty line, one JSON line each
    roadsvc roads --hands FILE      a JSON array of hands (cards or result), FILE may be -

Refusals go to stderr with exit status 2 and print nothing for that shoe. Reading
lines from stdin, a refused line does not stop the later ones (a day of shoes is
replayed in one go); the status is 2 at the end if any line was refused.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import IO, Any, Iterable

from roadsvc.api.baccarat.schemas.roads import snapshot_json
from roadsvc.cli import REFUSED
from roadsvc.domain.baccarat.roads.bead_plate import hands_from_letters
from roadsvc.domain.errors import DomainError
from roadsvc.domain.baccarat.dealing.hands import Hand, parse_hand
from roadsvc.domain.baccarat.dealing.shoe import DEFAULT_DECKS, check_card_supply, check_decks
from roadsvc.domain.baccarat.roads.snapshot import build_snapshot


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "roads",
        help="print a shoe's roads as one line of JSON",
        description="Print the road snapshot (docs/snapshot.md) of a shoe as one line of JSON. "
        "With no letters and no --hands, read one shoe per line from standard input.",
        epilog="Refusals go to stderr with exit status 2 and print nothing for that shoe. Reading "
        "lines, a refused line does not stop the later ones; the exit status is then 2 at the end. "
        "--decks applies to --hands (the card supply check).",
    )
    parser.add_argument("letters", nargs="*", help="the shoe's results as letters B, P, T (e.g. BPPBT)")
    parser.add_argument("--hands", metavar="FILE", help="a JSON array of hands by cards or result; - for stdin")
    parser.add_argument("--decks", type=int, default=DEFAULT_DECKS, help="decks in the shoe (default 8)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.hands is not None:
        if args.letters:
            return _refuse(DomainError("conflicting_input", "give letters or --hands, not both"), "--hands")
        return _run_hands_file(args.hands, args.decks)
    if args.letters:
        return _run_letters(" ".join(args.letters))
    return _run_lines(sys.stdin)


def print_snapshot(hands: list[Hand]) -> None:
    """The snapshot as one compact JSON line, Chinese names as they are."""
    sys.stdout.write(snapshot_json(build_snapshot(hands)).decode("utf-8") + "\n")


def _refuse(error: DomainError, place: str | None) -> int:
    """Report a refusal on stderr: where (a line, a hand's field), the rule, its code."""
    sys.stderr.write(f"roadsvc roads: {place + ': ' if place else ''}{error.message} [{error.code}]\n")
    return REFUSED


def _run_letters(text: str, where: str | None = None) -> int:
    try:
        hands = hands_from_letters(text)
    except DomainError as error:
        return _refuse(error, where)
    print_snapshot(hands)
    return 0


def _run_lines(lines: Iterable[str]) -> int:
    """One shoe per non-empty line; a refused line is reported and the rest still run."""
    status = 0
    for number, line in enumerate(lines, start=1):
        if line.strip():
            status = max(status, _run_letters(line.rstrip("\r\n"), f"line {number}"))
    return status


def _run_hands_file(path: str, decks: int) -> int:
    try:
        check_decks(decks)
        hands = _read_hands(path)
        check_card_supply(hands, decks)
    except DomainError as error:
        return _refuse(error, error.field)
    print_snapshot(hands)
    return 0


def _read_hands(path: str) -> list[Hand]:
    if path == "-":
        return load_hands(sys.stdin)
    try:
        with open(path, encoding="utf-8") as stream:
            return load_hands(stream)
    except OSError as error:
        raise DomainError("unreadable_file", f"cannot read {path}: {error.strerror}", "hands") from error


def load_hands(stream: IO[str]) -> list[Hand]:
    """Parse a JSON array of hands; a bad hand is refused naming its 1-based number."""
    try:
        data = json.load(stream)
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise DomainError("invalid_json", f"not valid JSON: {error}", "hands") from error
    if not isinstance(data, list):
        raise DomainError("invalid_hands", "expected a JSON array of hands", "hands")
    hands = []
    for number, raw in enumerate(data, start=1):
        try:
            hands.append(parse_hand(raw))
        except DomainError as error:
            raise error.at(f"hand {number}") from error
    return hands
