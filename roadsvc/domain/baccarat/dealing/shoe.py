"""The shoe: decks, card supply, the burn rule, the cut card, and real dealing."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable, Iterator

from roadsvc.domain.baccarat.dealing.cards import Card, full_deck, points
from roadsvc.domain.baccarat.dealing.drawing import banker_draws, player_draws
from roadsvc.domain.errors import DomainError
from roadsvc.domain.baccarat.dealing.hands import Hand, hand_from_cards

DEFAULT_DECKS = 8
MAX_DECKS = 8


def check_decks(decks: int) -> int:
    if isinstance(decks, bool) or not isinstance(decks, int) or not 1 <= decks <= MAX_DECKS:
        raise DomainError("invalid_decks", f"a shoe holds 1 to {MAX_DECKS} decks", "decks")
    return decks


def burn_count(card: Card) -> int:
    """How many cards the first card of a shoe burns: its face value, 10 for 10, J, Q, K."""
    return card.rank if card.rank < 10 else 10


def check_card_supply(hands: Iterable[Hand], decks: int, burned: Iterable[Card] = ()) -> None:
    """Refuse a shoe in which some card appears more often than `decks` decks hold."""
    hands, burned = list(hands), list(burned)
    seen = Counter(burned)
    seen.update(card for hand in hands for card in hand.all_cards())
    if max(seen.values(), default=0) > decks:  # a whole shoe at C speed; the culprit is named below
        _refuse_first_surplus_card(hands, decks, burned)


def _refuse_first_surplus_card(hands: list[Hand], decks: int, burned: list[Card]) -> None:
    seen: Counter[Card] = Counter(burned)
    for number, hand in enumerate(hands, start=1):
        for card in hand.all_cards():
            seen[card] += 1
            if seen[card] > decks:
                raise DomainError(
                    "impossible_card",
                    f"{card.code} would be card number {seen[card]} of its kind in hand {number}; "
                    f"{decks} decks hold {decks}",
                    "cards",
                )


def accepts_hand(hand_count: int, last_hand: int | None) -> bool:
    """A shoe takes another hand unless the cut card has come out and its hand is in."""
    return last_hand is None or hand_count < last_hand


def deal_hand(cards: Iterator[Card]) -> Hand:
    """Deal one hand from the top of `cards` by the third-card rules."""
    player = [next(cards)]
    banker = [next(cards)]
    player.append(next(cards))
    banker.append(next(cards))
    player_two, banker_two = points(player), points(banker)
    third = None
    if player_draws(player_two, banker_two):
        player.append(next(cards))
        third = player[2].value
    if banker_draws(player_two, banker_two, third):
        banker.append(next(cards))
    return hand_from_cards(player, banker)


@dataclass
class DealtShoe:
    """A shoe dealt to the end: its burn card, the cards it burned, its hands."""

    burn_card: Card
    burned: list[Card] = field(default_factory=list)
    hands: list[Hand] = field(default_factory=list)


def shuffled_shoe(rng: random.Random, decks: int = DEFAULT_DECKS) -> list[Card]:
    cards = full_deck() * decks
    rng.shuffle(cards)
    return cards


def deal_shoe(rng: random.Random, decks: int = DEFAULT_DECKS, cut_from_end: int | None = None) -> DealtShoe:
    """Deal a whole shoe as a table does: burn, then hands until the cut card comes out.

    The cut card sits `cut_from_end` cards from the bottom (random, about a deck, by
    default); the hand during which it comes out is the last one dealt.
    """
    cards = shuffled_shoe(rng, decks)
    cut_from_end = rng.randint(40, 64) if cut_from_end is None else cut_from_end
    if cut_from_end < 6:  # the hand during which it comes out may need 6 cards from behind it
        raise DomainError("invalid_cut_card", "the cut card sits at least 6 cards from the end", "cut_from_end")
    cut_at = len(cards) - cut_from_end  # the cut card lies just above cards[cut_at]
    burn_card = cards[0]
    shoe = DealtShoe(burn_card, burned=cards[: 1 + burn_count(burn_card)])
    position = len(shoe.burned)
    while position <= cut_at:  # the cut card is still in the shoe: deal a hand
        stream = iter(cards[position:])
        hand = deal_hand(stream)
        shoe.hands.append(hand)
        position += len(hand.all_cards())
    return shoe
