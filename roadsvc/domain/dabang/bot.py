"""A simple legal player of whole 打棒 matches (the demo's table): `next_move(match, rng)` is the match's next
move as the API's body names it (`("play", {"seat": 2, "cards": ["9C"]})`), made for whoever's turn it is, the
four players and the dealer at once (it sees every hand).

Legality is the rules' own: each phase offers a few candidates in the bot's order of liking, and the first that
the domain accepts (`apply_move` on the match, which checks it as it would a posted move) is the move; a
follow falls back to every way of playing the count led, one of which the rules always accept. It is not a
strong player: it leads a random card (as a set when it holds one), follows low (sometimes high, to win), buries
and gives back its lowest cards, declares the first 混牌 (or 大王) drawn most of the time, never buries jokers.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations
from typing import Any, Iterator

from roadsvc.domain.cards import Card, standard_deck
from roadsvc.domain.dabang.bottom_phase import Burying, BuryingJokers, TributeReturn
from roadsvc.domain.dabang.declaring_phase import Declaring
from roadsvc.domain.dabang.match import Match
from roadsvc.domain.dabang.moves import apply_move
from roadsvc.domain.dabang.order import CardOrder, is_point_card
from roadsvc.domain.dabang.play_phase import Playing
from roadsvc.domain.dabang.seats import SEATS
from roadsvc.domain.dabang.undeclared import turn_order
from roadsvc.domain.errors import DomainError

Move = tuple[str, dict[str, Any]]
DECLARE = 0.8  # how often the first 混牌 (or 大王) drawn is shown
FOLLOW_LOW = 0.7  # how often a follow is the lowest legal cards (else the highest: trying to win)


def next_move(match: Match, rng: random.Random) -> Move:
    """The next move: a deal's draw when none is under way, else the first candidate the rules accept."""
    if match.over:
        raise DomainError("match_over", f"the match is over: {match.outcome}", None)
    phase = match.current
    if phase is None:
        return "deal", {"draw": shuffled_draw(match, rng), "first_drawer": match.dealer_seat or rng.choice(SEATS)}
    for kind, data in candidates(phase, rng):
        try:
            apply_move(match, kind, data)
        except DomainError:
            continue
        return kind, data
    raise DomainError("no_legal_move", f"no legal move found at {phase.phase}", None)  # the fallbacks rule it out


def shuffled_draw(match: Match, rng: random.Random) -> list[str]:
    codes = [card.code for card in standard_deck(jokers=True)] * match.rules.decks
    rng.shuffle(codes)
    return codes


def candidates(phase: object, rng: random.Random) -> Iterator[Move]:
    if isinstance(phase, Declaring):
        yield from _declaring(phase, rng)
    elif isinstance(phase, TributeReturn):
        dealer = phase.cards.dealer_seat
        given = _lowest(phase.cards.hand(dealer), len(phase.cards.tribute), phase.cards.order)
        yield "tribute_return", {"seat": dealer, "cards": _codes(given)}
    elif isinstance(phase, Burying):
        dealer = phase.cards.dealer_seat
        held = [card for card in phase.cards.hand(dealer) + phase.cards.bottom if not card.is_joker]
        yield "bury", {"seat": dealer, "cards": _codes(_lowest(held, phase.cards.rules.bottom_size,
                                                               phase.cards.order))}
    elif isinstance(phase, BuryingJokers):
        yield "bury_jokers", {"seat": phase.seat, "jokers": [], "take": []}
    elif isinstance(phase, Playing):
        seat = phase.seat
        for cards in _plays(phase, rng):
            yield "play", {"seat": seat, "cards": _codes(cards)}


def _declaring(phase: Declaring, rng: random.Random) -> Iterator[Move]:
    draw, start = phase.draw, phase.start
    if phase.declarations:
        yield "trump", {}
        return
    for index, card in enumerate(draw.cards[:draw.dealt]):
        shows = card.is_big_joker if start.first else (not card.is_joker and card.rank == start.level)
        if shows:
            if rng.random() < DECLARE:
                yield "declaration", {"seat": draw.drawer_of(index), "cards": [card.code], "at": index + 1}
            break
    bottom = list(draw.bottom)
    yield "trump", {"drawn_from_bottom": _codes(_turn_up(bottom, start.level) if start.first
                                                else _drawn_at_random(bottom, rng))}


def _turn_up(bottom: list[Card], level: int) -> list[Card]:
    """The first deal's turn-up: one card per seat; a joker's seat turns on until a card of a suit."""
    turned = bottom[:4]
    if max(turned, key=lambda card: turn_order(card, level)).is_joker:
        for card in bottom[4:]:
            turned.append(card)
            if not card.is_joker:
                break
    return turned


def _drawn_at_random(bottom: list[Card], rng: random.Random) -> list[Card]:
    drawn = []
    for card in rng.sample(bottom, len(bottom)):
        drawn.append(card)
        if not card.is_joker:
            break
    return drawn


def _lowest(cards, count: int, order: CardOrder) -> list[Card]:
    """The `count` lowest cards, point cards last."""
    return sorted(cards, key=lambda card: (is_point_card(card), order.rank_key(card), card.suit))[:count]


def _plays(phase: Playing, rng: random.Random) -> Iterator[tuple[Card, ...]]:
    hand, order = phase.cards.hand(phase.seat), phase.cards.order
    if not phase.current:
        card = rng.choice(sorted(set(hand), key=lambda c: (c.suit, c.rank)))
        yield (card,) * min(Counter(hand)[card], 3)
        yield (card,)
        return
    led = phase.current[0].cards
    need, suit = min(len(led), len(hand)), order.suit(led[0])
    high = rng.random() >= FOLLOW_LOW
    ranked = sorted(hand, key=lambda card: (order.rank_key(card), card.suit), reverse=high)
    in_suit = [card for card in ranked if order.suit(card) == suit]
    others = [card for card in ranked if order.suit(card) != suit]
    if len(in_suit) < need:
        yield tuple(in_suit + others[:need - len(in_suit)])
        return
    yield from _sets_first(in_suit, need)
    yield from dict.fromkeys(combinations(in_suit, need))  # every way, in the bot's order: one is legal


def _sets_first(in_suit: list[Card], need: int) -> Iterator[tuple[Card, ...]]:
    """The sets held (三联, then 棒 with the next card), then the first cards: what 死棒 asks for first."""
    counts = Counter(in_suit)
    ordered = list(dict.fromkeys(in_suit))
    for size in (3, 2):
        for card in (c for c in ordered if counts[c] >= size and size <= need):
            rest = [c for c in in_suit if c != card]
            yield (card,) * size + tuple(rest[:need - size])
    yield tuple(in_suit[:need])


def _codes(cards) -> list[str]:
    return [card.code for card in cards]
