"""The games a table can be: each is a peer package in every layer (roadsvc.<layer>.<game>).

A table's game is set when the table is created and never changes; `baccarat` is the
default, so every client written before the other games keeps working.
"""

from __future__ import annotations

from typing import Any

from roadsvc.domain.errors import DomainError

BACCARAT, NIUNIU, DABANG = "baccarat", "niuniu", "dabang"
GAMES = (BACCARAT, NIUNIU, DABANG)
DEFAULT_GAME = BACCARAT
WITH_RULE_SETS = frozenset({BACCARAT})  # 百人牛牛 and 打棒 have one set of rules each: no rule set


def rule_set_of(game: str, rule_set: str | None) -> str | None:
    """A table's rule set as it is shown: its baccarat rule set; null for a game without rule sets
    (the stored column keeps its default, unused)."""
    return rule_set if game in WITH_RULE_SETS else None


def check_game(game: Any) -> str:
    """`game` if it is one of GAMES; anything else is refused as `unknown_game`."""
    if game not in GAMES:
        raise DomainError("unknown_game", f"{game!r} is not a game; a table's game is one of {', '.join(GAMES)}",
                          "game")
    return game
