"""The ask-road preview (问路 with places): where a next banker or player would be drawn.

For each side, the drawn cell (col, row) and colour the next mark would take on the
bead plate, the big road and each derived road, laid out by the very same rules a
posted hand follows (grid.draw_columns, dragon tails included): the preview extends
the column lengths as the hand would and asks the layout for its last cell. A derived
road that would make no mark gets None.

`asked_snapshot` applies a preview to a snapshot's grids, as if the hand were posted,
so that a renderer (or a display) can draw the hypothetical mark in its own window.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from roadsvc.domain.roads.ask_road import ASK_SIDES, next_position
from roadsvc.domain.roads.bead_plate import bead_position
from roadsvc.domain.roads.derived_roads import BLUE, OFFSETS, RED, mark_at
from roadsvc.domain.roads.grid import draw_columns
from roadsvc.domain.dealing.hands import BANKER

PREVIEW_ROADS = ("bead_plate", "big_road", *OFFSETS)
"""The roads a preview places a mark on, in display order."""
Preview = dict[str, dict[str, Any] | None]


def side_colour(side: str) -> str:
    """The colour a result's mark is drawn in on the bead plate and the big road."""
    return RED if side == BANKER else BLUE


def extended(lengths: Sequence[int], last: str | None, new: str) -> list[int]:
    """Column lengths after one more entry `new`: down the newest column if it is the same, else a new one."""
    if lengths and new == last:
        return [*lengths[:-1], lengths[-1] + 1]
    return [*lengths, 1]


def last_cell(lengths: Sequence[int]) -> tuple[int, int]:
    """The drawn cell of the newest entry of columns of these lengths."""
    return draw_columns(lengths)[-1]


def ask_preview(
    lengths: Sequence[int],
    last_side: str | None,
    beads: int,
    derived_columns: Mapping[str, Sequence[Sequence[str]]],
) -> dict[str, Preview]:
    """{"banker": {road: {"col", "row", "colour"} or None}, "player": {...}}.

    `lengths` and `last_side` describe the big road's logical columns, `beads` is the
    number of beads on the bead plate (hands that count), `derived_columns` each derived
    road's logical colour columns.
    """
    return {side: _side_preview(lengths, last_side, beads, derived_columns, side) for side in ASK_SIDES}


def _side_preview(lengths, last_side, beads, derived_columns, side: str) -> Preview:
    colour = side_colour(side)
    preview: Preview = {
        "bead_plate": _cell(bead_position(beads), colour),
        "big_road": _cell(last_cell(extended(lengths, last_side, side)), colour),
    }
    position = next_position(lengths, last_side, side)
    for name, offset in OFFSETS.items():
        mark = None if position is None else mark_at(lengths, position[0], position[1], offset)
        preview[name] = None if mark is None else _derived_cell(derived_columns[name], mark)
    return preview


def _derived_cell(columns: Sequence[Sequence[str]], mark: str) -> dict[str, Any]:
    last = columns[-1][0] if columns else None
    return _cell(last_cell(extended([len(column) for column in columns], last, mark)), mark)


def _cell(cell: tuple[int, int], colour: str) -> dict[str, Any]:
    return {"col": cell[0], "row": cell[1], "colour": colour}


def asked_snapshot(snapshot: Mapping[str, Any], side: str) -> dict[str, Any]:
    """The snapshot's grids as if a `side` hand were posted next, each road marked `"asked": side`.

    The hypothetical mark is the newest of each road (the last bead, the last big-road
    entry, the last derived mark), at the cell the preview gives. Counts, statistics,
    the ask road and the good roads are left as they are: only the drawn grids change.
    Returns a new dict; the input is not changed.
    """
    preview = snapshot["ask_preview"][side]
    beads = snapshot["bead_plate"]
    number = beads[-1]["hand"] + 1 if beads else 1
    asked = dict(snapshot)
    asked["bead_plate"] = [*beads, _asked_bead(number, preview["bead_plate"], side)]
    asked["big_road"] = _asked_big_road(snapshot["big_road"], preview["big_road"], side, number)
    for name in OFFSETS:
        asked[name] = _asked_derived(snapshot[name], preview[name], side)
    return asked


def _asked_bead(number: int, cell: dict[str, Any], side: str) -> dict[str, Any]:
    return {"hand": number, "col": cell["col"], "row": cell["row"], "result": side, "banker_pair": False,
            "player_pair": False, "points": None, "natural": None, "asked": side}


def _asked_big_road(road: dict[str, Any], cell: dict[str, Any], side: str, number: int) -> dict[str, Any]:
    columns = [list(column) for column in road["columns"]]
    entry = {"hand": number, "result": side, "ties": 0, "banker_pair": False, "player_pair": False,
             "natural": None, "points": None}
    if columns and columns[-1][0]["result"] == side:
        columns[-1].append(entry)
    else:
        columns.append([entry])
    return {**road, "columns": columns, "cells": [*road["cells"], _plain(cell)], "asked": side}


def _asked_derived(road: dict[str, Any], cell: dict[str, Any] | None, side: str) -> dict[str, Any]:
    if cell is None:
        return {**road, "asked": None}
    columns = [list(column) for column in road["columns"]]
    if columns and columns[-1][0] == cell["colour"]:
        columns[-1].append(cell["colour"])
    else:
        columns.append([cell["colour"]])
    return {**road, "columns": columns, "cells": [*road["cells"], _plain(cell)], "asked": side}


def _plain(cell: dict[str, Any]) -> dict[str, int]:
    return {"col": cell["col"], "row": cell["row"]}
