"""The third-card rules over every player total, banker total and player third card.

The expected rules are written here independently of roadsvc.domain.baccarat.dealing.drawing, transcribed
from the operator's texts, and both texts' banker tables are transcribed:

* 001 (补牌规则) gives the banker's table as the third cards on which the banker does NOT
  draw (不需补牌), and says: if the player did not draw, the banker draws on 0-5 and stands
  on 6-7 (如闲家没有补牌，则庄家点数少于6点就必须补牌，大于5点必需停补).
* 003 (博牌规则) gives it as the third cards on which the banker DOES draw (需要博牌).

Both say: the player draws on 0-5, stands on 6-7; 8 or 9 in either side's first two
cards is a natural (天生赢家 / 例牌) and nobody draws.
"""

from __future__ import annotations

from functools import partial
from itertools import product
from typing import Callable, Iterable

import pytest

from roadsvc.domain.baccarat.dealing.cards import Card, points
from roadsvc.domain.baccarat.dealing.drawing import banker_draws, player_draws
from roadsvc.domain.errors import DomainError
from roadsvc.domain.baccarat.dealing.hands import hand_from_cards, parse_hand

ALL = frozenset(range(10))
NATURALS = frozenset({8, 9})
PLAYER_DRAWS_ON = frozenset({0, 1, 2, 3, 4, 5})
BANKER_DRAWS_WHEN_PLAYER_STANDS = frozenset({0, 1, 2, 3, 4, 5})  # 001

# 001: banker two-card total -> the player's third-card values on which the banker stands.
BANKER_STANDS_001 = {
    0: frozenset(),
    1: frozenset(),
    2: frozenset(),
    3: frozenset({8}),
    4: frozenset({0, 1, 8, 9}),
    5: frozenset({0, 1, 2, 3, 8, 9}),
    6: frozenset({0, 1, 2, 3, 4, 5, 8, 9}),
    7: ALL,
}
# 003: banker two-card total -> the player's third-card values on which the banker draws.
BANKER_DRAWS_003 = {
    0: ALL,
    1: ALL,
    2: ALL,
    3: frozenset({0, 1, 2, 3, 4, 5, 6, 7, 9}),
    4: frozenset({2, 3, 4, 5, 6, 7}),
    5: frozenset({4, 5, 6, 7}),
    6: frozenset({6, 7}),
    7: frozenset(),
}

TOTALS = range(10)
THIRDS = (None, *range(10))


def test_the_two_seed_tables_agree() -> None:
    """001 lists where the banker stands, 003 where it draws: they must be complements."""
    assert {b: ALL - stands for b, stands in BANKER_STANDS_001.items()} == BANKER_DRAWS_003


def natural(player_two: int, banker_two: int) -> bool:
    return player_two in NATURALS or banker_two in NATURALS


def expected_player_draws(player_two: int, banker_two: int) -> bool:
    return not natural(player_two, banker_two) and player_two in PLAYER_DRAWS_ON


def expected_banker_draws(player_two: int, banker_two: int, player_third: int | None) -> bool:
    if natural(player_two, banker_two):
        return False
    if player_third is None:
        return banker_two in BANKER_DRAWS_WHEN_PLAYER_STANDS
    return player_third not in BANKER_STANDS_001[banker_two]


def expected_player_reason(player_two: int, banker_two: int) -> str:
    """The rule a player with the wrong number of cards broke."""
    if natural(player_two, banker_two):
        return "no third card on a natural"
    if player_two in PLAYER_DRAWS_ON:
        return f"player draws on {player_two}"
    return f"player stands on {player_two}"


def expected_banker_reason(player_two: int, banker_two: int, player_third: int | None, drew: bool) -> str:
    """The rule a banker with the wrong number of cards broke (the player's count being right)."""
    if natural(player_two, banker_two):
        return "no third card on a natural"
    verb = "stands" if drew else "draws"
    if player_third is None:
        return f"banker {verb} on {banker_two} when the player stands"
    if banker_two == 7:
        return "banker stands on 7"
    return f"banker {verb} on {banker_two} when the player's third card is {player_third}"


def assert_names_the_natural(message: str, player_two: int, banker_two: int) -> None:
    named = {f"banker has {banker_two}"} if banker_two in NATURALS else set()
    named |= {f"player has {player_two}"} if player_two in NATURALS else set()
    assert any(message.endswith(side) for side in named), message


def failures(check: Callable[..., None], cases: Iterable[tuple]) -> list[str]:
    """Run `check` on every case; the failing cases with their messages (all, not just the first)."""
    found = []
    for case in cases:
        try:
            check(*case)
        except AssertionError as failure:
            found.append(f"{case}: {failure}")
    return found


def two_cards(card_of: Callable[..., Card], total: int, twist: int) -> list[Card]:
    """Two real cards totalling `total`, their make-up varied by `twist`."""
    first = (total + twist) % 10
    cards = [card_of(first, twist), card_of((total - first) % 10, twist + 1)]
    assert points(cards) == total
    return cards


