"""The numbers of 打棒 (spec `dabang.md`), configuration with the spec's defaults."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class DabangRules:
    """Each number the spec calls configuration."""

    decks: int = 3
    hand_size: int = 39
    bottom_size: int = 6
    first_level: int = 3
    last_level: int = 10  # a team whose level would pass this wins the match
    level_up_points: int = 120  # the scorers' threshold
    blood_above: int = 160  # above this the scorers' points give blood too
    bottom_multiple: int = 2  # 抠底: the bottom's points count this many times
    scorers_win_points: int = 400  # an instant win for the scorers (reachable only with a bigger multiple)
    time_limit_minutes: int = 90

    @property
    def deck_size(self) -> int:
        return 54 * self.decks


DEFAULT_RULES = DabangRules()
