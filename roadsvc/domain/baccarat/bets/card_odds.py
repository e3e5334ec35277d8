"""Exact odds of the card-based bets (pairs, suits, colours), counted combinatorially.

Every such bet looks only at each side's first two cards (P1 P2 and B1 B2), never at
the drawing, so its odds are those of four cards dealt without replacement. A side's
first two cards fall in one of 94 classes that the rules cannot tell apart within:

* `same` (rank, suit): two identical cards (52 classes),
* `pair` (rank, colours): same rank, not identical; colours black, red or mixed (39),
* `split` (colours): different ranks (3).

The joint distribution of (player class, banker class) is exact: for each unordered
pair of card types the player can hold, the banker's class weights are closed-form
sums over the composition left (e.g. ordered black-black non-pairs: B (B - 1) minus
the black pairs of each rank). Each bet's rule is applied to a representative hand
of each joint class, so the odds are those of the rule that settles it. Counts are
scaled to ordered six-card dealings, the base of the point-based odds.
"""

from __future__ import annotations

from collections import defaultdict
from functools import cache
from typing import Mapping

from roadsvc.domain.baccarat.bets.bet_odds import BetOdds, in_label_order
from roadsvc.domain.baccarat.bets.facts import PAIRS, SUITS, HandFacts
from roadsvc.domain.baccarat.bets.point_odds import falling
from roadsvc.domain.baccarat.bets.rule_sets import BetSpec, RuleSet
from roadsvc.domain.baccarat.dealing.cards import SUITS as SUIT_CODES
from roadsvc.domain.baccarat.dealing.cards import Card, full_deck
from roadsvc.domain.errors import DomainError
from roadsvc.domain.baccarat.dealing.hands import BANKER, PLAYER

CARD_FACTS = frozenset({PAIRS, SUITS})
COLOURS = ("black", "red", "mixed")
_REPRESENTATIVE_SUITS = {"black": ("S", "C"), "red": ("H", "D"), "mixed": ("S", "H")}

SideClass = tuple


def is_card_bet(bet: BetSpec) -> bool:
    return bet.needs <= CARD_FACTS


def full_shoe(decks: int) -> dict[Card, int]:
    """The card composition of a fresh shoe of `decks` decks."""
    return {card: decks for card in full_deck()}


def value_composition(cards: Mapping[Card, int]) -> list[int]:
    """Counts of values 0-9 in a card composition."""
    counts = [0] * 10
    for card, count in cards.items():
        counts[card.value] += count
    return counts


def _colours(a: Card, b: Card) -> str:
    if a.is_black == b.is_black:
        return "black" if a.is_black else "red"
    return "mixed"


def side_class(a: Card, b: Card) -> SideClass:
    if a == b:
        return ("same", a.rank, a.suit)
    if a.rank == b.rank:
        return ("pair", a.rank, _colours(a, b))
    return ("split", _colours(a, b))


@cache
def representative(cls: SideClass) -> tuple[Card, Card]:
    """Two cards of class `cls`: what a rule is shown for the whole class."""
    if cls[0] == "same":
        return Card(cls[1], cls[2]), Card(cls[1], cls[2])
    first, second = _REPRESENTATIVE_SUITS[cls[-1]]
    if cls[0] == "pair":
        return Card(cls[1], first), Card(cls[1], second)
    return Card(1, first), Card(2, second)


def _by_rank(counts: Mapping[Card, int]) -> dict[int, dict[str, int]]:
    ranks: dict[int, dict[str, int]] = defaultdict(lambda: dict.fromkeys(SUIT_CODES, 0))
    for card, count in counts.items():
        ranks[card.rank][card.suit] += count
    return ranks


def _rank_classes(rank: int, suits: Mapping[str, int]) -> tuple[dict[SideClass, int], dict[str, int]]:
    """Ordered draws of two cards of `rank` per class, and per colour (for the splits)."""
    weights = {("same", rank, suit): n * (n - 1) for suit, n in suits.items()}
    black, red = suits["S"] + suits["C"], suits["H"] + suits["D"]
    weights[("pair", rank, "black")] = 2 * suits["S"] * suits["C"]
    weights[("pair", rank, "red")] = 2 * suits["H"] * suits["D"]
    weights[("pair", rank, "mixed")] = 2 * black * red
    return weights, {"black": black * (black - 1), "red": red * (red - 1), "mixed": 2 * black * red}


def _split_classes(black: int, red: int, paired: Mapping[str, int]) -> dict[SideClass, int]:
    """Ordered draws of two different ranks per colour class: all draws less the same-rank ones."""
    every = {"black": black * (black - 1), "red": red * (red - 1), "mixed": 2 * black * red}
    return {("split", colour): every[colour] - paired[colour] for colour in COLOURS}


