"""The bottom's phases: the 打家 buries six cards (Burying), then each other player in play order from the
打家's 下家 may bury jokers, taking back the bottom's smallest non-point cards (BuryingJokers). In 干锅
nobody buries and play starts at once."""

from __future__ import annotations

from dataclasses import dataclass

from roadsvc.domain.cards import Card
from roadsvc.domain.dabang.bottom import bury, bury_jokers, takeable
from roadsvc.domain.dabang.deal_cards import DealCards, check_seat, check_turn
from roadsvc.domain.dabang.play_phase import Playing
from roadsvc.domain.dabang.seats import next_seat, partner, previous_seat


def after_declaring(cards: DealCards):
    """干锅: straight to play; otherwise the 打家 takes the bottom and buries."""
    if cards.dry_pot:
        return Playing.begin(cards)
    dealer = cards.dealer_seat
    return Burying(cards.with_hand(dealer, cards.hand(dealer) + cards.bottom, bottom=()))


@dataclass(frozen=True, slots=True)
class Burying:
    cards: DealCards  # the 打家's hand holds the bottom's six cards
    phase = "burying"

    def bury(self, seat, buried: list[Card]):
        seat = check_seat(seat)
        dealer = self.cards.dealer_seat
        check_turn(seat, dealer, "bury (the 打家)")
        kept = bury(self.cards.hand(dealer), buried, self.cards.rules.bottom_size)
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


