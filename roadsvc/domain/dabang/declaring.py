"""亮主: who declares the trump suit while drawing, and what beats what.

First deal (抢亮大王): the first seat to show one 大王 becomes the 打家; nobody can override it; the trump
suit is the suit of the first non-joker card that seat draws after showing. Later deals: 混牌 of one suit
(identical cards); two beat one, three beat two, three 小王 or three 大王 name any suit (three 大王 beat
three 小王). A declaration stands until a strictly stronger one (反, or 加固 by the same seat) comes.
"""

from __future__ import annotations

from dataclasses import dataclass

from roadsvc.domain.cards import BIG_JOKER, SUITS, Card
from roadsvc.domain.dabang.draw import Draw
from roadsvc.domain.errors import DomainError


@dataclass(frozen=True, slots=True)
class Declaration:
    seat: int
    cards: tuple[Card, ...]
    at: int  # how many cards had been drawn (all seats) when it was shown
    suit: str | None  # the suit it names (a 混牌's own suit, or the one three jokers call)
    strength: int
    kind: str  # "qiangliang" 抢亮大王, "declare" 亮, "override" 反, "reinforce" 加固


def declaration_strength(cards: tuple[Card, ...], level: int) -> int:
    """1-3 identical 混牌 -> 1-3; three 小王 -> 4; three 大王 -> 5; anything else is not a declaration."""
    if not cards or len(set(cards)) != 1 or len(cards) > 3:
        raise DomainError("invalid_declaration", "a declaration shows 1-3 identical 混牌, or three 小王 or 大王",
                          "cards")
    card = cards[0]
    if card.is_joker:
        if len(cards) != 3:
            raise DomainError("invalid_declaration", "jokers declare only three at a time (三王)", "cards")
        return 5 if card == BIG_JOKER else 4
    if card.rank != level:
        raise DomainError("invalid_declaration", f"only the 混牌 (rank {level}) declares on this deal", "cards")
    return len(cards)


def check_seen(draw: Draw, seat: int, cards, at) -> None:
    """The seat must have held those cards once `at` cards had been drawn."""
    if not isinstance(at, int) or isinstance(at, bool) or not 1 <= at <= draw.dealt:
        raise DomainError("invalid_at", f"at counts the cards drawn so far: 1-{draw.dealt}", "at")
    if not draw.held(seat, cards, at):
        raise DomainError("not_held", f"seat {seat} did not hold {', '.join(c.code for c in cards)} "
                          f"when {at} cards had been drawn", "cards")


def check_after(standing: Declaration | None, at: int) -> None:
    if standing is not None and at < standing.at:
        raise DomainError("out_of_order", f"the standing declaration was shown at {standing.at}; "
                          f"a later one cannot be at {at}", "at")


def first_deal_declaration(draw: Draw, standing: Declaration | None, seat: int, cards, at) -> Declaration:
    """抢亮大王: one 大王, first come; nobody overrides it."""
    if tuple(cards) != (BIG_JOKER,):
        raise DomainError("invalid_declaration", "on the first deal only one 大王 is shown (抢亮大王)", "cards")
    check_seen(draw, seat, cards, at)
    if standing is not None:
        raise DomainError("cannot_override", f"seat {standing.seat} showed the 大王 first; nobody overrides it",
                          "cards")
    return Declaration(seat, tuple(cards), at, None, 1, "qiangliang")


def later_declaration(draw: Draw, level: int, standing: Declaration | None, seat: int, cards, at,
                      suit: str | None) -> Declaration:
    cards = tuple(cards)
    strength = declaration_strength(cards, level)
    suit = _named_suit(cards, suit)
    check_seen(draw, seat, cards, at)
    check_after(standing, at)
    if standing is not None and strength <= standing.strength:
        raise DomainError("too_weak", f"{len(cards)} × {cards[0].code} does not beat the standing "
                          f"{len(standing.cards)} × {standing.cards[0].code}", "cards")
    return Declaration(seat, cards, at, suit, strength, _kind(standing, seat, cards))


def _named_suit(cards: tuple[Card, ...], suit: str | None) -> str:
    if cards[0].is_joker:
        if suit not in SUITS:
            raise DomainError("suit_required", "three jokers name a suit: S, H, C or D", "suit")
        return suit
    if suit not in (None, cards[0].suit):
        raise DomainError("invalid_declaration", f"{cards[0].code} declares its own suit {cards[0].suit}", "suit")
    return cards[0].suit


def _kind(standing: Declaration | None, seat: int, cards: tuple[Card, ...]) -> str:
    if standing is None:
        return "declare"
    return "reinforce" if standing.seat == seat and standing.cards[0] == cards[0] else "override"


def first_deal_trump(draw: Draw, declaration: Declaration) -> str | None:
    """The suit of the first non-joker card the 大王's seat drew after showing it (then the bottom's first)."""
    for card in draw.drawn_after(declaration.seat, declaration.at) + draw.bottom:
        if not card.is_joker:
            return card.suit
    return None