class _Shoe:
    """A card composition with its class weights, and the change removing two cards makes."""

    def __init__(self, counts: Mapping[Card, int]):
        self.ranks = _by_rank(counts)
        self.black = sum(n for card, n in counts.items() if card.is_black)
        self.red = sum(counts.values()) - self.black
        self.weights: dict[SideClass, int] = {}
        self.paired = dict.fromkeys(COLOURS, 0)
        for rank, suits in self.ranks.items():
            weights, paired = _rank_classes(rank, suits)
            self.weights.update(weights)
            for colour in COLOURS:
                self.paired[colour] += paired[colour]
        self.weights.update(_split_classes(self.black, self.red, self.paired))

    def delta_without(self, a: Card, b: Card) -> dict[SideClass, int]:
        """Class weights once `a` and `b` are dealt, less the weights now (only what changes)."""
        delta: dict[SideClass, int] = defaultdict(int)
        paired = dict(self.paired)
        for rank in {a.rank, b.rank}:
            suits = dict(self.ranks[rank])
            for card in (a, b):
                suits[card.suit] -= card.rank == rank
            before, paired_before = _rank_classes(rank, self.ranks[rank])
            after, paired_after = _rank_classes(rank, suits)
            for cls in after:
                delta[cls] += after[cls] - before[cls]
            for colour in COLOURS:
                paired[colour] += paired_after[colour] - paired_before[colour]
        black = self.black - a.is_black - b.is_black
        splits = _split_classes(black, self.red - 2 + a.is_black + b.is_black, paired)
        for cls, weight in splits.items():
            delta[cls] += weight - self.weights[cls]
        return delta


def class_weights(counts: Mapping[Card, int]) -> dict[SideClass, int]:
    """Ordered two-card draws from `counts` per side class."""
    return {cls: w for cls, w in _Shoe(counts).weights.items() if w}


def joint_class_weights(counts: Mapping[Card, int]) -> dict[tuple[SideClass, SideClass], int]:
    """Ordered four-card dealings P1 B1 P2 B2 per (player class, banker class).

    For each pair of card types the player may hold, the banker's weights are the
    shoe's weights plus the change those two cards make; the shoe's part is summed
    once per player class.
    """
    shoe = _Shoe(counts)
    types = [card for card, n in counts.items() if n]
    joint: dict[tuple[SideClass, SideClass], int] = defaultdict(int)
    player_weights: dict[SideClass, int] = defaultdict(int)
    for i, a in enumerate(types):
        for b in types[i:]:
            player = counts[a] * (counts[b] - 1) if a == b else 2 * counts[a] * counts[b]
            if not player:
                continue
            player_class = side_class(a, b)
            player_weights[player_class] += player
            for banker_class, change in shoe.delta_without(a, b).items():
                joint[(player_class, banker_class)] += player * change
    for player_class, player in player_weights.items():
        for banker_class, weight in shoe.weights.items():
            joint[(player_class, banker_class)] += player * weight
    return {classes: weight for classes, weight in joint.items() if weight}


def check_card_composition(counts: Mapping[Card, int]) -> Mapping[Card, int]:
    if any(not isinstance(card, Card) or isinstance(n, bool) or not isinstance(n, int) or n < 0
           for card, n in counts.items()):
        raise DomainError("invalid_composition", "a card composition maps cards to counts, none negative",
                          "composition")
    if sum(counts.values()) < 6:
        raise DomainError("invalid_composition", "a hand can need 6 cards", "composition")
    return counts


@cache
def _side_facts(side: str, cls: SideClass) -> dict:
    cards = representative(cls)
    return {f"{side}_pair": cards[0].rank == cards[1].rank, f"{side}_first_two": cards}


def _tally(bet: BetSpec, weighted_facts: list[tuple[HandFacts, int]], scale: int) -> dict[str, int]:
    counts: dict[str, int] = defaultdict(int)
    for facts, weight in weighted_facts:
        counts[bet.rule.decide(facts, bet.side).label] += weight * scale
    return in_label_order(bet, counts)


def evaluate_card_bets(counts: Mapping[Card, int], rule_set: RuleSet) -> dict[str, BetOdds]:
    """Exact odds of every card-based bet of `rule_set` for the card composition `counts`.

    A one-side bet (a `one_side` rule: pair, four pair, black, red) is decided on that
    side's 94 classes alone; a bet on both sides on the joint classes.
    """
    counts = check_card_composition(counts)
    bets = [bet for bet in rule_set.bets.values() if is_card_bet(bet)]
    joint = joint_class_weights(counts)
    per_side: dict[str, dict[SideClass, int]] = {PLAYER: defaultdict(int), BANKER: defaultdict(int)}
    for (player, banker), weight in joint.items():
        per_side[PLAYER][player] += weight
        per_side[BANKER][banker] += weight
    by_side = {side: [(HandFacts(**_side_facts(side, cls)), w) for cls, w in classes.items()]
             for side, classes in per_side.items()}
    both = [] if all(bet.rule.one_side for bet in bets) else [
        (HandFacts(**_side_facts(PLAYER, player), **_side_facts(BANKER, banker)), w)
        for (player, banker), w in joint.items()
    ]
    cards = sum(counts.values())
    scale, total = falling(cards - 4, 2), falling(cards, 6)
    return {bet.code: BetOdds(bet, _tally(bet, by_side[bet.side] if bet.rule.one_side else both, scale), total)
            for bet in bets}
