"""Fixtures shared by the test suite (keep this tiny)."""

from __future__ import annotations

from typing import Callable

import pytest

from roadsvc.domain.baccarat.dealing.cards import Card, parse_card

_ZERO_RANKS = ("10", "J", "Q", "K")


@pytest.fixture
def card_of() -> Callable[..., Card]:
    """A real card, parsed from its code, of baccarat value 0-9; `variant` varies the
    suit and which of 10 J Q K stands for 0, so tests do not lean on one card."""

    def make(value: int, variant: int = 0) -> Card:
        rank = _ZERO_RANKS[variant % 4] if value == 0 else ("A" if value == 1 else str(value))
        return parse_card(rank + "SHDC"[variant % 4])

    return make
