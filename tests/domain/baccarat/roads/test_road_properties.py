"""Properties of the roads over random shoes (hypothesis), and a naive cross-check.

The derived roads are recomputed here by a deliberately naive second implementation
that follows the seed text literally: it keeps the big road as a set of cells as they
stood when each entry arrived and compares positions "水平方式跟前一列作对比", instead of
reading final column lengths as the engine does.
"""

from hypothesis import given
from hypothesis import strategies as st

from roadsvc.domain.baccarat.roads.bead_plate import hands_from_letters
from roadsvc.domain.baccarat.roads.derived_roads import OFFSETS
from roadsvc.domain.baccarat.roads.grid import ROWS, draw_columns
from roadsvc.domain.baccarat.roads.registry import GRID_ROADS
from roadsvc.domain.baccarat.roads.snapshot import build_snapshot, crop_snapshot

DERIVED = list(OFFSETS)
# Runs of one letter, so long columns and dragon tails are common.
runs = st.lists(st.tuples(st.sampled_from("BPT"), st.integers(1, 10)), max_size=40)
shoes = runs.map(lambda parts: "".join(letter * count for letter, count in parts)) | st.text("BPT", max_size=90)


def snapshot_of(letters):
    return build_snapshot(hands_from_letters(letters))


def marks(snapshot, name):
    return snapshot.grids[name].entries()


def naive_marks(letters, offset):
    """Derived-road marks computed cell by cell on the big road as it grows."""
    grid = set()
    col = row = -1
    last = None
    found = []
    for letter in letters:
        if letter == "T":
            continue
        if letter == last:
            row += 1
        else:
            col, row, last = col + 1, 0, letter
        grid.add((col, row))
        if row >= 1 and col >= offset:  # 向下: compare across with the column `offset` left
            if (col - offset, row) in grid:
                found.append("red")
            elif (col - offset, row - 1) in grid:
                found.append("blue")
            else:
                found.append("red")
        elif row == 0 and col >= offset + 1:  # 换列: are the two earlier columns level (齐整)?
            level = all(((col - 1, r) in grid) == ((col - 1 - offset, r) in grid) for r in range(len(letters)))
            found.append("red" if level else "blue")
    return found


@given(shoes)
def test_derived_roads_match_the_naive_implementation(letters):
    snapshot = snapshot_of(letters)
    for name, offset in OFFSETS.items():
        assert marks(snapshot, name) == naive_marks(letters, offset), name


@given(shoes)
def test_ask_road_marks_are_opposite_or_both_null(letters):
    asked = snapshot_of(letters).ask_road
    for name in DERIVED:
        banker, player = asked["banker"][name], asked["player"][name]
        assert {banker, player} in ({None}, {"red", "blue"}), (name, banker, player)


@given(shoes, st.sampled_from(["banker", "player"]))
def test_appending_the_asked_result_gives_the_asked_marks(letters, side):
    before = snapshot_of(letters)
    after = snapshot_of(letters + side[0].upper())
    for name in DERIVED:
        asked = before.ask_road[side][name]
        added = marks(after, name)[len(marks(before, name)) :]
        assert added == ([] if asked is None else [asked]), name


def assert_drawn_grid_is_sound(road):
    cells = road.cells
    assert len(cells) == sum(len(column) for column in road.columns)
    assert len(set(cells)) == len(cells), "two entries in one cell"
    assert all(0 <= row < ROWS and col >= 0 for col, row in cells)
    index = 0
    starts = []
    for column in road.columns:
        drawn = cells[index : index + len(column)]
        index += len(column)
        assert drawn[0][1] == 0, "a column starts at row 0"
        starts.append(drawn[0][0])
        turned = False
        for (col, row), (next_col, next_row) in zip(drawn, drawn[1:]):
            down = (next_col, next_row) == (col, row + 1)
            right = (next_col, next_row) == (col + 1, row)
            assert down or right, "cells of a column are contiguous"
            assert not (turned and down), "a dragon tail never turns back down"
            turned = turned or right
    assert starts == sorted(set(starts)), "each column starts right of the previous one"


