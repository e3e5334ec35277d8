"""A match: two teams' levels, the deals in turn, and how it ends.

Each deal is played at the level of the team holding it. After a deal its score moves the levels and
says who holds the next deal (its 打家: the last 打家's partner when the same team keeps it, the last
打家's 下家 when it passes) and the blood. The match ends when a level would pass 10 (`passed_ten`), on an
instant win (`zero_points`, `four_hundred_points`, `three_jokers`), or when the time limit has run out and
the levels differ after a deal (`time_limit`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from roadsvc.domain.dabang.bottom_phase import Burying, BuryingJokers, TributeReturn
from roadsvc.domain.dabang.declaring_phase import Declaring, DealStart, Redeal
from roadsvc.domain.dabang.draw import Draw
from roadsvc.domain.dabang.play_phase import Finished, Playing
from roadsvc.domain.dabang.rules import DEFAULT_RULES, DabangRules
from roadsvc.domain.dabang.seats import next_seat, partner, team_of
from roadsvc.domain.errors import DomainError


STOPPED = "stopped"  # the reason of a match a pit boss ended


@dataclass(frozen=True, slots=True)
class DealRecord:
    """A deal over: its last phase (Finished or Redeal) and the levels after it."""

    end: Finished | Redeal
    levels_after: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Match:
    started_at: datetime
    rules: DabangRules = DEFAULT_RULES
    time_limit: timedelta = timedelta(minutes=90)
    level_pair: tuple[int, int] = (3, 3)  # (A, B)
    dealer_seat: int | None = None  # the 打家 of the deal under way or next; None before 抢亮 decides it
    next_blood: int = 0
    next_number: int = 1  # the number of the next deal (redeals count)
    deals: tuple[DealRecord, ...] = ()  # the deals over (a replay of the deal under way may start with none)
    current: object | None = None  # the phase of the deal under way
    winner: str | None = None
    reason: str | None = None

    @staticmethod
    def start(started_at: datetime, rules: DabangRules = DEFAULT_RULES, time_limit_minutes: int | None = None):
        minutes = rules.time_limit_minutes if time_limit_minutes is None else time_limit_minutes
        first = rules.first_level
        return Match(started_at, rules, timedelta(minutes=minutes), (first, first))

    @property
    def levels(self) -> dict[str, int]:
        return {"A": self.level_pair[0], "B": self.level_pair[1]}

    @property
    def current_dealer(self) -> int | None:
        """The 打家 of the deal under way or next (on the first deal, once 抢亮 has decided)."""
        if self.dealer_seat is not None:
            return self.dealer_seat
        return getattr(getattr(self.current, "cards", None), "dealer_seat", None)

    @property
    def holder(self) -> str | None:
        """The team holding the deal (under way, or next)."""
        dealer = self.current_dealer
        return None if dealer is None else team_of(dealer)

    @property
    def ends_at(self) -> datetime:
        return self.started_at + self.time_limit

    @property
    def over(self) -> bool:
        """Won (`winner` and its reason), or stopped by a pit boss (`reason` "stopped", a winner or none)."""
        return self.reason is not None

    def stop(self, winner: str | None) -> "Match":
        """A pit boss ends a match that must stop (a dispute, a player taken ill): the deal under way is
        abandoned; `winner` is the team the pit boss names (a forfeit) or None."""
        self._check_open()
        if winner not in (None, "A", "B"):
            raise DomainError("invalid_winner", "the winner is team A or B (or none)", "winner")
        return replace(self, current=None, winner=winner, reason=STOPPED)

    def deal_start(self) -> DealStart:
        holder = self.holder
        level = self.levels[holder] if holder else self.rules.first_level
        return DealStart(self.next_number, level, self.dealer_seat, self.next_blood)

    def start_deal(self, draw: Draw) -> "Match":
        self._check_open()
        if self.current is not None:
            raise DomainError("deal_in_progress", "the deal under way is not finished", "draw")
        if self.dealer_seat is not None and draw.first_drawer != self.dealer_seat:
            raise DomainError("wrong_first_drawer", f"the draw starts from the 打家, seat {self.dealer_seat}",
                              "first_drawer")
        return replace(self, current=Declaring(self.deal_start(), draw))

    def move(self, phase_type: type, name: str, *args, now: datetime | None = None) -> "Match":
        """Apply one move of the current phase (`declare`, `end`, `give_back`, `bury`, `bury_jokers`, `play`)."""
        self._check_open()
        if not isinstance(self.current, phase_type):
            have = getattr(self.current, "phase", "no deal")
            raise DomainError("wrong_phase", f"the deal is not at that step (it is at: {have})", None)
        after = getattr(self.current, name)(*args)
        if isinstance(after, (Finished, Redeal)):
            return self._deal_over(after, now)
        return replace(self, current=after)

    def declare(self, seat, cards, at, suit=None) -> "Match":
        return self.move(Declaring, "declare", seat, cards, at, suit)

    def end_declaring(self, drawn_from_bottom=None) -> "Match":
        return self.move(Declaring, "end", drawn_from_bottom)

    def return_tribute(self, seat, cards) -> "Match":
        return self.move(TributeReturn, "give_back", seat, cards)

    def bury(self, seat, cards) -> "Match":
        return self.move(Burying, "bury", seat, cards)

    def bury_jokers(self, seat, jokers, take) -> "Match":
        return self.move(BuryingJokers, "bury_jokers", seat, jokers, take)

    def play(self, seat, cards, now: datetime | None = None) -> "Match":
        return self.move(Playing, "play", seat, cards, now=now)

    def _check_open(self) -> None:
        if self.over:
            raise DomainError("match_over", f"the match is over: {self.outcome}", None)

    @property
    def outcome(self) -> str:
        won = f"team {self.winner} won" if self.winner else "no winner"
        return f"{won} ({self.reason})"

    def _deal_over(self, end, now: datetime | None) -> "Match":
        if isinstance(end, Redeal):
            return replace(self, current=None, next_number=self.next_number + 1,
                           deals=self.deals + (DealRecord(end, self.level_pair),))
        score, dealer = end.score, end.cards.dealer_seat
        a, b = self.level_pair
        pair = (a + score.levels_gained.get("A", 0), b + score.levels_gained.get("B", 0))
        dealer_seat = partner(dealer) if score.next_holder == score.holder else next_seat(dealer)
        done = replace(self, current=None, level_pair=pair, dealer_seat=dealer_seat, next_blood=score.blood,
                       next_number=self.next_number + 1, deals=self.deals + (DealRecord(end, pair),))
        return done._ended_by(score, now)

    def _ended_by(self, score, now: datetime | None) -> "Match":
        if score.instant_winner:
            return replace(self, winner=score.instant_winner, reason=score.instant_reason)
        passed = [team for team, level in self.levels.items() if level > self.rules.last_level]
        if passed:
            return replace(self, winner=passed[0], reason="passed_ten")
        return self.time_up(now) if now is not None else self

    def time_up(self, now: datetime) -> "Match":
        """After the limit, between deals, the higher level wins; equal levels play on deal by deal."""
        if self.over or self.current is not None or now < self.ends_at:
            return self
        a, b = self.level_pair
        if a == b:
            return self
        return replace(self, winner="A" if a > b else "B", reason="time_limit")
