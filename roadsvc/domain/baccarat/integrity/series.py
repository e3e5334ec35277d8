"""A shoe's compositions hand by hand, and the EV of every bet before each hand.

The cards seen before hand k are the burn card shown and the cards of every counted
hand before it. A voided hand is left out, as the card-supply check leaves it out:
it is as if it had not been dealt. A hand entered without cards leaves the
composition unknown from there on: no odds are guessed.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Iterator, Sequence

from roadsvc.domain.baccarat.bets.cutoffs import cutoff_refusal
from roadsvc.domain.baccarat.dealing.cards import Card
from roadsvc.domain.errors import DomainError
from roadsvc.domain.baccarat.dealing.hands import Hand
from roadsvc.domain.baccarat.integrity.composition import Composition, remaining
from roadsvc.domain.baccarat.integrity.engine import OddsEngine

NO_COMPOSITION = "no_composition"


def no_composition(number: int | None = None) -> DomainError:
    where = f"hand {number} was entered without cards" if number else "the table enters hands by result"
    return DomainError(NO_COMPOSITION, f"{where}, so the cards left in the shoe are unknown: no odds", "cards")


def check_cards(hands: Sequence[tuple[int, Hand]]) -> None:
    """Refuse (no_composition) if any counted hand came without its cards."""
    for number, hand in hands:
        if not hand.has_cards:
            raise no_composition(number)


def seen_cards(burn_card: Card | None, hands: Sequence[tuple[int, Hand]]) -> list[Card]:
    check_cards(hands)
    return ([burn_card] if burn_card else []) + [card for _, hand in hands for card in hand.all_cards()]


def compositions(decks: int, burn_card: Card | None, hands: Sequence[tuple[int, Hand]]
                 ) -> Iterator[tuple[int, Composition]]:
    """(counted hands before, composition) before each counted hand and after the last."""
    check_cards(hands)
    seen = [burn_card] if burn_card else []
    yield 0, remaining(decks, seen)
    for position, (_, hand) in enumerate(hands, start=1):
        seen += hand.all_cards()
        yield position, remaining(decks, seen)


@dataclass(frozen=True)
class HandEV:
    """The EV of every bet before a hand (hand_number None: the next hand of an open shoe)."""

    hand_number: int | None
    cards_left: int
    ev: dict[str, Fraction]


def ev_series(engine: OddsEngine, decks: int, burn_card: Card | None, hands: Sequence[tuple[int, Hand]],
              next_hand: int | None) -> list[HandEV]:
    """The EV of every bet before each counted hand, and before `next_hand` when given."""
    numbers = [number for number, _ in hands] + [next_hand]
    series = []
    for before, composition in compositions(decks, burn_card, hands):
        number = numbers[before]
        if (number is None and before == len(hands)) or not composition.can_deal():
            continue
        odds = engine.evaluate(composition)
        series.append(HandEV(number, composition.cards_left, {code: b.ev for code, b in odds.bets.items()}))
    return series


def open_bet_evs(engine: OddsEngine, rules, burn_card: Card | None, hands: Sequence[Hand], decks: int = 8
                 ) -> list[dict[str, float]]:
    """A dealt shoe's exact EV of every bet open (its cutoff not passed under `rules`) before each of its
    hands, numbered from 1: what a stake on that hand could have been placed at (the advantage-play watch's
    simulations)."""
    series = ev_series(engine, decks, burn_card, list(enumerate(hands, start=1)), None)
    return [{code: float(ev) for code, ev in entry.ev.items()
             if cutoff_refusal(rules.bets[code], entry.hand_number) is None} for entry in series]
