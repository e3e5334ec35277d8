"""Every road roadsvc draws, in one place: its name, kind, label and (derived roads) offset.

The domain builds the snapshot from it, the renderer lays out and labels its panels
from it, the API documents it, and docs name its labels. Adding a road is an entry
here, its function (domain), its mark (render/marks.py) and its tests.
"""

from __future__ import annotations

from dataclasses import dataclass

from roadsvc.domain.baccarat.dealing.hands import BANKER, PLAYER
from roadsvc.domain.messages import N_

BEAD, BIG, DERIVED = "bead", "big", "derived"
"""Kinds: the bead plate (one bead a hand), the big road, and the roads derived from it."""


@dataclass(frozen=True, slots=True)
class Road:
    name: str
    kind: str
    label: str  # its English name, a message id: the catalogues hold 珠盘路, 大路 ... (translated where shown)
    offset: int | None = None  # derived roads: the column compared with (spec/roads.md)


ROADS: tuple[Road, ...] = (
    Road("bead_plate", BEAD, N_("Bead Plate")),
    Road("big_road", BIG, N_("Big Road")),
    Road("big_eye_boy", DERIVED, N_("Big Eye Boy"), offset=1),
    Road("small_road", DERIVED, N_("Small Road"), offset=2),
    Road("cockroach_pig", DERIVED, N_("Cockroach Pig"), offset=3),
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
ASK_ROAD_LABEL = N_("Ask Road")  # 问路


def road(name: str) -> Road:
    return ROADS[ROAD_NAMES.index(name)]
