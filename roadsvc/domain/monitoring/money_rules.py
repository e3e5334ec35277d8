"""The money rules (issue 24): `large_win` when one account wins more than the table's limit
in a hand or in a shoe, and `hold_out_of_line` when a shoe's hold strays from the hold its
bets' exact house edges expect by more than the table's tolerance, once enough was staked.
Amounts are cents; the settings are in the table's currency units.

A 百人牛牛 table has no shoe (issue 34): the same two codes are read on its own facts, a round settled
(`RoundSettled`: the round, and the shift as the longer window) and the table's money in the shift
(`TableHold`), the same window and figures as its money view. `details.scope` says which: "round" or
"shift" for a large win, "shift" for the hold."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Mapping

from roadsvc.domain.monitoring.registry import WARNING, Finding, Setting, Settings, rule

LARGE_WIN = Setting("large_win_amount", 100000, 1, 10**10, int,
                    "an account winning more than this (currency units) in one hand or one shoe (at a 百人牛牛 "
                    "table: one round or the shift) raises large_win")
HOLD_TOLERANCE = Setting("hold_tolerance", 0.1, 0.001, 1.0, float,
                         "hold_out_of_line: how far (a fraction: 0.1 is 10 points) a shoe's hold (a 百人牛牛 "
                         "table's in the shift) may stray from its expected hold")
HOLD_MIN_TURNOVER = Setting("hold_min_turnover", 100000, 0, 10**12, int,
                            "hold_out_of_line: the shoe's turnover (a 百人牛牛 table's in the shift; currency units) "
                            "before its hold is judged")


@dataclass(frozen=True, slots=True)
class HandSettled:
    """A hand of the shoe was settled (posted, opened, voided or corrected): what each account
    won on it and in the shoe, before and after it (cents)."""

    hand_number: int
    hand_wins: Mapping[str, int]
    shoe_wins_before: Mapping[str, int]
    shoe_wins: Mapping[str, int]


@dataclass(frozen=True, slots=True)
class ShoeHold:
    """The shoe's money after a change: turnover and the house's win (cents), and the hold its
    bets' exact house edges expect."""

    turnover: int
    win: int
    expected_hold: Fraction | None


@dataclass(frozen=True, slots=True)
class RoundSettled:
    """A 百人牛牛 round was settled (opened, or settled again by a correction): what each account won on it
    and in its shift, before and after it (cents). A player banker's account counts with its result."""

    round_number: int
    round_wins: Mapping[str, int]
    shift_wins_before: Mapping[str, int]
    shift_wins: Mapping[str, int]
    banker_account: str | None
    shift: str  # the shift's key, "2026-11-28/1400"


@dataclass(frozen=True, slots=True)
class TableHold:
    """A 百人牛牛 table's money in the shift, after round `round_number` was settled: turnover and the
    house's win (cents), and the hold the table's exact edge expects (as its money view shows them)."""

    round_number: int
    turnover: int
    win: int
    expected_hold: Fraction | None
    shift: str


def _units(cents: int) -> str:
    return f"{cents / 100:,.2f}"


@rule("large_win", on=HandSettled, settings=(LARGE_WIN,))
def large_win(fact: HandSettled, settings: Settings) -> Finding | None:
    limit = settings[LARGE_WIN.name] * 100
    largest = _largest_win(limit, fact.hand_wins, fact.shoe_wins, fact.shoe_wins_before)
    if largest is None:
        return None
    won, account, over_the_shoe = largest
    scope = "shoe" if over_the_shoe else "hand"
    entry = {"account_id": account, "won": _units(won), "scope": scope, "hand_number": fact.hand_number}
    details = {**entry, "limit": _units(limit), "wins": [entry]}
    where = f"on hand {fact.hand_number}" if scope == "hand" else "in this shoe"
    return Finding("large_win", WARNING, f"account {account} won {_units(won)} {where}", details, fact.hand_number,
                   keep="wins")


