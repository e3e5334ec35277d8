"""Play: the 打家 leads the first trick, each trick's winner the next, in seat order. The only move is a
play; it is checked against the rules before it is applied. When the last card is played the deal is scored.

Every seat holds 39 cards when play starts (the tribute is given back, the bottom exchanged card for card),
so every trick has four plays and the last trick can go to either team.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from roadsvc.domain.cards import Card
from roadsvc.domain.dabang.bottom import remove
from roadsvc.domain.dabang.deal_cards import DealCards, check_seat, check_turn
from roadsvc.domain.dabang.scoring import DealScore, score_deal
from roadsvc.domain.dabang.seats import seats_from, team_of
from roadsvc.domain.dabang.tricks import Play, check_follow, lead_shape, trick_points, winning_index
from roadsvc.domain.errors import DomainError


@dataclass(frozen=True, slots=True)
class Trick:
    plays: tuple[Play, ...]
    winner: int  # the winning seat
    points: int


@dataclass(frozen=True, slots=True)
class Playing:
    cards: DealCards
    tricks: tuple[Trick, ...]
    current: tuple[Play, ...]  # the plays of the trick under way
    turns: tuple[int, ...]  # the seats still to play in it, in order
    phase = "playing"

    @staticmethod
    def begin(cards: DealCards) -> "Playing":
        return Playing(cards, (), (), seats_from(cards.dealer_seat))

    @property
    def seat(self) -> int:
        """Whose turn it is."""
        return self.turns[0]

    def play(self, seat, cards: list[Card]):
        """The next play: a new Playing, or Finished after the last card. Refused plays change nothing."""
        seat = check_seat(seat)
        check_turn(seat, self.seat, "play")
        played = tuple(cards)
        hand = self.cards.hand(seat)
        if not played:
            raise DomainError("wrong_count", "a play holds at least one card", "cards")
        kept = remove(hand, played)
        if self.current:
            check_follow(played, hand, self.current[0].cards, self.cards.order)
        else:
            lead_shape(played, self.cards.order)
        return self._apply(seat, played, kept)

    def _apply(self, seat: int, played: tuple[Card, ...], kept: tuple[Card, ...]):
        plays = self.current + (Play(seat, played),)
        cards = self.cards.with_hand(seat, kept)
        if len(self.turns) > 1:
            return replace(self, cards=cards, current=plays, turns=self.turns[1:])
        winner = plays[winning_index(plays, cards.order)].seat
        tricks = self.tricks + (Trick(plays, winner, trick_points(plays)),)
        if not any(cards.hands):
            return Finished.of(cards, tricks)
        return Playing(cards, tricks, (), seats_from(winner))

    def points_by_team(self) -> dict[str, int]:
        return team_points(self.tricks)


def team_points(tricks) -> dict[str, int]:
    totals = {"A": 0, "B": 0}
    for trick in tricks:
        totals[team_of(trick.winner)] += trick.points
    return totals


@dataclass(frozen=True, slots=True)
class Finished:
    cards: DealCards
    tricks: tuple[Trick, ...]
    score: DealScore
    phase = "finished"

    @staticmethod
    def of(cards: DealCards, tricks: tuple[Trick, ...]) -> "Finished":
        holder = cards.holder
        scorers_points = team_points(tricks)["B" if holder == "A" else "A"]
        kou_di = team_of(tricks[-1].winner) != holder
        result = score_deal(holder, scorers_points, cards.bottom, kou_di, cards.dry_pot, cards.rules)
        return Finished(cards, tricks, result)
