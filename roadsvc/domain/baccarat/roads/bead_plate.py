"""The bead plate (珠盘路): every hand, ties included, six to a column.

It is the only road that shows ties as hands of their own, so it is also where a
tie's pairs stay visible (the big road draws a tie only as a slash on an entry).
"""

from __future__ import annotations

from typing import NamedTuple, Sequence

from roadsvc.domain.errors import DomainError
from roadsvc.domain.baccarat.dealing.hands import BANKER, PLAYER, TIE, Hand, hand_from_result

BEAD_ROWS = 6
LETTERS = {"B": BANKER, "P": PLAYER, "T": TIE}
"""A shoe written as its bead-plate letters, e.g. `BPPBT` (case-insensitive)."""


class Bead(NamedTuple):
    """One hand on the bead plate, with its number in the shoe and its place."""

    hand: int
    col: int
    row: int
    result: str
    banker_pair: bool
    player_pair: bool
    points: int | None
    natural: bool | None


def bead_position(index: int) -> tuple[int, int]:
    """(col, row) of the hand at 0-based `index`: top to bottom, then the next column."""
    return divmod(index, BEAD_ROWS)


def bead_plate(hands: Sequence[Hand], numbers: Sequence[int]) -> list[Bead]:
    """The beads of these hands; `numbers` are their 1-based numbers in the shoe."""
    beads = []
    for index, (hand, number) in enumerate(zip(hands, numbers)):
        col, row = bead_position(index)
        beads.append(
            Bead(number, col, row, hand.result, hand.banker_pair, hand.player_pair, hand.winner_total, hand.natural)
        )
    return beads


def hands_from_letters(text: str) -> list[Hand]:
    """Hands by result from letters B, P, T; spaces and commas are ignored.

    Any other character is refused, naming it and its 1-based position in `text`.
    """
    by_letter = {letter: hand_from_result(result) for letter, result in LETTERS.items()}
    hands = []
    for position, char in enumerate(text, start=1):
        if char == "," or char.isspace():
            continue
        hand = by_letter.get(char.upper())
        if hand is None:
            raise DomainError(
                "invalid_letter", f"{char!r} at position {position} is not B, P or T", f"position {position}"
            )
        hands.append(hand)
    return hands
