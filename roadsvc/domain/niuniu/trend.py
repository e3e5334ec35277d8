"""The trend road (走势): per area its win/lose row in round order, the banker's type per round, statistics.

Built from the settled rounds only (a round still opening shows nothing of its hidden cards or
types, a voided round leaves the road), oldest first. The statistics: per area the wins over the
last 10, 20 and 50 rounds and over the session, and per position the count of each type.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from roadsvc.domain.niuniu.dealing import BANKER, PLAYERS
from roadsvc.domain.niuniu.hands import TYPE_CODES
from roadsvc.domain.niuniu.rounds import WIN

WINDOWS = (10, 20, 50)


@dataclass(frozen=True, slots=True)
class SettledRound:
    """What the road needs of a settled round: its number, each position's type, each area's result."""

    number: int
    types: Mapping[str, str]
    results: Mapping[str, str]


def trend_road(rounds: Sequence[SettledRound]) -> dict:
    rounds = sorted(rounds, key=lambda settled: settled.number)
    areas = {player: _area(rounds, player) for player in PLAYERS}
    banker_types = [settled.types[BANKER] for settled in rounds]
    return {
        "rounds": [settled.number for settled in rounds],
        "areas": areas,
        "banker": {"types": banker_types, "type_counts": type_counts(banker_types)},
    }


def _area(rounds: Sequence[SettledRound], player: str) -> dict:
    results = [settled.results[player] for settled in rounds]
    types = [settled.types[player] for settled in rounds]
    return {"results": results, "types": types, "wins": wins(results), "type_counts": type_counts(types)}


def wins(results: Sequence[str]) -> dict[str, int]:
    """Wins over the last 10, 20 and 50 results and over all of them."""
    counted = {f"last_{window}": _wins(results[-window:]) for window in WINDOWS}
    counted["all"] = _wins(results)
    return counted


def _wins(results: Sequence[str]) -> int:
    return sum(result == WIN for result in results)


def type_counts(types: Sequence[str]) -> dict[str, int]:
    """How often each type came up, every type listed (best first), zero included."""
    return {code: types.count(code) for code in TYPE_CODES}


def summary(road: Mapping) -> dict:
    """The lobby's few figures: the last results per area and the wins over the last ten."""
    return {
        "rounds": len(road["rounds"]),
        "areas": {player: {"last": road["areas"][player]["results"][-6:],
                           "last_10": road["areas"][player]["wins"]["last_10"]} for player in PLAYERS},
        "banker_last": road["banker"]["types"][-6:],
    }

