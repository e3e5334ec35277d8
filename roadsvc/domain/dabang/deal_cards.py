"""What a deal knows once declaring is over: its order, its 打家, the hands and the bottom."""

from __future__ import annotations

from dataclasses import dataclass, replace

from roadsvc.domain.cards import Card
from roadsvc.domain.dabang.order import CardOrder
from roadsvc.domain.dabang.rules import DabangRules
from roadsvc.domain.dabang.seats import SEATS, team_of
from roadsvc.domain.errors import DomainError


@dataclass(frozen=True, slots=True)
class DealCards:
    number: int
    order: CardOrder
    dealer_seat: int  # the 打家
    hands: tuple[tuple[Card, ...], ...]  # seat s's hand at index s - 1
    bottom: tuple[Card, ...]
    bottom_shown: bool
    dry_pot: bool  # 干锅
    tribute: tuple[Card, ...]  # what the 打家's 上家 gave (喝血)
    blood: int
    rules: DabangRules
    returned: tuple[Card, ...] = ()  # what the 打家 gave back (还贡)
    declarations: tuple = ()  # the declarations made (declaring_phase's), kept for every reader after declaring

    @property
    def holder(self) -> str:
        return team_of(self.dealer_seat)

    def hand(self, seat: int) -> tuple[Card, ...]:
        return self.hands[seat - 1]

    def with_hand(self, seat: int, hand: tuple[Card, ...], **changes) -> "DealCards":
        hands = tuple(hand if s == seat else self.hands[s - 1] for s in SEATS)
        return replace(self, hands=hands, **changes)


def check_seat(seat) -> int:
    if isinstance(seat, bool) or seat not in SEATS:
        raise DomainError("invalid_seat", "seat must be 1, 2, 3 or 4", "seat")
    return seat


def check_turn(seat: int, expected: int, what: str) -> None:
    if seat != expected:
        raise DomainError("not_your_turn", f"it is seat {expected}'s turn to {what}", "seat")
