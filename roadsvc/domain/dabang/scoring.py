"""Scoring a deal: the scorers' points (抠底 doubles the bottom's), the outcome table, the buried jokers,
the blood for the next deal, and the instant wins.

| P      | last trick       | result |
| >= 120 | scorers (抠底)   | scorers +1 and the jokers; they hold the next deal |
| >= 120 | declarers (保底) | no level change; scorers hold the next deal, with the jokers' blood only |
| < 120  | scorers (抠底)   | no level change; declarers keep the deal; the jokers earn nothing |
| < 120  | declarers (保底) | declarers +1 and the jokers; they keep the deal |
"""

from __future__ import annotations

from dataclasses import dataclass

from roadsvc.domain.cards import BIG_JOKER, SMALL_JOKER
from roadsvc.domain.dabang.order import points
from roadsvc.domain.dabang.rules import DabangRules
from roadsvc.domain.dabang.seats import other_team


@dataclass(frozen=True, slots=True)
class DealScore:
    holder: str  # the declarers' team
    trick_points: int  # the scorers' points from tricks
    bottom_points: int
    kou_di: bool  # the scorers won the last trick (抠底); else 保底
    dry_pot: bool  # 干锅
    points: int  # P: trick points plus, on 抠底, the bottom's points times the multiple
    levels_gained: dict  # team -> levels
    next_holder: str
    jokers_earned_by: str | None  # the team the buried jokers' blood goes to
    blood: int  # for the next deal
    instant_winner: str | None
    instant_reason: str | None

    @property
    def scorers(self) -> str:
        return other_team(self.holder)


def buried_jokers(bottom, dry_pot: bool) -> tuple[int, int]:
    """(大王, 小王) in the final bottom that count: none in 干锅."""
    if dry_pot:
        return 0, 0
    return sum(card == BIG_JOKER for card in bottom), sum(card == SMALL_JOKER for card in bottom)


def score_deal(holder: str, trick_points: int, bottom, kou_di: bool, dry_pot: bool,
               rules: DabangRules) -> DealScore:
    scorers = other_team(holder)
    bottom_points = sum(points(card) for card in bottom)
    p = trick_points + (bottom_points * rules.bottom_multiple if kou_di else 0)
    big, small = buried_jokers(bottom, dry_pot)
    joker_levels, joker_blood = 2 * big + small, 2 * big + small
    enough = p >= rules.level_up_points
    if enough:
        next_holder, gainer = scorers, scorers if kou_di else None
        earner = scorers
    else:
        next_holder, gainer = holder, None if kou_di else holder
        earner = None if kou_di else holder
    gained = {scorers: 0, holder: 0}
    if gainer is not None:
        gained[gainer] = 1 + joker_levels
    blood = (joker_blood if earner else 0) + _point_blood(p, rules)
    winner, reason = _instant(holder, p, bottom, dry_pot, gainer, rules)
    return DealScore(holder, trick_points, bottom_points, kou_di, dry_pot, p, gained, next_holder,
                     earner if joker_blood else None, blood, winner, reason)


def _point_blood(p: int, rules: DabangRules) -> int:
    """One for every full 10 points below 120, or above 160 (a remaining 5 does not count)."""
    if p < rules.level_up_points:
        return (rules.level_up_points - p) // 10
    if p > rules.blood_above:
        return (p - rules.blood_above) // 10
    return 0


def _instant(holder: str, p: int, bottom, dry_pot: bool, gainer: str | None,
             rules: DabangRules) -> tuple[str | None, str | None]:
    if p == 0:
        return holder, "zero_points"
    if p >= rules.scorers_win_points:
        return other_team(holder), "four_hundred_points"
    three = sum(card == BIG_JOKER for card in bottom) == 3 or sum(card == SMALL_JOKER for card in bottom) == 3
    if three and not dry_pot and gainer is not None:
        return gainer, "three_jokers"
    return None, None
