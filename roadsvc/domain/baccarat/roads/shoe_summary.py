"""A shoe's summary: what a lobby row shows, small enough to store beside the shoe.

The counts, the last result and the big road's column shapes (side, length, first hand):
the good roads and their lengths follow from the shapes alone (good_roads_of_shape), for
whatever thresholds the table has, so the summary needs no rewrite when settings change.
It is a pure function of the counted hands, like every road.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any, Mapping, Sequence

from roadsvc.domain.baccarat.roads.good_roads import GoodRoad, GoodRoadThresholds, good_roads_of_shape
from roadsvc.domain.baccarat.dealing.hands import TIE, Hand
from roadsvc.domain.baccarat.roads.statistics import counts

Summary = dict[str, Any]


def summarise(hands: Sequence[Hand], numbers: Sequence[int]) -> Summary:
    """{"hands", "counts", "last_result", "columns": [[side, length, first hand], ...]} (JSON-ready)."""
    columns: list[list[Any]] = []
    for hand, number in zip(hands, numbers):
        if hand.result == TIE:
            continue
        if columns and columns[-1][0] == hand.result:
            columns[-1][1] += 1
        else:
            columns.append([hand.result, 1, number])
    return {
        "hands": len(hands),
        "counts": asdict(counts(hands)),
        "last_result": hands[-1].result if hands else None,
        "columns": columns,
    }


def summary_good_roads(summary: Mapping[str, Any], thresholds: GoodRoadThresholds | None = None) -> list[GoodRoad]:
    """The good roads active on the summarised big road, with their lengths."""
    return good_roads_of_shape([(side, length, first) for side, length, first in summary["columns"]], thresholds)
