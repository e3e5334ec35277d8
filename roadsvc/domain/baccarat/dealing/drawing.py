"""The third-card rules (博牌规则), exactly as tabled in the operator's texts.

Each function answers whether a side must draw, and `check_draws` explains in
words which rule a dealt hand broke.
"""

from __future__ import annotations

from roadsvc.domain.errors import DomainError

# Banker total with two cards -> the player's third-card values on which the banker draws.
BANKER_DRAWS_ON = {
    0: frozenset(range(10)),
    1: frozenset(range(10)),
    2: frozenset(range(10)),
    3: frozenset(range(10)) - {8},
    4: frozenset(range(2, 8)),
    5: frozenset(range(4, 8)),
    6: frozenset({6, 7}),
    7: frozenset(),
}


def is_natural(two_card_total: int) -> bool:
    return two_card_total >= 8


def player_draws(player_two: int, banker_two: int) -> bool:
    """The player draws on 0-5 unless either side has a natural."""
    return not (is_natural(player_two) or is_natural(banker_two)) and player_two <= 5


def banker_draws(player_two: int, banker_two: int, player_third: int | None) -> bool:
    """The banker's rule: on the player's third card if one was drawn, else 0-5 draws."""
    if is_natural(player_two) or is_natural(banker_two):
        return False
    if player_third is None:
        return banker_two <= 5
    return player_third in BANKER_DRAWS_ON[banker_two]


def _player_rule(player_two: int, banker_two: int, drew: bool) -> str | None:
    due = player_draws(player_two, banker_two)
    if due == drew:
        return None
    if drew:
        if is_natural(banker_two) or is_natural(player_two):
            side, total = ("banker", banker_two) if is_natural(banker_two) else ("player", player_two)
            return f"no third card on a natural: {side} has {total}"
        return f"player stands on {player_two}"
    return f"player draws on {player_two}"


def _banker_rule(player_two: int, banker_two: int, player_third: int | None, drew: bool) -> str | None:
    due = banker_draws(player_two, banker_two, player_third)
    if due == drew:
        return None
    if is_natural(player_two) or is_natural(banker_two):
        side, total = ("banker", banker_two) if is_natural(banker_two) else ("player", player_two)
        return f"no third card on a natural: {side} has {total}"
    if player_third is None:
        verb = "stands" if drew else "draws"
        return f"banker {verb} on {banker_two} when the player stands"
    if banker_two == 7:
        return "banker stands on 7"
    verb = "stands" if drew else "draws"
    return f"banker {verb} on {banker_two} when the player's third card is {player_third}"


def surplus_card_rule(player_two: int, banker_two: int, player_third: int | None) -> str:
    """The rule a card beyond those the rules deal would break."""
    if not player_draws(player_two, banker_two):
        return _player_rule(player_two, banker_two, drew=True)
    return _banker_rule(player_two, banker_two, player_third, drew=True)


def check_draws(player_values: list[int], banker_values: list[int]) -> None:
    """Refuse a dealt hand whose card counts break the third-card rules."""
    for side, values in (("player", player_values), ("banker", banker_values)):
        if len(values) not in (2, 3):
            raise DomainError("card_count", f"the {side} has {len(values)} cards; a side holds 2 or 3", f"cards.{side}")
    player_two = sum(player_values[:2]) % 10
    banker_two = sum(banker_values[:2]) % 10
    rule = _player_rule(player_two, banker_two, len(player_values) == 3)
    if rule:
        raise DomainError("third_card_rule", rule, "cards.player")
    player_third = player_values[2] if len(player_values) == 3 else None
    rule = _banker_rule(player_two, banker_two, player_third, len(banker_values) == 3)
    if rule:
        raise DomainError("third_card_rule", rule, "cards.banker")
