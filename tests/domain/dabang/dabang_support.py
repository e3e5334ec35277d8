"""Building draws and picking legal plays for the 打棒 tests, independently of the rules under test."""

from __future__ import annotations

import random
from collections import Counter

from roadsvc.domain.cards import Card, parse_card, standard_deck
from roadsvc.domain.dabang.draw import Draw, parse_draw


def cards(text: str) -> list[Card]:
    """`"AS AS 3H BJ"` -> cards."""
    return [parse_card(code, jokers=True) for code in text.split()]


def shuffled_codes(seed: int) -> list[str]:
    codes = [card.code for card in standard_deck(jokers=True)] * 3
    random.Random(seed).shuffle(codes)
    return codes


def draw_with_hands(hands: dict[int, list[Card]], bottom: list[Card], first_drawer: int = 1) -> Draw:
    """A legal draw that gives each seat the listed cards first (in order), the rest shuffled after them."""
    rest = Counter(standard_deck(jokers=True) * 3)
    for card in [c for hand in hands.values() for c in hand] + list(bottom):
        rest[card] -= 1
        assert rest[card] >= 0, f"more than three {card.code}"
    pool = [card for card, n in sorted(rest.items(), key=lambda item: (item[0].suit, item[0].rank)) for _ in range(n)]
    random.Random(7).shuffle(pool)
    seats = {seat: list(hands.get(seat, [])) for seat in (1, 2, 3, 4)}
    for seat in seats.values():
        while len(seat) < 39:
            seat.append(pool.pop())
    order = [(first_drawer - 1 + i) % 4 + 1 for i in range(156)]
    drawn = [seats[seat].pop(0) for seat in order]
    return parse_draw([c.code for c in drawn + list(bottom) + pool], first_drawer)


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


def deal_cards(hands: dict, bottom="", *, level: int = 3, trump: str = "S", dealer: int = 1, dry_pot=False):
    """A deal's cards after declaring, written by hand: `{1: "AS AS 3H", ...}`."""
    from roadsvc.domain.dabang.deal_cards import DealCards
    from roadsvc.domain.dabang.order import CardOrder
    from roadsvc.domain.dabang.rules import DEFAULT_RULES

    return DealCards(number=2, order=CardOrder(level, trump), dealer_seat=dealer,
                     hands=tuple(tuple(cards(hands.get(seat, ""))) for seat in (1, 2, 3, 4)),
                     bottom=tuple(cards(bottom)), bottom_shown=True, dry_pot=dry_pot, tribute=(), blood=0,
                     rules=DEFAULT_RULES)