def literal_cells(lengths):
    """The drawn-grid rule read literally, with a set of taken cells (the reference)."""
    taken, cells, start = set(), [], -1
    for length in lengths:
        start += 1
        while (start, 0) in taken:
            start += 1
        col, row, turned = start, 0, False
        for index in range(length):
            if index:
                if not turned and row + 1 < ROWS and (col, row + 1) not in taken:
                    row += 1
                else:
                    col, turned = col + 1, True
            taken.add((col, row))
            cells.append((col, row))
    return cells


@given(st.lists(st.integers(1, 14), max_size=40))
def test_drawn_grid_matches_the_literal_rule(lengths):
    assert draw_columns(lengths) == literal_cells(lengths)


@given(shoes)
def test_drawn_grids_never_share_a_cell_and_columns_are_contiguous(letters):
    snapshot = snapshot_of(letters)
    for name in GRID_ROADS:
        assert_drawn_grid_is_sound(snapshot.grids[name])


@given(shoes)
def test_every_hand_appears_once_on_the_bead_plate(letters):
    beads = snapshot_of(letters).bead_plate
    assert [bead.hand for bead in beads] == list(range(1, len(letters) + 1))
    for index, bead in enumerate(beads):
        assert (bead.col, bead.row) == (index // 6, index % 6)
        assert bead.result[0].upper() == letters[index]


@given(shoes)
def test_big_road_entries_are_the_banker_and_player_hands_in_order(letters):
    big = snapshot_of(letters).grids["big_road"]
    entries = big.entries()
    wins = [number for number, letter in enumerate(letters, start=1) if letter != "T"]
    assert [entry.hand for entry in entries] == wins
    leading = len(letters) - len(letters.lstrip("T")) if wins else len(letters)
    assert big.leading_ties == leading
    assert big.leading_ties + sum(entry.ties for entry in entries) == letters.count("T")


@given(shoes, st.integers(1, 30))
def test_crop_keeps_exactly_the_cells_in_the_window(letters, width):
    snapshot = snapshot_of(letters)
    cropped = crop_snapshot(snapshot, width)
    for name in GRID_ROADS:
        cells = snapshot.grids[name].cells
        first = max(cells[-1].col - width + 1, 0) if cells else 0  # the window ends at the newest mark's column
        expected = [index for index, (col, _) in enumerate(cells) if first <= col < first + width]
        assert not cells or len(cells) - 1 in expected  # the newest mark is always kept
        assert cropped.grids[name].cell_entries == expected
        assert cropped.grids[name].cells == [(cells[index].col - first, cells[index].row) for index in expected]
        assert all(0 <= cell.col < width for cell in cropped.grids[name].cells)
        assert cropped.grids[name].columns == snapshot.grids[name].columns
    beads = snapshot.bead_plate
    first_bead_col = max(len(beads) - 1, 0) // 6 - width + 1
    assert [bead.hand for bead in cropped.bead_plate] == [bead.hand for bead in beads if bead.col >= first_bead_col]
    assert all(0 <= bead.col < width for bead in cropped.bead_plate)


@given(shoes, st.lists(st.integers(0, 200), max_size=10))
def test_ties_anywhere_never_make_or_break_a_good_road(letters, places):
    with_ties = letters
    for place in places:
        cut = place % (len(with_ties) + 1)
        with_ties = with_ties[:cut] + "T" + with_ties[cut:]
    codes = [good.code for good in snapshot_of(letters).good_roads]
    assert [good.code for good in snapshot_of(with_ties).good_roads] == codes


@given(shoes)
def test_good_roads_begin_at_the_first_hand_of_a_big_road_column(letters):
    snapshot = snapshot_of(letters)
    column_starts = {column[0].hand for column in snapshot.grids["big_road"].columns}
    codes = [good.code for good in snapshot.good_roads]
    assert len(codes) == len(set(codes))
    assert all(good.since_hand in column_starts for good in snapshot.good_roads)
