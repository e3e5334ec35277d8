"""The money rules (issue 24): `large_win` when one account wins more than the table's limit
in a hand or in a shoe, and `hold_out_of_line` when a shoe's hold strays from the hold its
bets' exact house edges expect by more than the table's tolerance, once enough was staked.
Amounts are cents; the settings are in the table's currency units."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Mapping

from roadsvc.domain.monitoring.registry import WARNING, Finding, Setting, Settings, rule

LARGE_WIN = Setting("large_win_amount", 100000, 1, 10**10, int,
                    "an account winning more than this (currency units) in one hand or one shoe raises large_win")
HOLD_TOLERANCE = Setting("hold_tolerance", 0.1, 0.001, 1.0, float,
                         "hold_out_of_line: how far (a fraction: 0.1 is 10 points) a shoe's hold may stray "
                         "from its expected hold")
HOLD_MIN_TURNOVER = Setting("hold_min_turnover", 100000, 0, 10**12, int,
                            "hold_out_of_line: the shoe's turnover (currency units) before its hold is judged")


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


def _units(cents: int) -> str:
    return f"{cents / 100:,.2f}"


@rule("large_win", on=HandSettled, settings=(LARGE_WIN,))
def large_win(fact: HandSettled, settings: Settings) -> Finding | None:
    limit = settings[LARGE_WIN.name] * 100
    on_hand = [(won, account) for account, won in fact.hand_wins.items() if won > limit]
    crossed = [(won, account) for account, won in fact.shoe_wins.items()
               if won > limit >= fact.shoe_wins_before.get(account, 0)]
    scope, found = ("hand", on_hand) if on_hand else ("shoe", crossed)
    if not found:
        return None
    won, account = max(found)
    entry = {"account_id": account, "won": _units(won), "scope": scope, "hand_number": fact.hand_number}
    details = {**entry, "limit": _units(limit), "wins": [entry]}
    where = f"on hand {fact.hand_number}" if scope == "hand" else "in this shoe"
    return Finding("large_win", WARNING, f"account {account} won {_units(won)} {where}", details, fact.hand_number,
                   keep="wins")


@rule("hold_out_of_line", on=ShoeHold, settings=(HOLD_TOLERANCE, HOLD_MIN_TURNOVER))
def hold_out_of_line(fact: ShoeHold, settings: Settings) -> Finding | None:
    if fact.expected_hold is None or fact.turnover < settings[HOLD_MIN_TURNOVER.name] * 100:
        return None
    hold = Fraction(fact.win, fact.turnover)
    if abs(hold - fact.expected_hold) <= Fraction(str(settings[HOLD_TOLERANCE.name])):
        return None
    details = {"hold": round(float(hold), 6), "expected_hold": round(float(fact.expected_hold), 6),
               "turnover": _units(fact.turnover), "win": _units(fact.win),
               "tolerance": settings[HOLD_TOLERANCE.name]}
    return Finding("hold_out_of_line", WARNING, f"shoe hold {float(hold):.2%} against {float(fact.expected_hold):.2%} "
                   f"expected after {_units(fact.turnover)} turnover", details)
