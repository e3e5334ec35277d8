"""The ask-road preview: the drawn cell and colour a next banker or player would take on every road."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from roadsvc.domain.baccarat.roads.ask_preview import PREVIEW_ROADS, AskedCell, asked_snapshot
from roadsvc.domain.baccarat.roads.bead_plate import hands_from_letters
from roadsvc.domain.baccarat.roads.snapshot import build_snapshot, crop_snapshot

# Runs of one letter make long columns and dragon tails common; plain text covers the rest.
runs = st.lists(st.tuples(st.sampled_from("BPT"), st.integers(1, 10)), max_size=40)
shoes = runs.map(lambda parts: "".join(letter * count for letter, count in parts)) | st.text("BPT", max_size=90)
SIDES = st.sampled_from(["banker", "player"])


def snapshot_of(letters):
    return build_snapshot(hands_from_letters(letters))


def newest_mark(snapshot, road):
    """(col, row, colour) of the newest mark of a road, or None if it has none."""
    if road == "bead_plate":
        if not snapshot.bead_plate:
            return None
        bead = snapshot.bead_plate[-1]
        return AskedCell(bead.col, bead.row, {"banker": "red", "player": "blue", "tie": "green"}[bead.result])
    grid = snapshot.grids[road]
    if not grid.cells:
        return None
    if road == "big_road":
        colour = {"banker": "red", "player": "blue"}[grid.columns[-1][-1].result]
    else:
        colour = grid.columns[-1][-1]
    return AskedCell(*grid.cells[-1], colour)


def mark_count(snapshot, road):
    return len(snapshot.bead_plate) if road == "bead_plate" else len(snapshot.grids[road].cells)


@given(shoes, SIDES)
def test_posting_the_asked_result_lands_exactly_on_the_previewed_cell(letters, side):
    before = snapshot_of(letters)
    after = snapshot_of(letters + side[0].upper())
    for road in PREVIEW_ROADS:
        preview = before.ask_preview[side][road]
        if preview is None:
            assert mark_count(after, road) == mark_count(before, road), road
        else:
            assert mark_count(after, road) == mark_count(before, road) + 1, road
            assert newest_mark(after, road) == preview, road


@given(shoes, SIDES)
def test_preview_colours_agree_with_the_ask_road(letters, side):
    snapshot = snapshot_of(letters)
    for road, colour in snapshot.ask_road[side].items():
        cell = snapshot.ask_preview[side][road]
        assert (cell and cell.colour) == colour


@given(shoes, SIDES)
def test_asked_snapshot_draws_the_grids_of_the_posted_hand(letters, side):
    before = snapshot_of(letters)
    posted = snapshot_of(letters + side[0].upper())
    asked = asked_snapshot(before, side)
    for road in ("big_road", "big_eye_boy", "small_road", "cockroach_pig"):
        assert asked.grids[road].cells == posted.grids[road].cells, road
        assert asked.grids[road].columns == posted.grids[road].columns or road == "big_road"
        marked = asked.grids[road].cells != before.grids[road].cells
        assert asked.grids[road].asked == (side if marked else None), road
    assert [(b.col, b.row, b.result) for b in asked.bead_plate] == [(b.col, b.row, b.result) for b in posted.bead_plate]
    assert asked.asked == side and before.asked is None
    assert before == snapshot_of(letters), "the input is not changed"


def test_dragon_tail_preview():
    # Six bankers fill column 0; the seventh banker turns right along the bottom row.
    preview = snapshot_of("BBBBBB").ask_preview
    assert preview["banker"]["big_road"] == AskedCell(col=1, row=5, colour="red")
    assert preview["player"]["big_road"] == AskedCell(col=1, row=0, colour="blue")
    assert preview["banker"]["bead_plate"] == AskedCell(col=1, row=0, colour="red")


def test_a_column_under_a_tail_turns_early():
    # B x7 (tail reaches col 1 on row 5), then P x6 starts at col 1 and must turn at row 4.
    preview = snapshot_of("BBBBBBB" + "PPPPP").ask_preview
    assert preview["player"]["big_road"] == AskedCell(col=2, row=4, colour="blue")


def test_empty_and_tie_only_shoes_preview_the_first_cells():
    for letters in ("", "TT"):
        preview = snapshot_of(letters).ask_preview["banker"]
        assert preview["big_road"] == AskedCell(col=0, row=0, colour="red")
        assert preview["big_eye_boy"] is None and preview["cockroach_pig"] is None
    assert snapshot_of("TT").ask_preview["player"]["bead_plate"] == AskedCell(col=0, row=2, colour="blue")


def test_derived_preview_from_the_worked_example():
    # spec worked example BPPPB: ask banker -> big eye boy red, small road blue.
    preview = snapshot_of("BPPPB").ask_preview["banker"]
    assert preview["big_eye_boy"].colour == "red" and preview["small_road"].colour == "blue"
    assert preview["cockroach_pig"] is None


@pytest.mark.parametrize("columns", [1, 3])
def test_crop_rebases_the_preview_like_its_road(columns):
    snapshot = snapshot_of("BBPPBPBPPPBBBBBBBBPB" * 2)
    cropped = crop_snapshot(snapshot, columns)
    for side in ("banker", "player"):
        for road in ("big_road", "big_eye_boy"):
            whole, cut = snapshot.ask_preview[side][road], cropped.ask_preview[side][road]
            kept = snapshot.grids[road].cells[cropped.grids[road].cell_entries[0]]
            assert whole.col - cut.col == kept.col - cropped.grids[road].cells[0].col