@rule("large_win", on=RoundSettled, settings=(LARGE_WIN,))
def large_round_win(fact: RoundSettled, settings: Settings) -> Finding | None:
    """One account won more than the limit on the round (a player banker too), or its wins in the shift
    crossed the limit on this round."""
    limit = settings[LARGE_WIN.name] * 100
    largest = _largest_win(limit, fact.round_wins, fact.shift_wins, fact.shift_wins_before)
    if largest is None:
        return None
    won, account, over_the_shift = largest
    scope = "shift" if over_the_shift else "round"
    entry = {"account_id": account, "won": _units(won), "scope": scope, "round_number": fact.round_number,
             "banker": account == fact.banker_account}
    details = {**entry, "limit": _units(limit), "shift": fact.shift, "wins": [entry]}
    where = f"on round {fact.round_number}" if scope == "round" else \
        f"in the shift {fact.shift}, past the limit on round {fact.round_number}"
    return Finding("large_win", WARNING, f"account {account} won {_units(won)} {where}", details, keep="wins")


def _largest_win(limit: int, wins: Mapping[str, int], period_wins: Mapping[str, int],
                 period_wins_before: Mapping[str, int]) -> tuple[int, str, bool] | None:
    """The largest win past `limit` on this hand or round (`wins`); else the largest of the accounts whose
    wins over the period (a shoe, a shift) crossed it with this one: (won, account, over the period)."""
    on_one = [(won, account) for account, won in wins.items() if won > limit]
    crossed = [(won, account) for account, won in period_wins.items() if won > limit >= period_wins_before.get(account, 0)]
    if not on_one and not crossed:
        return None
    return (*max(on_one or crossed), not on_one)


def _stray(turnover: int, win: int, expected: Fraction | None, settings: Settings) -> Fraction | None:
    """The hold, when enough was staked to judge it and it strays from `expected` past the tolerance."""
    if expected is None or turnover < settings[HOLD_MIN_TURNOVER.name] * 100:
        return None
    hold = Fraction(win, turnover)
    if abs(hold - expected) <= Fraction(str(settings[HOLD_TOLERANCE.name])):
        return None
    return hold


def _hold_details(hold: Fraction, expected: Fraction, turnover: int, win: int, settings: Settings) -> dict:
    return {"hold": round(float(hold), 6), "expected_hold": round(float(expected), 6),
            "turnover": _units(turnover), "win": _units(win), "tolerance": settings[HOLD_TOLERANCE.name]}


@rule("hold_out_of_line", on=ShoeHold, settings=(HOLD_TOLERANCE, HOLD_MIN_TURNOVER))
def hold_out_of_line(fact: ShoeHold, settings: Settings) -> Finding | None:
    hold = _stray(fact.turnover, fact.win, fact.expected_hold, settings)
    if hold is None:
        return None
    details = _hold_details(hold, fact.expected_hold, fact.turnover, fact.win, settings)
    return Finding("hold_out_of_line", WARNING, f"shoe hold {float(hold):.2%} against {float(fact.expected_hold):.2%} "
                   f"expected after {_units(fact.turnover)} turnover", details)


@rule("hold_out_of_line", on=TableHold, settings=(HOLD_TOLERANCE, HOLD_MIN_TURNOVER))
def table_hold_out_of_line(fact: TableHold, settings: Settings) -> Finding | None:
    """The table's hold in the shift strays from its exact edge (at commission 0 the edge is 0: a table a
    player banks holds exactly 0 and is never out of line; one the house banks is judged on its result)."""
    hold = _stray(fact.turnover, fact.win, fact.expected_hold, settings)
    if hold is None:
        return None
    details = {"scope": "shift", "shift": fact.shift, "round_number": fact.round_number,
               **_hold_details(hold, fact.expected_hold, fact.turnover, fact.win, settings)}
    return Finding("hold_out_of_line", WARNING, f"table hold {float(hold):.2%} in the shift {fact.shift} against "
                   f"{float(fact.expected_hold):.2%} expected after {_units(fact.turnover)} turnover "
                   f"(round {fact.round_number})", details)
