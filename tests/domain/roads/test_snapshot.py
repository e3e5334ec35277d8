"""build_snapshot and crop_snapshot against the contract in docs/snapshot.md."""

import copy
import json

import pytest

from roadsvc.domain.roads.bead_plate import hands_from_letters
from roadsvc.domain.errors import DomainError
from roadsvc.domain.roads.good_roads import GoodRoadThresholds
from roadsvc.domain.dealing.hands import hand_from_result
from roadsvc.domain.roads.snapshot import build_snapshot, crop_snapshot

TOP_KEYS = [
    "hands", "counts", "bead_plate", "big_road", "big_eye_boy", "small_road",
    "cockroach_pig", "ask_road", "ask_preview", "good_roads", "streaks",
]  # fmt: skip


def snapshot_of(letters, **kwargs):
    return build_snapshot(hands_from_letters(letters), **kwargs)


def only_json_types(value):
    if isinstance(value, dict):
        return all(isinstance(k, str) and only_json_types(v) for k, v in value.items())
    if isinstance(value, list):
        return all(only_json_types(v) for v in value)
    return value is None or isinstance(value, (str, int, bool))


def test_whole_snapshot_of_a_small_shoe():
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
    assert build_snapshot(hands) == {
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


def test_snapshot_is_json_ready_with_the_documented_keys():
    snapshot = snapshot_of("TBPPBBBBPTPBPBPPPBBPBTTBBPB" * 3)
    assert list(snapshot) == TOP_KEYS
    assert only_json_types(snapshot)
    assert json.loads(json.dumps(snapshot, ensure_ascii=False)) == snapshot
    assert set(snapshot["bead_plate"][0]) == {
        "hand", "col", "row", "result", "banker_pair", "player_pair", "points", "natural"
    }  # fmt: skip
    assert set(snapshot["big_road"]["columns"][0][0]) == {
        "hand", "result", "ties", "banker_pair", "player_pair", "natural", "points"
    }  # fmt: skip
    for name in ("big_road", "big_eye_boy", "small_road", "cockroach_pig"):
        road = snapshot[name]
        assert len(road["cells"]) == sum(len(column) for column in road["columns"])
        assert all(set(cell) == {"col", "row"} for cell in road["cells"])


def test_good_roads_in_the_snapshot_carry_names_and_since_hand():
    snapshot = snapshot_of("PBBBB")
    assert snapshot["good_roads"] == [{"code": "long_banker", "name": "长庄", "name_en": "Long Banker", "since_hand": 2}]


def test_thresholds_reach_the_good_roads():
    assert snapshot_of("PBBBB", thresholds=GoodRoadThresholds(long_banker=5))["good_roads"] == []


def test_numbers_with_gaps_name_the_hands():
    snapshot = snapshot_of("PBBBB", numbers=[1, 2, 4, 5, 9])
    assert [bead["hand"] for bead in snapshot["bead_plate"]] == [1, 2, 4, 5, 9]
    assert [entry["hand"] for entry in snapshot["big_road"]["columns"][1]] == [2, 4, 5, 9]
    assert snapshot["good_roads"][0]["since_hand"] == 2


def test_numbers_must_match_the_hands():
    with pytest.raises(DomainError) as caught:
        snapshot_of("BPB", numbers=[1, 2])
    assert caught.value.code == "numbers_mismatch" and caught.value.field == "numbers"


def test_empty_shoe():
    snapshot = build_snapshot([])
    assert snapshot["hands"] == 0 and snapshot["bead_plate"] == []
    assert snapshot["big_road"] == {"leading_ties": 0, "columns": [], "cells": []}
    assert snapshot["ask_road"]["banker"] == {"big_eye_boy": None, "small_road": None, "cockroach_pig": None}
    assert snapshot["streaks"] == {"current": None, "longest": {"banker": 0, "player": 0}}


def test_crop_keeps_the_newest_columns_rebased_with_entry_indexes():
    snapshot = snapshot_of("BPBBBBBBBBPB")  # dragon tail: big road cells reach column 4
    original = copy.deepcopy(snapshot)
    cropped = crop_snapshot(snapshot, 2)
    assert snapshot == original
    big = cropped["big_road"]
    # Columns 3 and 4: the tail (3,5), (4,5), then P (3,0) and B (4,0).
    assert big["cells"] == [{"col": 0, "row": 5}, {"col": 1, "row": 5}, {"col": 0, "row": 0}, {"col": 1, "row": 0}]
    assert big["cell_entries"] == [8, 9, 10, 11]
    assert big["columns"] == snapshot["big_road"]["columns"]
    assert [bead["hand"] for bead in cropped["bead_plate"]] == list(range(1, 13))
    assert crop_snapshot(snapshot, 1)["bead_plate"] == [
        {**bead, "col": 0} for bead in snapshot["bead_plate"][6:]
    ]


def test_crop_wider_than_the_grid_keeps_everything():
    snapshot = snapshot_of("BPPBPT")
    cropped = crop_snapshot(snapshot, 40)
    assert cropped["big_road"]["cells"] == snapshot["big_road"]["cells"]
    assert cropped["big_road"]["cell_entries"] == [0, 1, 2, 3, 4]
    assert cropped["bead_plate"] == snapshot["bead_plate"]
    assert cropped["cockroach_pig"] == {"columns": [], "cells": [], "cell_entries": []}


@pytest.mark.parametrize("columns", [0, -3, True, "5"])
def test_crop_refuses_a_bad_width(columns):
    with pytest.raises(DomainError) as caught:
        crop_snapshot(snapshot_of("BP"), columns)
    assert caught.value.code == "invalid_columns"


def test_docs_describe_every_top_key_and_the_preview():
    from pathlib import Path

    text = (Path(__file__).resolve().parents[3] / "docs" / "snapshot.md").read_text(encoding="utf-8")
    for key in TOP_KEYS:
        assert f'"{key}"' in text, key
    for road in ("bead_plate", "big_road", "big_eye_boy", "small_road", "cockroach_pig"):
        assert f'"{road}":' in text.split("ask_preview", 1)[1], road
