"""打棒 test helpers every layer's tests share: card lists, shuffled draws, and legal plays picked from
the rules' text (independently of the rules under test)."""

from __future__ import annotations

import random
from collections import Counter

from roadsvc.domain.cards import Card, parse_card, standard_deck


def cards(text: str) -> list[Card]:
    """`"AS AS 3H BJ"` -> cards."""
    return [parse_card(code, jokers=True) for code in text.split()]


def shuffled_codes(seed: int) -> list[str]:
    codes = [card.code for card in standard_deck(jokers=True)] * 3
    random.Random(seed).shuffle(codes)
    return codes


def legal_follow(hand, led, order, rng: random.Random) -> list[Card]:
    """A play that keeps every following rule, built from the rules' text."""
    need = len(led)
    if len(hand) <= need:
        return list(hand)
    suit = order.suit(led[0])
    in_suit = [card for card in hand if order.suit(card) == suit]
    if len(in_suit) < need:
        others = [card for card in hand if order.suit(card) != suit]
        return in_suit + rng.sample(others, need - len(in_suit))
    counts = Counter(in_suit)
    triples = [card for card, n in counts.items() if n == 3]
    pairs = [card for card, n in counts.items() if n == 2]
    if need == 3 and triples:
        return [rng.choice(triples)] * 3
    if need >= 2 and pairs:
        pair = rng.choice(pairs)
        rest = list(in_suit)
        rest.remove(pair)
        rest.remove(pair)
        return [pair, pair] + rng.sample(rest, need - 2)
    return rng.sample(in_suit, need)


def legal_lead(hand, rng: random.Random) -> list[Card]:
    card = rng.choice(list(hand))
    return [card] * rng.randint(1, Counter(hand)[card])


def turn_up_sequence(bottom, level: int) -> list[Card]:
    """The first deal's turn-up as the table does it: four cards, then the joker's seat turns on."""
    def rank(card):
        return (100 if card.is_big_joker else 99) if card.is_joker else {level: 98, 2: 97, 1: 96}.get(card.rank, card.rank)
    turned = list(bottom[:4])
    best = max(turned, key=rank)
    if best.is_joker:
        for card in bottom[4:]:
            turned.append(card)
            if not card.is_joker:
                break
    return turned


def first_big_joker(draw) -> tuple[int, int] | None:
    """(seat, at) of the first 大王 drawn, or None."""
    for index, card in enumerate(draw.cards[:156]):
        if card.is_joker and card.is_big_joker:
            return draw.drawer_of(index), index + 1
    return None
