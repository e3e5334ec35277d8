"""Seats 1-4 in play order (counter-clockwise) and the two teams: A is seats 1 and 3, B seats 2 and 4."""

from __future__ import annotations

SEATS = (1, 2, 3, 4)
TEAMS = {"A": (1, 3), "B": (2, 4)}


def team_of(seat: int) -> str:
    return "A" if seat % 2 == 1 else "B"


def other_team(team: str) -> str:
    return "B" if team == "A" else "A"


def next_seat(seat: int) -> int:
    """The seat that plays after `seat` (its 下家)."""
    return seat % 4 + 1


def previous_seat(seat: int) -> int:
    """The seat that plays before `seat` (its 上家)."""
    return (seat + 2) % 4 + 1


def partner(seat: int) -> int:
    """The seat opposite (对家)."""
    return (seat + 1) % 4 + 1


def seats_from(seat: int) -> tuple[int, ...]:
    """All four seats in play order, starting at `seat`."""
    return tuple((seat - 1 + i) % 4 + 1 for i in range(4))
