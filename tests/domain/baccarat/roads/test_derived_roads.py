"""Big eye boy, small road and cockroach pig: the spec's rules and worked examples."""

import pytest

from roadsvc.domain.baccarat.roads.bead_plate import hands_from_letters
from roadsvc.domain.baccarat.roads.big_road import big_road
from roadsvc.domain.baccarat.roads.derived_roads import BLUE, RED, colour_columns, derived_marks, derived_roads, mark_at

LETTER = {RED: "R", BLUE: "B"}


def marks_of(letters):
    hands = hands_from_letters(letters)
    lengths = big_road(hands, range(1, len(hands) + 1)).lengths
    roads = {"eye": 1, "small": 2, "roach": 3}
    return {name: " ".join(LETTER[mark] for mark in derived_marks(lengths, k)) or "–" for name, k in roads.items()}


# spec/roads.md "Worked examples", as written.
@pytest.mark.parametrize(
    "hands, eye, small, roach",
    [
        ("BPPPB", "B R B", "–", "–"),
        ("BBPPB", "R R", "–", "–"),
        ("TTBPPBB", "B B R", "B", "–"),
        ("BTPPB", "B B", "–", "–"),
    ],
)
def test_worked_examples(hands, eye, small, roach):
    assert marks_of(hands) == {"eye": eye, "small": small, "roach": roach}


def test_dragon_tail_worked_example_big_eye_boy():
    assert marks_of("BPBBBBBBBBPB")["eye"] == "R B R R R R R R B B"


@pytest.mark.parametrize(
    "offset, first_down, first_new",
    [(1, (1, 1), (2, 0)), (2, (2, 1), (3, 0)), (3, (3, 1), (4, 0))],
)
def test_each_road_starts_at_its_column_row_2_else_next_column_row_1(offset, first_down, first_new):
    lengths = [1] * 6
    assert mark_at(lengths, offset, 0, offset) is None
    assert mark_at(lengths, offset - 1, 1, offset) is None
    assert mark_at(lengths, *first_down, offset) is not None
    assert mark_at(lengths, *first_new, offset) is not None


def test_new_column_is_red_when_the_two_columns_before_are_level():
    # A new column at c compares columns c-1 and c-1-k (齐整 red, else blue).
    assert mark_at([2, 2, 1], 2, 0, 1) == RED
    assert mark_at([2, 3, 1], 2, 0, 1) == BLUE
    assert mark_at([3, 2, 1, 2, 1], 4, 0, 2) == RED  # columns 3 and 1
    assert mark_at([3, 1, 1, 3, 1], 4, 0, 2) == BLUE
    assert mark_at([2, 3, 1, 2, 1], 4, 0, 3) == RED  # columns 3 and 0
    assert mark_at([1, 3, 1, 2, 1], 4, 0, 3) == BLUE


def test_going_down_compares_with_the_column_offset_to_the_left():
    lengths = [3, 5]
    assert mark_at(lengths, 1, 1, 1) == RED  # column 0 has row 1
    assert mark_at(lengths, 1, 2, 1) == RED  # column 0 has row 2
    assert mark_at(lengths, 1, 3, 1) == BLUE  # row 3 missing, row 2 there
    assert mark_at(lengths, 1, 4, 1) == RED  # two missing: the straight fall


def test_ties_add_no_mark():
    assert marks_of("BPPPB") == marks_of("BTPTTPPTBT")


def test_marks_lay_out_in_colour_columns_with_the_grid():
    road = derived_roads([1, 1, 8, 1, 1])["big_eye_boy"]
    assert road.columns == [[RED], [BLUE], [RED] * 6, [BLUE, BLUE]]
    assert road.cells == [(0, 0), (1, 0)] + [(2, row) for row in range(6)] + [(3, 0), (3, 1)]


def test_a_long_run_of_marks_gets_a_dragon_tail():
    road = derived_roads([1, 1, 12])["big_eye_boy"]
    # R (level columns), B (row 1 missing in column 1), then ten reds: the straight fall.
    assert road.columns == [[RED], [BLUE], [RED] * 10]
    assert road.cells == [(0, 0), (1, 0)] + [(2, row) for row in range(6)] + [(col, 5) for col in range(3, 7)]


def test_colour_columns_groups_runs():
    assert colour_columns([RED, RED, BLUE, RED]) == [[RED, RED], [BLUE], [RED]]
    assert colour_columns([]) == []
