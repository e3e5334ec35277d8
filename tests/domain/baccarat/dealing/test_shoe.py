"""The shoe: decks, card supply, the burn rule, the cut card, and dealing a real shoe.

Seeds 001 and 003: 8 decks (416 cards, no jokers); the first card of a new shoe is turned
and its value is how many cards are burned, 10 for 10 J Q K; the hand during which the
cut card comes out is the last (the dealer finishes it, then reshuffles).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from roadsvc.domain.baccarat.dealing.cards import RANKS, SUITS, Card, full_deck, parse_card, points
from roadsvc.domain.baccarat.dealing.drawing import banker_draws, player_draws
from roadsvc.domain.errors import DomainError
from roadsvc.domain.baccarat.dealing.hands import Hand, parse_hand
from roadsvc.domain.baccarat.dealing.shoe import (
    DealtShoe,
    accepts_hand,
    burn_count,
    check_card_supply,
    check_decks,
    deal_shoe,
    shuffled_shoe,
)

SHOE_SIZE = 8 * 52
SEEDS = range(300)
# The first card's rank -> cards burned after it (seed 003: J, Q and K count 10, the rest their face).
BURNS = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10, "J": 10, "Q": 10, "K": 10}


def dealing_order(hand: Hand) -> list[Card]:
    """P1 B1 P2 B2 [P3] [B3]: the order the cards left the shoe."""
    player, banker = hand.player_cards, hand.banker_cards
    return [player[0], banker[0], player[1], banker[1], *player[2:], *banker[2:]]


def dealt_cards(shoe: DealtShoe) -> list[Card]:
    return [*shoe.burned, *(card for hand in shoe.hands for card in dealing_order(hand))]


def natural_hand(*codes: str) -> Hand:
    """A two-card-each hand; the codes must make a natural so no third card is due."""
    return parse_hand({"cards": list(codes)})


# ---------------------------------------------------------------- decks, burn, supply


@pytest.mark.parametrize("rank", RANKS)
@pytest.mark.parametrize("suit", SUITS)
def test_burn_count_for_every_card(rank: str, suit: str) -> None:
    assert burn_count(parse_card(rank + suit)) == BURNS[rank]


@pytest.mark.parametrize("decks", range(1, 9))
def test_one_to_eight_decks(decks: int) -> None:
    assert check_decks(decks) == decks


@pytest.mark.parametrize("decks", [0, 9, -1, 416, True, 8.0, "8", None])
def test_bad_deck_counts_are_refused(decks: object) -> None:
    with pytest.raises(DomainError) as refused:
        check_decks(decks)  # type: ignore[arg-type]
    assert (refused.value.code, refused.value.field) == ("invalid_decks", "decks")


def test_eight_decks_hold_eight_of_a_card_and_not_nine() -> None:
    # AS 7H against AS 8C: player 8 and banker 9, both naturals, two aces of spades a hand.
    twice = natural_hand("AS", "AS", "7H", "8C")
    check_card_supply([twice] * 4, decks=8)
    with pytest.raises(DomainError) as refused:
        check_card_supply([twice] * 5, decks=8)
    error = refused.value
    assert (error.code, error.field) == ("impossible_card", "cards")
    assert "AS" in error.message and "number 9" in error.message and "hand 5" in error.message


def test_one_deck_holds_one_of_each_card() -> None:
    check_card_supply([natural_hand("AS", "AH", "7H", "7S")], decks=1)
    with pytest.raises(DomainError) as refused:
        check_card_supply([natural_hand("AS", "AH", "7H", "7H")], decks=1)
    assert refused.value.code == "impossible_card"
    assert "7H" in refused.value.message and "hand 1" in refused.value.message


def test_a_card_seen_in_another_hand_counts() -> None:
    first, second = natural_hand("9S", "2D", "KH", "3C"), natural_hand("9S", "4D", "QH", "4C")
    check_card_supply([first], decks=1)
    with pytest.raises(DomainError) as refused:
        check_card_supply([first, second], decks=1)
    assert "9S" in refused.value.message and "hand 2" in refused.value.message


def test_burned_cards_count_towards_the_supply() -> None:
    hand = natural_hand("9S", "2D", "KH", "3C")
    check_card_supply([hand], decks=2, burned=[parse_card("9S")])
    with pytest.raises(DomainError) as refused:
        check_card_supply([hand], decks=1, burned=[parse_card("9S")])
    assert refused.value.code == "impossible_card"


def test_hands_by_result_use_no_cards() -> None:
    check_card_supply([parse_hand({"result": "banker"})] * 500, decks=1)


@pytest.mark.parametrize(
    ("hands_so_far", "last_hand", "accepts"),
    [(0, None, True), (90, None, True), (5, 6, True), (6, 6, False), (7, 6, False), (0, 1, True), (1, 1, False)],
)
def test_the_cut_card_hand_is_the_last(hands_so_far: int, last_hand: int | None, accepts: bool) -> None:
    """`last_hand` is the number of the hand during which the cut card came out (None: not yet)."""
    assert accepts_hand(hands_so_far, last_hand) is accepts


# ---------------------------------------------------------------- dealing a real shoe


@pytest.fixture(scope="module")
def shoes() -> dict[int, DealtShoe]:
    return {seed: deal_shoe(random.Random(seed)) for seed in SEEDS}


def test_every_dealt_hand_obeys_the_rules(shoes: dict[int, DealtShoe]) -> None:
    """Re-parsing each hand from its cards in dealing order gives the very same hand."""
    for shoe in shoes.values():
        for hand in shoe.hands:
            assert parse_hand({"cards": [card.code for card in dealing_order(hand)]}) == hand


def test_a_shoe_is_dealt_in_order_from_the_shuffled_cards(shoes: dict[int, DealtShoe]) -> None:
    """Burn first, then hand after hand with no card skipped or reused."""
    for seed, shoe in shoes.items():
        cards = shuffled_shoe(random.Random(seed))
        dealt = dealt_cards(shoe)
        assert dealt == cards[: len(dealt)]


def test_the_burn(shoes: dict[int, DealtShoe]) -> None:
    for shoe in shoes.values():
        assert shoe.burned[0] == shoe.burn_card
        assert len(shoe.burned) == 1 + BURNS[shoe.burn_card.code[:-1]]
    burns = Counter(len(shoe.burned) for shoe in shoes.values())
    assert set(burns) == set(range(2, 12))  # every burn from A (1 more card) to a ten (10 more)
    assert burns[11] > burns[2]  # 10 J Q K all burn ten


def test_no_card_more_often_than_eight_decks_hold(shoes: dict[int, DealtShoe]) -> None:
    for shoe in shoes.values():
        counts = Counter(dealt_cards(shoe))
        assert max(counts.values()) <= 8
        assert set(counts) <= set(full_deck())
        check_card_supply(shoe.hands, decks=8, burned=shoe.burned)


def test_a_realistic_number_of_hands(shoes: dict[int, DealtShoe]) -> None:
    counts = [len(shoe.hands) for shoe in shoes.values()]
    assert 60 <= min(counts) and max(counts) <= 85
    assert 65 <= sorted(counts)[len(counts) // 2] <= 80


def test_the_results_look_like_baccarat(shoes: dict[int, DealtShoe]) -> None:
    """About 46% banker, 45% player, 9.5% tie (bets.md); loose bounds over ~21 000 hands."""
    results = Counter(hand.result for shoe in shoes.values() for hand in shoe.hands)
    total = sum(results.values())
    assert 0.43 < results["banker"] / total < 0.49
    assert 0.42 < results["player"] / total < 0.475
    assert 0.08 < results["tie"] / total < 0.11


def test_same_seed_same_shoe_different_seed_different_shoe(shoes: dict[int, DealtShoe]) -> None:
    assert deal_shoe(random.Random(7)) == shoes[7]
    assert len({tuple(dealt_cards(shoe)) for shoe in shoes.values()}) == len(shoes)


@pytest.mark.parametrize("cut_from_end", [14, 40, 52, 64, 100])
def test_the_cut_card_ends_the_shoe_after_its_hand(cut_from_end: int) -> None:
    """The last hand began before the cut card came out and took the card behind it."""
    for seed in range(60):
        shoe = deal_shoe(random.Random(seed), cut_from_end=cut_from_end)
        cut_at = SHOE_SIZE - cut_from_end  # cards[cut_at] is the first card behind the cut card
        last_start = len(dealt_cards(shoe)) - len(shoe.hands[-1].all_cards())
        assert last_start <= cut_at < len(dealt_cards(shoe))


def test_a_cut_card_right_after_a_hand_comes_out_with_the_next_one() -> None:
    """Regression: when a hand ended just above the cut card, the shoe stopped there, so the
    cut card never came out. It comes out as the next hand's first card: that hand is the last."""
    shoe = deal_shoe(random.Random(3))
    boundary = len(dealt_cards(shoe)) - len(shoe.hands[-1].all_cards()) - len(shoe.hands[-2].all_cards())
    cut = deal_shoe(random.Random(3), cut_from_end=SHOE_SIZE - boundary)
    assert cut.hands == shoe.hands[:-1]
    assert len(dealt_cards(cut)) > boundary


