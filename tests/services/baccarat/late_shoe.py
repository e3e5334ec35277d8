"""A shoe that runs into the player's favour: the integrity and odds-watch tests share it."""

from __future__ import annotations

from roadsvc.domain.baccarat.dealing.hands import parse_hand

SUITS = "SHDC"


def nines_and_eights(i: int):
    """Player 9 9 against banker 8 8: four 8s and 9s out of the shoe (Lucky 7s turn positive by hand 5)."""
    a, b = SUITS[(2 * i) % 4], SUITS[(2 * i + 1) % 4]
    return parse_hand({"cards": {"player": [f"9{a}", f"9{b}"], "banker": [f"8{a}", f"8{b}"]}})
