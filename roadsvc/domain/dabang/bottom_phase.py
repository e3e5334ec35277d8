"""The phases between declaring and play: the tribute given back (TributeReturn, 还贡), then the bottom: the
打家 takes its six cards and buries six (Burying), then each other player in play order from the 打家's 下家
may bury jokers, taking back the bottom's smallest non-point cards (BuryingJokers). In 干锅 nobody buries
and play starts at once.

The bottom stays in `cards.bottom` (shown to all when the rules show it) until the 打家's bury: the 打家
takes it and buries in one move, so every reader sees the six cards for as long as they lie on the table."""

from __future__ import annotations

from dataclasses import dataclass, replace

from roadsvc.domain.cards import Card
from roadsvc.domain.dabang.bottom import bury, bury_jokers, remove, takeable
from roadsvc.domain.dabang.deal_cards import DealCards, check_seat, check_turn
from roadsvc.domain.dabang.play_phase import Playing
from roadsvc.domain.dabang.seats import next_seat, partner, previous_seat
from roadsvc.domain.errors import DomainError


def after_declaring(cards: DealCards, shows_bottom: bool):
    """The tribute given back first when one was given; then the bottom."""
    if cards.tribute:
        return TributeReturn(cards, shows_bottom)
    return to_bottom(replace(cards, bottom_shown=shows_bottom))


def to_bottom(cards: DealCards):
    """干锅: straight to play; otherwise the 打家 takes the bottom and buries."""
    return Playing.begin(cards) if cards.dry_pot else Burying(cards)


@dataclass(frozen=True, slots=True)
class TributeReturn:
    """还贡: the 打家 gives the tribute's giver (the 打家's 上家) as many cards as were received, of the
    打家's choice, so every seat holds 39 cards again. The bottom is shown only after it."""

    cards: DealCards
    shows_bottom: bool  # declared: the bottom is shown once the tribute is given back
    phase = "tribute_return"

    def give_back(self, seat, returned: list[Card]):
        seat = check_seat(seat)
        dealer = self.cards.dealer_seat
        if seat != dealer:
            raise DomainError("invalid_seat", f"the 打家 (seat {dealer}) gives the tribute back", "seat")
        count = len(self.cards.tribute)
        if len(returned) != count:
            raise DomainError("wrong_count", f"the 打家 gives back as many cards as received: {count}", "cards")
        kept = remove(self.cards.hand(dealer), returned)
        giver = previous_seat(dealer)
        cards = self.cards.with_hand(dealer, kept, returned=tuple(returned), bottom_shown=self.shows_bottom)
        return to_bottom(cards.with_hand(giver, cards.hand(giver) + tuple(returned)))


@dataclass(frozen=True, slots=True)
class Burying:
    cards: DealCards  # the bottom still on the table: the 打家 takes it and buries in one move
    phase = "burying"

    def bury(self, seat, buried: list[Card]):
        seat = check_seat(seat)
        dealer = self.cards.dealer_seat
        check_turn(seat, dealer, "bury (the 打家)")
        kept = bury(self.cards.hand(dealer) + self.cards.bottom, buried, self.cards.rules.bottom_size)
        shown = any(card.is_joker for card in buried)
        cards = self.cards.with_hand(dealer, kept, bottom=tuple(buried), bottom_shown=shown)
        queue = (next_seat(dealer), partner(dealer), previous_seat(dealer))
        return BuryingJokers.next(cards, queue)


@dataclass(frozen=True, slots=True)
class BuryingJokers:
    cards: DealCards
    queue: tuple[int, ...]  # the seats still to bury jokers or pass, in play order
    phase = "burying_jokers"

    @staticmethod
    def next(cards: DealCards, queue: tuple[int, ...]):
        """The next seat's turn, or play when nobody is left or the bottom has nothing a joker may take."""
        if not queue or not takeable(cards.bottom, cards.order):
            return Playing.begin(cards)
        return BuryingJokers(cards, queue)

    @property
    def seat(self) -> int:
        return self.queue[0]

    def bury_jokers(self, seat, jokers: list[Card], take: list[Card]):
        seat = check_seat(seat)
        check_turn(seat, self.seat, "bury jokers or pass")
        hand, bottom = bury_jokers(self.cards.hand(seat), self.cards.bottom, jokers, take, self.cards.order)
        shown = self.cards.bottom_shown or bool(jokers)
        cards = self.cards.with_hand(seat, hand, bottom=bottom, bottom_shown=shown)
        return BuryingJokers.next(cards, self.queue[1:])
