"""The house's money at a table, shoe or shift (issue 24), from its settled bets: pure
functions over ledger lines, shared by every game that settles bets.

Amounts are integer cents. A line is one settled bet (won, lost or pushed: void,
cancelled and unsettled bets take no money and are not counted). From the house's side:

- turnover: the sum of stakes;
- win: the house's win, stakes lost minus winnings paid (the negative of the bettors' net), or what a
  line names as the house's share where the house is not the bettors' counterparty (a 百人牛牛 table
  banked by a player: the house takes the commission only, the banker's result is a player's);
- hold: win / turnover (None without turnover);
- bets and accounts: how many bets, how many distinct accounts;
- largest bet: the largest single stake;
- largest win: the most one account won on one hand (its nets on the hand summed);
- turnover by bet: the stakes by bet code.

The expected hold is what the exact house edges predict for the same bets: the stakes
weighted by each bet's edge (roadsvc.domain.baccarat.bets.bet_odds: the expected loss per unit staked).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Hashable, Iterable, Mapping


@dataclass(frozen=True, slots=True)
class Line:
    """One settled bet: the hand it was on (any hashable key), who, what, stake and net in cents, and the
    house's share of it when that is not the opposite of the bettor's net."""

    hand: Hashable
    account_id: str
    code: str
    stake: int
    net: int  # the bettor's: returned - held (positive: the bettor won)
    house: int | None = None  # the house's win on the bet; None: -net (the house is the counterparty)

    @property
    def house_win(self) -> int:
        return -self.net if self.house is None else self.house


@dataclass(frozen=True)
class Money:
    turnover: int = 0
    win: int = 0
    bets: int = 0
    accounts: int = 0
    largest_bet: int = 0
    largest_win: int = 0
    by_bet: Mapping[str, int] = field(default_factory=dict)

    @property
    def hold(self) -> Fraction | None:
        return Fraction(self.win, self.turnover) if self.turnover else None


def tally(lines: Iterable[Line]) -> Money:
    """The money of these settled bets."""
    lines = list(lines)
    by_bet: dict[str, int] = defaultdict(int)
    for line in lines:
        by_bet[line.code] += line.stake
    wins = account_hand_wins(lines)
    return Money(turnover=sum(line.stake for line in lines), win=sum(line.house_win for line in lines), bets=len(lines),
                 accounts=len({line.account_id for line in lines}),
                 largest_bet=max((line.stake for line in lines), default=0),
                 largest_win=max([0, *wins.values()]), by_bet=dict(sorted(by_bet.items())))


def account_hand_wins(lines: Iterable[Line]) -> dict[tuple[Hashable, str], int]:
    """What each account won (net, cents) on each hand."""
    wins: dict[tuple[Hashable, str], int] = defaultdict(int)
    for line in lines:
        wins[(line.hand, line.account_id)] += line.net
    return dict(wins)


def account_wins(lines: Iterable[Line]) -> dict[str, int]:
    """What each account won (net, cents) over all these lines (a shoe's)."""
    wins: dict[str, int] = defaultdict(int)
    for line in lines:
        wins[line.account_id] += line.net
    return dict(wins)


def running_win(lines: Iterable[Line], hands: Iterable[Hashable]) -> list[tuple[Hashable, int]]:
    """The house's win after each of `hands` (in their order), summed from the first."""
    per_hand: dict[Hashable, int] = defaultdict(int)
    for line in lines:
        per_hand[line.hand] += line.house_win
    total, points = 0, []
    for hand in hands:
        total += per_hand.get(hand, 0)
        points.append((hand, total))
    return points


def expected_hold(stakes: Iterable[tuple[int, Fraction]]) -> Fraction | None:
    """The hold the exact house edges predict for bets given as (stake, the bet's house edge);
    None without turnover."""
    turnover, expected = 0, Fraction(0)
    for stake, edge in stakes:
        turnover += stake
        expected += stake * edge
    return expected / turnover if turnover else None
