"""build_snapshot and crop_snapshot against the contract in docs/snapshot.md (its JSON is
tested where it is written, tests/api/baccarat/test_roads_json.py)."""

import copy

import pytest

from roadsvc.domain.baccarat.roads.bead_plate import hands_from_letters
from roadsvc.domain.errors import DomainError
from roadsvc.domain.baccarat.roads.good_roads import GoodRoadThresholds
from roadsvc.domain.baccarat.roads.grid import CroppedGrid, RoadGrid
from roadsvc.domain.baccarat.roads.snapshot import build_snapshot, crop_snapshot
from roadsvc.domain.baccarat.roads.statistics import Streaks

TOP_KEYS = [
    "hands", "counts", "bead_plate", "big_road", "big_eye_boy", "small_road",
    "cockroach_pig", "ask_road", "ask_preview", "good_roads", "streaks",
]  # fmt: skip


def snapshot_of(letters, **kwargs):
    return build_snapshot(hands_from_letters(letters), **kwargs)


def test_good_roads_in_the_snapshot_carry_names_and_since_hand():
    (good,) = snapshot_of("PBBBB").good_roads
    assert (good.code, good.name_en, good.since_hand) == ("long_banker", "Long Banker", 2)


def test_thresholds_reach_the_good_roads():
    assert snapshot_of("PBBBB", thresholds=GoodRoadThresholds(long_banker=5)).good_roads == []


def test_numbers_with_gaps_name_the_hands():
    snapshot = snapshot_of("PBBBB", numbers=[1, 2, 4, 5, 9])
    assert [bead.hand for bead in snapshot.bead_plate] == [1, 2, 4, 5, 9]
    assert [entry.hand for entry in snapshot.grids["big_road"].columns[1]] == [2, 4, 5, 9]
    assert snapshot.good_roads[0].since_hand == 2


def test_numbers_must_match_the_hands():
    with pytest.raises(DomainError) as caught:
        snapshot_of("BPB", numbers=[1, 2])
    assert caught.value.code == "numbers_mismatch" and caught.value.field == "numbers"


def test_empty_shoe():
    snapshot = build_snapshot([])
    assert snapshot.hands == 0 and snapshot.bead_plate == []
    assert snapshot.grids["big_road"] == RoadGrid(columns=[], cells=[], leading_ties=0)
    assert snapshot.ask_road["banker"] == {"big_eye_boy": None, "small_road": None, "cockroach_pig": None}
    assert snapshot.streaks == Streaks(current=None, longest={"banker": 0, "player": 0})


def test_crop_keeps_the_newest_columns_rebased_with_entry_indexes():
    snapshot = snapshot_of("BPBBBBBBBBPB")  # dragon tail: big road cells reach column 4
    original = copy.deepcopy(snapshot)
    cropped = crop_snapshot(snapshot, 2)
    assert snapshot == original
    big = cropped.grids["big_road"]
    # Columns 3 and 4: the tail (3,5), (4,5), then P (3,0) and B (4,0).
    assert big.cells == [(0, 5), (1, 5), (0, 0), (1, 0)]
    assert big.cell_entries == [8, 9, 10, 11]
    assert big.columns == snapshot.grids["big_road"].columns
    assert [bead.hand for bead in cropped.bead_plate] == list(range(1, 13))
    assert crop_snapshot(snapshot, 1).bead_plate == [bead._replace(col=0) for bead in snapshot.bead_plate[6:]]


def test_crop_wider_than_the_grid_keeps_everything():
    snapshot = snapshot_of("BPPBPT")
    cropped = crop_snapshot(snapshot, 40)
    assert cropped.grids["big_road"].cells == snapshot.grids["big_road"].cells
    assert cropped.grids["big_road"].cell_entries == [0, 1, 2, 3, 4]
    assert cropped.bead_plate == snapshot.bead_plate
    assert cropped.grids["cockroach_pig"] == CroppedGrid(columns=[], cells=[], cell_entries=[])


@pytest.mark.parametrize("columns", [0, -3, True, "5"])
def test_crop_refuses_a_bad_width(columns):
    with pytest.raises(DomainError) as caught:
        crop_snapshot(snapshot_of("BP"), columns)
    assert caught.value.code == "invalid_columns"


def test_docs_describe_every_top_key_and_the_preview():
    from pathlib import Path

    text = (Path(__file__).resolve().parents[4] / "docs" / "snapshot.md").read_text(encoding="utf-8")
    for key in TOP_KEYS:
        assert f'"{key}"' in text, key
    for road in ("bead_plate", "big_road", "big_eye_boy", "small_road", "cockroach_pig"):
        assert f'"{road}":' in text.split("ask_preview", 1)[1], road
