"""The first phase of a deal: drawing and declaring. Its only moves: a declaration, and the end of
declaring (which fixes the trump and the 打家, makes the tribute and decides whether the bottom is shown)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from roadsvc.domain.cards import Card
from roadsvc.domain.dabang.bottom import is_dry_pot, remove, tribute
from roadsvc.domain.dabang.bottom_phase import after_declaring
from roadsvc.domain.dabang.deal_cards import DealCards, check_seat
from roadsvc.domain.dabang.declaring import (
    Declaration,
    first_deal_declaration,
    first_deal_trump,
    later_declaration,
)
from roadsvc.domain.dabang.draw import Draw
from roadsvc.domain.dabang.order import CardOrder
from roadsvc.domain.dabang.seats import SEATS, previous_seat
from roadsvc.domain.dabang.undeclared import FromBottom, first_deal_turn_up, random_draw
from roadsvc.domain.errors import DomainError


@dataclass(frozen=True, slots=True)
class DealStart:
    """What the match says a deal starts from."""

    number: int
    level: int  # the 混牌's rank: the holding team's level
    dealer_seat: int | None  # known except on the first deal (抢亮 decides it)
    blood: int  # cards the 打家's 上家 gives (喝血)

    @property
    def first(self) -> bool:
        return self.dealer_seat is None


@dataclass(frozen=True, slots=True)
class Redeal:
    """A bottom of jokers only gave no suit: the deal is drawn again."""

    start: DealStart
    draw: Draw
    declarations: tuple[Declaration, ...]
    phase = "redeal"


@dataclass(frozen=True, slots=True)
class Declaring:
    start: DealStart
    draw: Draw
    declarations: tuple[Declaration, ...] = ()
    phase = "declaring"

    @property
    def standing(self) -> Declaration | None:
        return self.declarations[-1] if self.declarations else None

    def declare(self, seat, cards: list[Card], at, suit: str | None = None) -> "Declaring":
        seat = check_seat(seat)
        if self.start.first:
            if suit is not None:
                raise DomainError("invalid_declaration", "the 大王's seat does not name a suit: its next card does",
                                  "suit")
            made = first_deal_declaration(self.draw, self.standing, seat, cards, at)
        else:
            made = later_declaration(self.draw, self.start.level, self.standing, seat, cards, at, suit)
        return replace(self, declarations=self.declarations + (made,))

    def end(self, drawn_from_bottom: list[Card] | None = None):
        """Fix the trump and the 打家; the next phase (burying, or play in 干锅), or a Redeal."""
        chosen = self._from_declarations(drawn_from_bottom) if self.declarations else self._from_bottom(
            drawn_from_bottom or [])
        if chosen.redeal:
            return Redeal(self.start, self.draw, self.declarations)
        return after_declaring(self._deal_cards(chosen), shows_bottom=bool(self.declarations))

    def _from_declarations(self, drawn: list[Card] | None) -> FromBottom:
        if drawn:
            raise DomainError("declared", "a declaration stands: the trump suit is not drawn from the bottom",
                              "drawn_from_bottom")
        standing = self.standing
        if self.start.first:
            return FromBottom(first_deal_trump(self.draw, standing), standing.seat)
        return FromBottom(standing.suit, self.start.dealer_seat)

    def _from_bottom(self, drawn: list[Card]) -> FromBottom:
        if self.start.first:
            return first_deal_turn_up(self.draw.bottom, self.draw.first_drawer, drawn, self.start.level)
        chosen = random_draw(self.draw.bottom, drawn)
        return FromBottom(chosen.trump, self.start.dealer_seat)

    def _dry_pot(self, bottom, order: CardOrder) -> bool:
        """干锅 is decided on a shown bottom: never on the first deal, nor after a random draw of the bottom."""
        return not self.start.first and bool(self.declarations) and is_dry_pot(bottom, order)

    def _deal_cards(self, chosen: FromBottom) -> DealCards:
        order = CardOrder(self.start.level, chosen.trump)
        dealer = chosen.dealer_seat
        hands = dict(self.draw.hands())
        giver = previous_seat(dealer)
        given = tuple(tribute(hands[giver], self.start.blood, order))
        hands[giver] = remove(hands[giver], given)
        hands[dealer] = hands[dealer] + given
        bottom = self.draw.bottom
        return DealCards(
            number=self.start.number, order=order, dealer_seat=dealer,
            hands=tuple(hands[seat] for seat in SEATS), bottom=bottom,
            bottom_shown=False, dry_pot=self._dry_pot(bottom, order),
            tribute=given, blood=self.start.blood, rules=self.draw.rules, declarations=self.declarations)
