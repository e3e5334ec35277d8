"""Good-road notices: what changed between two lists of a table's active good roads.

A good road is one run, named by its code and the hand its run began at (`since_hand`).
Between two states of a table a run either started (a code not active before, or active
again from another hand: the old run ended and a new one began), ended, or grew (the same
run, now longer in columns or hands). Only the announced codes are reported.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Collection, Mapping, Sequence

GoodRoadJson = Mapping[str, Any]
"""A good road as the lobby carries it: code, name, name_en, since_hand, columns, hands."""


@dataclass(frozen=True, slots=True)
class GoodRoadChanges:
    """Each list holds the good roads (as in `after` for started/grown, `before` for ended)."""

    started: list[GoodRoadJson] = field(default_factory=list)
    ended: list[GoodRoadJson] = field(default_factory=list)
    grown: list[GoodRoadJson] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.started or self.ended or self.grown)


def good_road_changes(
    before: Sequence[GoodRoadJson],
    after: Sequence[GoodRoadJson],
    announced: Collection[str] | None = None,
) -> GoodRoadChanges:
    """(started, ended, grown) from `before` to `after`, each in its list's order.

    `announced`: the codes to report (None: all). A run that moved its since_hand is
    reported as ended (the old run) and started (the new one).
    """
    old = {good["code"]: good for good in before if announced is None or good["code"] in announced}
    new = {good["code"]: good for good in after if announced is None or good["code"] in announced}
    changes = GoodRoadChanges()
    for code, good in new.items():
        previous = old.get(code)
        if previous is None or previous["since_hand"] != good["since_hand"]:
            changes.started.append(good)
        elif _length(good) > _length(previous):
            changes.grown.append(good)
    for code, good in old.items():
        if code not in new or new[code]["since_hand"] != good["since_hand"]:
            changes.ended.append(good)
    return changes


def _length(good: GoodRoadJson) -> tuple[int, int]:
    return good.get("columns", 0), good.get("hands", 0)
