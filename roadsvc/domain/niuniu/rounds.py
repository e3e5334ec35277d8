"""A round's life and what a reader may see of it.

Phases: `betting` (no cards yet) -> `dealing` (cards posted, no hand open) -> `opening` (some hands
open) -> `settled` (the banker open); `voided` (a misdeal, before settling). Hands open in the
order player_1 ... player_4, banker. Opening one player's hand opens it alone; opening the banker
(or everything) first opens every hand still closed, in that order, and settles the round.

Until its hand is open, a reader sees neither a hand's fourth card (dealt face down) nor its type:
`hand_view` is the one place that decides it, and every path (JSON, CSV, road, images, stream,
lobby, floor) goes through it.
"""

from __future__ import annotations

from typing import Iterable, Mapping, Sequence

from roadsvc.domain.cards import Card
from roadsvc.domain.errors import DomainError
from roadsvc.domain.niuniu.dealing import BANKER, HIDDEN_INDEX, OPENING_ORDER, PLAYERS, POSITIONS, Deal
from roadsvc.domain.niuniu.hands import Hand, evaluate

BETTING, DEALING, OPENING, SETTLED, VOIDED = "betting", "dealing", "opening", "settled", "voided"
PHASES = (BETTING, DEALING, OPENING, SETTLED, VOIDED)
WIN, LOSE = "win", "lose"


def phase_of(has_cards: bool, opened: Iterable[str], voided: bool = False) -> str:
    opened = tuple(opened)
    if voided:
        return VOIDED
    if not has_cards:
        return BETTING
    if BANKER in opened:
        return SETTLED
    return OPENING if opened else DEALING


def to_open(opened: Sequence[str], position: str | None) -> tuple[str, ...]:
    """The positions an opening request opens now, in the spec's order (nothing if already open)."""
    if position is not None and position not in POSITIONS:
        raise DomainError("unknown_position", f"{position!r} is not a position ({', '.join(POSITIONS)})", "position")
    if position in PLAYERS:
        if position in opened:
            return ()
        before = [p for p in PLAYERS[:PLAYERS.index(position)] if p not in opened]
        if before:
            raise DomainError("opening_out_of_order", f"the hands open in order: open {before[0]} before {position}",
                              "position")
        return (position,)
    return tuple(p for p in OPENING_ORDER if p not in opened)


def hands_of(deal: Deal) -> dict[str, Hand]:
    return {position: evaluate(deal.hands[position]) for position in POSITIONS}


def results(hands: Mapping[str, Hand]) -> dict[str, str]:
    """Each player area against the banker: `win` or `lose` (one deck, so never a tie)."""
    banker = hands[BANKER]
    return {player: WIN if hands[player].beats(banker) else LOSE for player in PLAYERS}


def hand_view(cards: Sequence[Card], is_open: bool) -> dict:
    """A hand as a reader sees it: whole once open; before that the fourth card is null and no type."""
    if is_open:
        hand = evaluate(cards)
        return {"cards": [card.code for card in cards], "open": True, "type": hand.type.code,
                "multiple": hand.multiple}
    shown = [None if index == HIDDEN_INDEX else card.code for index, card in enumerate(cards)]
    return {"cards": shown, "open": False, "type": None, "multiple": None}


def round_view(deal: Deal | None, opened: Sequence[str]) -> dict:
    """The hands and results part of a round as any reader may see it."""
    if deal is None:
        return {"first_receiver": None, "reveal": None, "hands": None, "results": None}
    hands = {position: hand_view(deal.hands[position], position in opened) for position in POSITIONS}
    settled = BANKER in opened
    return {
        "reveal": None if deal.reveal is None else deal.reveal.code,
        "first_receiver": deal.first_receiver,
        "hands": hands,
        "results": results(hands_of(deal)) if settled else None,
    }
