"""The roads as JSON, byte for byte what main served before the roads became typed objects.

tests/api/baccarat/golden/roads_json.json holds, for each shoe of roads_cases.py, the hashes main's
dict builder (roadsvc.domain.baccarat.roads.snapshot at a4c9876) gave: the snapshot's compact JSON
whole and cropped to every width 1..40; the asked snapshots (?ask=banker|player) whole and
cropped, as sorted JSON with their `asked` markers; the floor's part of the roads; every
prefix's `hand` event payload; and, for some shoes, the SVG images of every road at four
parameter sets. The CLI's line is the whole snapshot's JSON. The compiled dump is held
equal to marshmallow's own dump of the same schemas.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from roads_cases import ASK_SIDES, WIDTHS, ShoeCase, cases
from roadsvc.api.baccarat.schemas.roads import (
    RoadsSchema, SnapshotSchema, compact_json, dump_roads, road_part, roads_json, snapshot_json,
)
from roadsvc.cli.roads import print_snapshot
from roadsvc.domain.baccarat.roads.ask_preview import asked_snapshot
from roadsvc.domain.baccarat.dealing.hands import hand_from_result
from roadsvc.domain.baccarat.roads.bead_plate import hands_from_letters
from roadsvc.domain.baccarat.roads.change import newest_marks
from roadsvc.domain.baccarat.roads.snapshot import RoadSnapshot, build_snapshot, crop_snapshot
from roadsvc.render import ROADS, render
from roadsvc.render.params import RenderParams

GOLDEN = json.loads((Path(__file__).parent / "golden" / "roads_json.json").read_text(encoding="utf-8"))["shoes"]
CASES = cases()
SVG_PARAMS = [RenderParams(), RenderParams(columns=12), RenderParams(ask="banker", columns=14),
              RenderParams(ask="player")]


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:20]


def snapshot_of(case: ShoeCase) -> RoadSnapshot:
    return build_snapshot(case.hands, case.numbers, case.thresholds)


def with_asked_markers(snapshot: RoadSnapshot) -> bytes:
    """An asked snapshot as main kept it: the JSON with `asked` on the last bead and each grid."""
    document = json.loads(snapshot_json(snapshot))
    document["bead_plate"][-1]["asked"] = snapshot.asked
    for name, grid in snapshot.grids.items():
        document[name]["asked"] = grid.asked
    return json.dumps(document, ensure_ascii=False, sort_keys=True).encode()


def test_every_shoe_has_its_golden_hashes():
    assert [case.name for case in CASES] == list(GOLDEN)


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_the_snapshot_json_whole_and_cropped_is_main_s(case):
    snapshot, golden = snapshot_of(case), GOLDEN[case.name]
    assert sha(snapshot_json(snapshot)) == golden["whole"]
    assert [sha(snapshot_json(crop_snapshot(snapshot, width))) for width in WIDTHS] == golden["columns"]


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_the_asked_snapshots_whole_and_cropped_are_main_s(case):
    snapshot, golden = snapshot_of(case), GOLDEN[case.name]
    for side in ASK_SIDES:
        asked = asked_snapshot(snapshot, side)
        found = [sha(with_asked_markers(asked))]
        found += [sha(with_asked_markers(crop_snapshot(asked, width))) for width in WIDTHS]
        assert found == golden["ask"][side], side


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_the_floor_part_and_the_hand_events_are_main_s(case):
    snapshot, golden = snapshot_of(case), GOLDEN[case.name]
    floor = {"recent": [bead.result for bead in snapshot.bead_plate[-12:]], "streak": snapshot.streaks.current,
             "good_roads": snapshot.good_roads, "counts": snapshot.counts}
    assert sha(json.dumps(floor, default=road_part, ensure_ascii=False, separators=(",", ":")).encode()) \
        == golden["floor"]
    numbers = case.numbers or range(1, len(case.hands) + 1)
    events = b"\n".join(compact_json(newest_marks(case.hands[:k], numbers[:k])) for k in range(1, len(case.hands) + 1))
    assert sha(events) == golden["events"]


@pytest.mark.parametrize("case", [case for case in CASES if "svg" in GOLDEN[case.name]],
                         ids=[case.name for case in CASES if "svg" in GOLDEN[case.name]])
def test_the_images_are_main_s(case):
    snapshot = snapshot_of(case)
    svg = b"".join(render(snapshot, road, "svg", params) for road in ROADS for params in SVG_PARAMS)
    assert sha(svg) == GOLDEN[case.name]["svg"]


@pytest.mark.parametrize("case", [case for case in CASES if case.name.startswith("letters")],
                         ids=[case.name for case in CASES if case.name.startswith("letters")])
def test_the_cli_line_is_main_s(case, capsys):
    print_snapshot(list(case.hands))
    line = capsys.readouterr().out
    assert line.endswith("\n") and sha(line[:-1].encode()) == GOLDEN[case.name]["whole"]


@pytest.mark.parametrize("case", CASES[::5], ids=[case.name for case in CASES[::5]])
def test_the_compiled_dump_is_the_schema_s_own(case):
    snapshot = snapshot_of(case)
    for shown in (snapshot, crop_snapshot(snapshot, 7), crop_snapshot(snapshot, 30)):
        assert snapshot_json(shown) == compact_json(SnapshotSchema().dump(shown))
    document = {"table": {"id": 1, "name": "百家乐 1", "rule_set": "classic"}, "revision": 4, "roads": snapshot,
                "shoe": {"id": 2, "number": 1, "status": "open", "decks": 8, "burn_card": None, "burn_count": None,
                         "last_hand": None, "opened_at": "2026-11-23T21:10:00+00:00", "closed_at": None}}
    assert roads_json(document) == compact_json(RoadsSchema().dump(document)) == compact_json(dump_roads(document))


# The contract in docs/snapshot.md, by example


TOP_KEYS = ["hands", "counts", "bead_plate", "big_road", "big_eye_boy", "small_road", "cockroach_pig", "ask_road",
            "ask_preview", "good_roads", "streaks"]


def test_the_json_of_a_small_shoe_is_the_documented_one():
    hands = [
        hand_from_result("tie"),
        hand_from_result("banker", banker_pair=True, player_total=3, banker_total=9, natural=True),
        hand_from_result("tie", player_pair=True, player_total=6, banker_total=6),
        hand_from_result("player"),
        hand_from_result("player", player_pair=True),
        hand_from_result("banker"),
    ]
    bead = {"banker_pair": False, "player_pair": False, "points": None, "natural": None}
    entry = {"ties": 0, "banker_pair": False, "player_pair": False, "natural": None, "points": None}
    assert json.loads(snapshot_json(build_snapshot(hands))) == {
        "hands": 6,
        "counts": {"banker": 2, "player": 2, "tie": 2, "banker_pair": 1, "player_pair": 2, "natural": 1},
        "bead_plate": [
            {**bead, "hand": 1, "col": 0, "row": 0, "result": "tie"},
            {**bead, "hand": 2, "col": 0, "row": 1, "result": "banker", "banker_pair": True, "points": 9,
             "natural": True},
            {**bead, "hand": 3, "col": 0, "row": 2, "result": "tie", "player_pair": True, "points": 6},
            {**bead, "hand": 4, "col": 0, "row": 3, "result": "player"},
            {**bead, "hand": 5, "col": 0, "row": 4, "result": "player", "player_pair": True},
            {**bead, "hand": 6, "col": 0, "row": 5, "result": "banker"},
        ],
        "big_road": {
            "leading_ties": 1,
            "columns": [
                [{**entry, "hand": 2, "result": "banker", "ties": 1, "banker_pair": True, "natural": True,
                  "points": 9}],
                [{**entry, "hand": 4, "result": "player"}, {**entry, "hand": 5, "result": "player",
                                                            "player_pair": True}],
                [{**entry, "hand": 6, "result": "banker"}],
            ],
            "cells": [{"col": 0, "row": 0}, {"col": 1, "row": 0}, {"col": 1, "row": 1}, {"col": 2, "row": 0}],
        },
        # B1 P2 B1: big eye boy marks (1,1) blue, (2,0) blue.
        "big_eye_boy": {"columns": [["blue", "blue"]], "cells": [{"col": 0, "row": 0}, {"col": 0, "row": 1}]},
        "small_road": {"columns": [], "cells": []},
        "cockroach_pig": {"columns": [], "cells": []},
        "ask_road": {
            "banker": {"big_eye_boy": "red", "small_road": "blue", "cockroach_pig": None},
            "player": {"big_eye_boy": "blue", "small_road": "red", "cockroach_pig": None},
        },
        # A next banker goes down column 2; a next player opens column 3.
        "ask_preview": {
            "banker": {"bead_plate": {"col": 1, "row": 0, "colour": "red"},
                       "big_road": {"col": 2, "row": 1, "colour": "red"},
                       "big_eye_boy": {"col": 1, "row": 0, "colour": "red"},
                       "small_road": {"col": 0, "row": 0, "colour": "blue"},
                       "cockroach_pig": None},
            "player": {"bead_plate": {"col": 1, "row": 0, "colour": "blue"},
                       "big_road": {"col": 3, "row": 0, "colour": "blue"},
                       "big_eye_boy": {"col": 0, "row": 2, "colour": "blue"},
                       "small_road": {"col": 0, "row": 0, "colour": "red"},
                       "cockroach_pig": None},
        },
        "good_roads": [],
        "streaks": {"current": {"result": "banker", "length": 1}, "longest": {"banker": 1, "player": 2}},
    }  # fmt: skip


def test_the_json_has_the_documented_keys_in_order():
    snapshot = build_snapshot(hands_from_letters("TBPPBBBBPTPBPBPPPBBPBTTBBPB" * 3))
    document = json.loads(snapshot_json(snapshot))
    assert list(document) == TOP_KEYS
    assert list(document["bead_plate"][0]) == ["hand", "col", "row", "result", "banker_pair", "player_pair",
                                               "points", "natural"]
    assert list(document["big_road"]) == ["leading_ties", "columns", "cells"]
    assert list(document["big_road"]["columns"][0][0]) == ["hand", "result", "ties", "banker_pair", "player_pair",
                                                           "natural", "points"]
    for name in ("big_eye_boy", "small_road", "cockroach_pig"):
        assert list(document[name]) == ["columns", "cells"]
    assert list(json.loads(snapshot_json(crop_snapshot(snapshot, 3)))["big_road"]) == [
        "leading_ties", "columns", "cells", "cell_entries"]


def test_a_cropped_grid_carries_its_cell_entries_in_json():
    document = json.loads(snapshot_json(crop_snapshot(build_snapshot(hands_from_letters("BPBBBBBBBBPB")), 2)))
    assert document["big_road"]["cells"] == [{"col": 0, "row": 5}, {"col": 1, "row": 5}, {"col": 0, "row": 0},
                                             {"col": 1, "row": 0}]
    assert document["big_road"]["cell_entries"] == [8, 9, 10, 11]
    empty = json.loads(snapshot_json(crop_snapshot(build_snapshot(hands_from_letters("BPPBPT")), 40)))
    assert empty["cockroach_pig"] == {"columns": [], "cells": [], "cell_entries": []}