@pytest.mark.parametrize(("player_two", "banker_two"), list(product(TOTALS, TOTALS)))
def test_player_draws(player_two: int, banker_two: int) -> None:
    assert player_draws(player_two, banker_two) is expected_player_draws(player_two, banker_two)


# The deals that exist: the player holds a third card exactly when the rules give one.
DEALS = [
    (player_two, banker_two, player_third)
    for player_two, banker_two, player_third in product(TOTALS, TOTALS, THIRDS)
    if (player_third is not None) == expected_player_draws(player_two, banker_two)
]


def test_the_deals_cover_every_player_third_card() -> None:
    # Player on 0-5 and banker on 0-7 (no natural): ten possible thirds; any other pair of totals: none.
    assert len(DEALS) == 6 * 8 * 10 + (100 - 6 * 8)


@pytest.mark.parametrize(("player_two", "banker_two", "player_third"), DEALS)
def test_banker_draws(player_two: int, banker_two: int, player_third: int | None) -> None:
    assert banker_draws(player_two, banker_two, player_third) is expected_banker_draws(
        player_two, banker_two, player_third
    )


@pytest.mark.parametrize(("player_two", "banker_two"), list(product(TOTALS, TOTALS)))
def test_hands_by_side_take_exactly_the_legal_card_counts(
    card_of: Callable[..., Card], player_two: int, banker_two: int
) -> None:
    """Every player third card (or none) and banker third card (or none)."""
    cases = product(THIRDS, (False, True))
    assert failures(partial(check_hand_by_side, card_of, player_two, banker_two), cases) == []


def check_hand_by_side(
    card_of: Callable[..., Card], player_two: int, banker_two: int, player_third: int | None, banker_third: bool
) -> None:
    twist = player_two * 3 + banker_two + (player_third or 0)
    player = two_cards(card_of, player_two, twist) + ([] if player_third is None else [card_of(player_third, twist)])
    banker = two_cards(card_of, banker_two, twist + 2) + ([card_of(5, twist)] if banker_third else [])
    player_ok = (player_third is not None) == expected_player_draws(player_two, banker_two)
    banker_ok = banker_third == expected_banker_draws(player_two, banker_two, player_third)

    if player_ok and banker_ok:
        hand = hand_from_cards(player, banker)
        assert (hand.player_total, hand.banker_total) == (points(player), points(banker))
        assert hand.natural is natural(player_two, banker_two)
        return
    with pytest.raises(DomainError) as refused:
        hand_from_cards(player, banker)
    error = refused.value
    assert error.code == "third_card_rule"
    if player_ok:
        assert error.field == "cards.banker"
        assert expected_banker_reason(player_two, banker_two, player_third, banker_third) in error.message
    else:
        assert error.field == "cards.player"
        assert expected_player_reason(player_two, banker_two) in error.message
    if natural(player_two, banker_two):
        assert_names_the_natural(error.message, player_two, banker_two)


@pytest.mark.parametrize(("player_two", "banker_two"), list(product(TOTALS, TOTALS)))
def test_hands_in_dealing_order_take_exactly_the_legal_card_counts(
    card_of: Callable[..., Card], player_two: int, banker_two: int
) -> None:
    """Every fifth card value, with 0, 1 or 2 cards after P1 B1 P2 B2."""
    cases = product(range(10), (0, 1, 2))
    assert failures(partial(check_hand_in_dealing_order, card_of, player_two, banker_two), cases) == []


def check_hand_in_dealing_order(
    card_of: Callable[..., Card], player_two: int, banker_two: int, fifth: int, extra: int
) -> None:
    """P1 B1 P2 B2 and `extra` more cards: the fifth goes to whoever the rules say."""
    twist = player_two + banker_two * 7 + fifth
    p1, p2 = two_cards(card_of, player_two, twist)
    b1, b2 = two_cards(card_of, banker_two, twist + 1)
    extras = [card_of(fifth, twist), card_of(9 - fifth, twist + 3)][:extra]
    codes = [card.code for card in (p1, b1, p2, b2, *extras)]

    player_due = expected_player_draws(player_two, banker_two)
    third = fifth if player_due else None
    banker_due = expected_banker_draws(player_two, banker_two, third)
    due = player_due + banker_due

    if extra == due:
        hand = parse_hand({"cards": codes})
        player = [p1, p2] + extras[:player_due]
        banker = [b1, b2] + extras[player_due:]
        assert (list(hand.player_cards), list(hand.banker_cards)) == (player, banker)
        return
    with pytest.raises(DomainError) as refused:
        parse_hand({"cards": codes})
    error = refused.value
    assert error.code == "third_card_rule"
    assert error.field is not None and error.field.startswith("cards")
    if extra < due:  # a card the rules deal is missing
        reason = (
            expected_player_reason(player_two, banker_two)
            if player_due and extra == 0
            else expected_banker_reason(player_two, banker_two, third, drew=False)
        )
    elif natural(player_two, banker_two) or not player_due:  # a card beyond the rules: none for the player
        reason = expected_player_reason(player_two, banker_two)
    else:
        reason = expected_banker_reason(player_two, banker_two, third, drew=True)
    assert reason in error.message