# ---------------------------------------------------------------- any cards from a shoe


@given(st.lists(st.sampled_from(full_deck()), min_size=4, max_size=6))
def test_any_cards_from_a_shoe_parse_or_are_refused_by_the_rules(cards: list[Card]) -> None:
    codes = [card.code for card in cards]
    try:
        hand = parse_hand({"cards": codes})
    except DomainError as refused:
        assert refused.code in {"third_card_rule", "card_count"}
        return
    assert dealing_order(hand) == cards
    player_two, banker_two = points(cards[0:4:2]), points(cards[1:4:2])
    drew = player_draws(player_two, banker_two)
    assert hand.card_count("player") == 2 + drew
    third = hand.player_cards[2].value if drew else None
    assert hand.card_count("banker") == 2 + banker_draws(player_two, banker_two, third)


@given(st.lists(st.sampled_from(full_deck()), max_size=9))
def test_any_number_of_cards_from_a_shoe_is_a_hand_or_a_refusal(cards: list[Card]) -> None:
    try:
        hand = parse_hand({"cards": [card.code for card in cards]})
    except DomainError as refused:
        assert refused.code in {"third_card_rule", "card_count"}
        assert refused.code == "card_count" or 4 <= len(cards) <= 6
        return
    assert 4 <= len(hand.all_cards()) == len(cards) <= 6


@pytest.mark.parametrize("cut_from_end", [0, 5, -3])
def test_a_cut_card_too_near_the_end_is_refused(cut_from_end: int) -> None:
    """The hand during which the cut card comes out can need 6 cards; fewer would run out."""
    with pytest.raises(DomainError) as refused:
        deal_shoe(random.Random(1), cut_from_end=cut_from_end)
    assert (refused.value.code, refused.value.field) == ("invalid_cut_card", "cut_from_end")


@pytest.mark.parametrize("seed", range(40))
def test_a_cut_card_six_from_the_end_never_runs_the_shoe_dry(seed: int) -> None:
    shoe = deal_shoe(random.Random(seed), cut_from_end=6)
    assert len(dealt_cards(shoe)) > SHOE_SIZE - 6
