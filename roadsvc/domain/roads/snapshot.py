"""The road snapshot: one JSON-ready document with every road of a shoe (docs/snapshot.md).

It is rebuilt on every write, so everything here is a single pass over the hands or
over the big road's entries: the derived roads, the ask road and the good roads read
column lengths and never replay the shoe. `crop_snapshot` cuts it to a display's width.
"""

from __future__ import annotations

from typing import Any, Sequence

from roadsvc.domain.roads.ask_preview import ask_preview
from roadsvc.domain.roads.ask_road import ask_road
from roadsvc.domain.roads.bead_plate import Bead, bead_plate
from roadsvc.domain.roads.big_road import BigRoadEntry, big_road
from roadsvc.domain.roads.derived_roads import derived_roads
from roadsvc.domain.errors import DomainError
from roadsvc.domain.roads.good_roads import GoodRoad, GoodRoadThresholds, good_roads
from roadsvc.domain.roads.grid import Cell
from roadsvc.domain.dealing.hands import Hand
from roadsvc.domain.roads.registry import GRID_ROADS
from roadsvc.domain.roads.statistics import Counts, Streaks, counts, streaks

Snapshot = dict[str, Any]


def build_snapshot(
    hands: Sequence[Hand],
    numbers: Sequence[int] | None = None,
    thresholds: GoodRoadThresholds | None = None,
) -> Snapshot:
    """Every road of a shoe's counted hands, in the form of docs/snapshot.md.

    `numbers` are the hands' 1-based numbers in the shoe (voids leave gaps), 1..n by default.
    """
    numbers = _check_numbers(hands, numbers)
    road = big_road(hands, numbers)
    lengths = road.lengths
    snapshot: Snapshot = {
        "hands": len(hands),
        "counts": _counts_json(counts(hands)),
        "bead_plate": [_bead_json(bead) for bead in bead_plate(hands, numbers)],
        "big_road": {
            "leading_ties": road.leading_ties,
            "columns": [[_entry_json(entry) for entry in column] for column in road.columns],
            "cells": _cells_json(road.cells()),
        },
    }
    derived = derived_roads(lengths)
    for name, one in derived.items():
        snapshot[name] = {"columns": one.columns, "cells": _cells_json(one.cells)}
    snapshot["ask_road"] = ask_road(lengths, road.last_side)
    derived_columns = {name: one.columns for name, one in derived.items()}
    snapshot["ask_preview"] = ask_preview(lengths, road.last_side, len(hands), derived_columns)
    snapshot["good_roads"] = [_good_road_json(good) for good in good_roads(road.columns, thresholds)]
    snapshot["streaks"] = _streaks_json(streaks(road.columns))
    return snapshot


def _check_numbers(hands: Sequence[Hand], numbers: Sequence[int] | None) -> Sequence[int]:
    if numbers is None:
        return range(1, len(hands) + 1)
    if len(numbers) != len(hands):
        raise DomainError("numbers_mismatch", f"{len(numbers)} hand numbers for {len(hands)} hands", "numbers")
    return numbers


def _counts_json(tally: Counts) -> dict[str, int]:
    return {
        "banker": tally.banker,
        "player": tally.player,
        "tie": tally.tie,
        "banker_pair": tally.banker_pair,
        "player_pair": tally.player_pair,
        "natural": tally.natural,
    }


def _bead_json(bead: Bead) -> dict[str, Any]:
    return {
        "hand": bead.hand,
        "col": bead.col,
        "row": bead.row,
        "result": bead.result,
        "banker_pair": bead.banker_pair,
        "player_pair": bead.player_pair,
        "points": bead.points,
        "natural": bead.natural,
    }


def _entry_json(entry: BigRoadEntry) -> dict[str, Any]:
    return {
        "hand": entry.hand,
        "result": entry.result,
        "ties": entry.ties,
        "banker_pair": entry.banker_pair,
        "player_pair": entry.player_pair,
        "natural": entry.natural,
        "points": entry.points,
    }


def _cells_json(cells: Sequence[Cell]) -> list[dict[str, int]]:
    return [{"col": col, "row": row} for col, row in cells]


def _good_road_json(good: GoodRoad) -> dict[str, Any]:
    return {"code": good.code, "name": good.name, "name_en": good.name_en, "since_hand": good.since_hand}


def _streaks_json(found: Streaks) -> dict[str, Any]:
    current = None if found.current is None else {"result": found.current.result, "length": found.current.length}
    return {"current": current, "longest": {"banker": found.longest_banker, "player": found.longest_player}}


def crop_snapshot(snapshot: Snapshot, columns: int) -> Snapshot:
    """The snapshot cut to the newest `columns` drawn columns of each grid and the bead plate.

    Each grid is cut on its own newest columns. A road's kept cells get `col` re-based
    to 0 and `cell_entries` (each kept cell's entry index in arrival order); logical
    `columns` stay whole. Returns a new dict; the input is not changed (unchanged parts
    are shared with it, so treat both as read-only).
    """
    if isinstance(columns, bool) or not isinstance(columns, int) or columns < 1:
        raise DomainError("invalid_columns", "columns must be a whole number of at least 1", "columns")
    cropped = dict(snapshot)
    cropped["bead_plate"] = _crop_beads(snapshot["bead_plate"], columns)
    for name in GRID_ROADS:
        cropped[name] = _crop_road(snapshot[name], columns)
    if "ask_preview" in snapshot:
        cropped["ask_preview"] = _crop_preview(snapshot, columns)
    return cropped


def _crop_preview(snapshot: Snapshot, columns: int) -> dict[str, Any]:
    """Preview cells re-based like their road's kept cells (a next column may lie just past the window)."""
    firsts = {"bead_plate": _window_start([bead["col"] for bead in snapshot["bead_plate"][-1:]], columns)}
    for name in GRID_ROADS:
        firsts[name] = _window_start([cell["col"] for cell in snapshot[name]["cells"]], columns)
    return {
        side: {road: None if cell is None else {**cell, "col": cell["col"] - firsts[road]}
               for road, cell in preview.items()}
        for side, preview in snapshot["ask_preview"].items()
    }


def _window_start(cols: Sequence[int], columns: int) -> int:
    """The first drawn column kept, `cols` being the drawn columns in arrival order.

    The window ends at the newest mark's column, so the newest marks are always shown
    with the ones before them: after a dragon tail the newest column sits left of the
    tail's end, and the part of the (older) tail right of it is left out. 0 when empty.
    """
    return max(cols[-1] - columns + 1, 0) if cols else 0


def _crop_beads(beads: list[dict[str, Any]], columns: int) -> list[dict[str, Any]]:
    first = _window_start([bead["col"] for bead in beads[-1:]], columns)
    return [{**bead, "col": bead["col"] - first} for bead in beads if bead["col"] >= first]


def _crop_road(road: dict[str, Any], columns: int) -> dict[str, Any]:
    cells = road["cells"]
    first = _window_start([cell["col"] for cell in cells], columns)
    kept = [(index, cell) for index, cell in enumerate(cells) if first <= cell["col"] < first + columns]
    return {
        **road,
        "cells": [{"col": cell["col"] - first, "row": cell["row"]} for _, cell in kept],
        "cell_entries": [index for index, _ in kept],
    }
