"""Dealing a 百人牛牛 round: the positions, the reveal card, the first receiver, and the two ways to post.

One deck of 54 (52 and the jokers), fresh each round, so no card repeats. A reveal card (亮牌),
never a joker, is shown; its face value (A = 1 ... K = 13) counted from the banker names the first
receiver, `(value - 1) mod 5` in the order banker, player_1 ... player_4. The 25 cards are then
dealt one at a time round the five positions from the first receiver. A hand's cards are kept in
the order it received them, so its fourth card (index 3) is the one dealt face down.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from roadsvc.domain.cards import Card, parse_card, parse_cards
from roadsvc.domain.errors import DomainError
from roadsvc.domain.messages import N_

BANKER = "banker"
PLAYERS = ("player_1", "player_2", "player_3", "player_4")
POSITIONS = (BANKER, *PLAYERS)
OPENING_ORDER = (*PLAYERS, BANKER)
HAND_SIZE = 5
ROUND_CARDS = HAND_SIZE * len(POSITIONS)
HIDDEN_INDEX = 3
# Each position's name, an English message id (the catalogues hold 庄, 闲一 ... 闲四).
POSITION_LABELS = {
    BANKER: N_("Banker"),
    "player_1": N_("Player 1"),
    "player_2": N_("Player 2"),
    "player_3": N_("Player 3"),
    "player_4": N_("Player 4"),
}


@dataclass(frozen=True, slots=True)
class Deal:
    """A round's cards: five hands by position (cards in the order received) and the reveal, if known."""

    hands: Mapping[str, tuple[Card, ...]]
    reveal: Card | None = None

    @property
    def first_receiver(self) -> str | None:
        return None if self.reveal is None else first_receiver(self.reveal)

    def codes(self) -> dict:
        return {position: [card.code for card in self.hands[position]] for position in POSITIONS}


def first_receiver(reveal: Card) -> str:
    """Who receives the first card for a reveal card of face value A = 1 ... K = 13."""
    return POSITIONS[(reveal.rank - 1) % len(POSITIONS)]


def dealing_order(first: str) -> tuple[str, ...]:
    """The five positions in the order they receive cards, starting from `first`."""
    start = POSITIONS.index(first)
    return POSITIONS[start:] + POSITIONS[:start]


def deal_in_order(reveal_code: object, codes: object) -> Deal:
    """A round posted by its dealing order: the reveal card and the 25 cards as dealt."""
    reveal = parse_reveal(reveal_code)
    cards = parse_cards(codes, "cards", jokers=True)
    if len(cards) != ROUND_CARDS:
        raise DomainError("wrong_card_count", f"a round is dealt {ROUND_CARDS} cards, got {len(cards)}", "cards")
    _check_distinct([("reveal", reveal)] + [(f"cards[{i}]", card) for i, card in enumerate(cards)])
    order = dealing_order(first_receiver(reveal))
    hands = {position: tuple(cards[seat::len(order)]) for seat, position in enumerate(order)}
    return Deal({position: hands[position] for position in POSITIONS}, reveal)


def deal_by_position(hands: object, reveal_code: object = None) -> Deal:
    """A round posted by position: five hands of five (cards in the order received), the reveal optional."""
    if not isinstance(hands, Mapping):
        raise DomainError("invalid_hands", "hands must be an object of the five positions", "hands")
    unknown = sorted(set(map(str, hands)) - set(POSITIONS))
    if unknown:
        raise DomainError("unknown_position", f"{unknown[0]!r} is not a position ({', '.join(POSITIONS)})",
                          f"hands.{unknown[0]}")
    parsed = {position: _hand_at(hands, position) for position in POSITIONS}
    reveal = None if reveal_code is None else parse_reveal(reveal_code)
    labelled = [] if reveal is None else [("reveal", reveal)]
    labelled += [(f"hands.{p}[{i}]", card) for p in POSITIONS for i, card in enumerate(parsed[p])]
    _check_distinct(labelled)
    return Deal(parsed, reveal)


def parse_reveal(code: object) -> Card:
    card = parse_card(code, "reveal", jokers=True)
    if card.is_joker:
        raise DomainError("joker_reveal", "a joker shown is set aside: the reveal card is the next card", "reveal")
    return card


def _hand_at(hands: Mapping, position: str) -> tuple[Card, ...]:
    field = f"hands.{position}"
    if position not in hands:
        raise DomainError("missing_position", f"the hand of {position} is missing", field)
    cards = parse_cards(hands[position], field, jokers=True)
    if len(cards) != HAND_SIZE:
        raise DomainError("wrong_card_count", f"a hand has {HAND_SIZE} cards, got {len(cards)}", field)
    return tuple(cards)


def _check_distinct(labelled: Sequence[tuple[str, Card]]) -> None:
    seen: dict[Card, str] = {}
    for field, card in labelled:
        if card in seen:
            raise DomainError("repeated_card", f"{card.code} appears twice (first at {seen[card]})", field)
        seen[card] = field
