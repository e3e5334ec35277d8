"""The big road: logical columns with ties on entries, and the drawn grid with dragon tails."""

from roadsvc.domain.baccarat.roads.bead_plate import hands_from_letters
from roadsvc.domain.baccarat.roads.big_road import big_road
from roadsvc.domain.baccarat.roads.grid import draw_columns
from roadsvc.domain.baccarat.dealing.hands import hand_from_result


def road_of(letters):
    hands = hands_from_letters(letters)
    return big_road(hands, range(1, len(hands) + 1))


def shape(road):
    return [(column[0].result[0].upper(), len(column)) for column in road.columns]


def test_same_side_goes_down_other_side_starts_a_column():
    assert shape(road_of("BPPPB")) == [("B", 1), ("P", 3), ("B", 1)]


def test_ties_count_on_the_latest_entry_and_never_break_a_column():
    road = road_of("BTPTTPB")
    assert shape(road) == [("B", 1), ("P", 2), ("B", 1)]
    ties = [[entry.ties for entry in column] for column in road.columns]
    assert ties == [[1], [2, 0], [0]]


def test_leading_ties_are_counted_apart_and_the_worked_example():
    road = road_of("TTBPPBB")
    assert road.leading_ties == 2
    assert shape(road) == [("B", 1), ("P", 2), ("B", 2)]
    assert road.columns[0][0].ties == 0


def test_only_ties_give_no_columns():
    road = road_of("TTT")
    assert road.leading_ties == 3 and road.columns == [] and road.cells() == []


def test_entries_keep_their_hand_numbers_and_pairs():
    hands = [
        hand_from_result("banker", banker_pair=True, player_total=2, banker_total=7),
        hand_from_result("tie", player_pair=True),
        hand_from_result("player", player_pair=True, natural=True, player_total=8, banker_total=3),
    ]
    road = big_road(hands, [4, 5, 7])
    (first,), (second,) = road.columns
    assert (first.hand, first.banker_pair, first.player_pair, first.points, first.ties) == (4, True, False, 7, 1)
    assert (second.hand, second.player_pair, second.natural, second.points) == (7, True, True, 8)


def test_dragon_tail_worked_example():
    road = road_of("BPBBBBBBBBPB")
    assert shape(road) == [("B", 1), ("P", 1), ("B", 8), ("P", 1), ("B", 1)]
    assert road.cells() == [
        (0, 0),
        (1, 0),
        (2, 0), (2, 1), (2, 2), (2, 3), (2, 4), (2, 5), (3, 5), (4, 5),
        (3, 0),
        (4, 0),
    ]  # fmt: skip


def test_a_column_that_meets_a_tail_turns_above_it_and_keeps_going_right():
    # Column 0 (8 long) tails along row 5 to col 2; column 1 meets (1,5) and turns at
    # row 4. At (3,4) the cell below is free, but a turned column stays on its row.
    cells = draw_columns([8, 7])
    assert cells[:8] == [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (0, 5), (1, 5), (2, 5)]
    assert cells[8:] == [(1, 0), (1, 1), (1, 2), (1, 3), (1, 4), (2, 4), (3, 4)]
    assert (3, 5) not in cells


def test_nested_tails_down_to_row_0_push_later_starts_right():
    # Hand-derived: each column meets the tail below it one row higher, until column 5
    # must turn at once along row 0; column 6 then starts at the first free row 0 (col 8).
    cells = draw_columns([10, 9, 8, 7, 6, 3, 2, 1])
    assert cells[:10] == [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (0, 5), (1, 5), (2, 5), (3, 5), (4, 5)]
    assert cells[10:19] == [(1, 0), (1, 1), (1, 2), (1, 3), (1, 4), (2, 4), (3, 4), (4, 4), (5, 4)]
    assert cells[19:27] == [(2, 0), (2, 1), (2, 2), (2, 3), (3, 3), (4, 3), (5, 3), (6, 3)]
    assert cells[27:34] == [(3, 0), (3, 1), (3, 2), (4, 2), (5, 2), (6, 2), (7, 2)]
    assert cells[34:40] == [(4, 0), (4, 1), (5, 1), (6, 1), (7, 1), (8, 1)]
    assert cells[40:43] == [(5, 0), (6, 0), (7, 0)]
    assert cells[43:] == [(8, 0), (9, 0), (10, 0)]


def test_short_columns_sit_side_by_side():
    assert draw_columns([1, 2, 1]) == [(0, 0), (1, 0), (1, 1), (2, 0)]
