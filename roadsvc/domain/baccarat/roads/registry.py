"""Every road roadsvc draws, in one place: its name, kind, labels and (derived roads) offset.

The domain builds the snapshot from it, the renderer lays out and labels its panels
from it, the API documents it, and docs name its labels. Adding a road is an entry
here, its function (domain), its mark (render/marks.py) and its tests.
"""

from __future__ import annotations

from dataclasses import dataclass

from roadsvc.domain.baccarat.dealing.hands import BANKER, PLAYER

BEAD, BIG, DERIVED = "bead", "big", "derived"
"""Kinds: the bead plate (one bead a hand), the big road, and the roads derived from it."""


@dataclass(frozen=True, slots=True)
class Road:
    name: str
    kind: str
    labels: dict[str, str]  # language ("zh-Hans", "zh-Hant", "en") -> label
    offset: int | None = None  # derived roads: the column compared with (spec/roads.md)


ROADS: tuple[Road, ...] = (
    Road("bead_plate", BEAD, {"zh-Hans": "珠盘路", "zh-Hant": "珠盤路", "en": "Bead Plate"}),
    Road("big_road", BIG, {"zh-Hans": "大路", "zh-Hant": "大路", "en": "Big Road"}),
    Road("big_eye_boy", DERIVED, {"zh-Hans": "大眼仔", "zh-Hant": "大眼仔", "en": "Big Eye Boy"}, offset=1),
    Road("small_road", DERIVED, {"zh-Hans": "小路", "zh-Hant": "小路", "en": "Small Road"}, offset=2),
    Road("cockroach_pig", DERIVED, {"zh-Hans": "曱甴路", "zh-Hant": "曱甴路", "en": "Cockroach Pig"}, offset=3),
)
"""In display order."""

ROAD_NAMES = tuple(road.name for road in ROADS)
GRID_ROADS = tuple(road.name for road in ROADS if road.kind != BEAD)
"""The roads drawn on a grid with `cells` (the bead plate fills its grid in order)."""
DERIVED_ROADS = tuple(road.name for road in ROADS if road.kind == DERIVED)
OFFSETS = {road.name: road.offset for road in ROADS if road.kind == DERIVED}
"""Each derived road and its offset k, in display order."""

ASK_SIDES = (BANKER, PLAYER)
"""The ask road asks what each derived road would mark after a next banker, then player."""
ASK_ROAD_LABELS = {"zh-Hans": "问路", "zh-Hant": "問路", "en": "Ask Road"}


def road(name: str) -> Road:
    return ROADS[ROAD_NAMES.index(name)]
