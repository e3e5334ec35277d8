"""The layout both formats draw: marks where the snapshot's cells say, with what they show."""

from collections import Counter

import pytest

from roadsvc.render.baccarat.layout import Board, Mark, layout
from roadsvc.render.params import ROADS, RenderParams

from conftest import snapshot_of


def data(mark: Mark) -> dict[str, str]:
    return dict(mark.data)


def road_marks(board: Board, road_class: str) -> list[Mark]:
    return [m for m in board.marks if m.classes[:2] == ("mark", road_class)]


def at(marks: list[Mark]) -> list[tuple[int, int]]:
    return [(int(data(m)["col"]), int(data(m)["row"])) for m in marks]


def test_big_road_marks_sit_on_the_snapshot_cells_including_the_dragon_tail():
    snapshot = snapshot_of("B P B B B B B B B B P B")
    board = layout(snapshot, "big_road", RenderParams())
    marks = road_marks(board, "big-road")
    assert at(marks) == [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2), (2, 3), (2, 4), (2, 5), (3, 5), (4, 5), (3, 0), (4, 0)]
    grid = board.grids[0]
    tail = marks[9]
    assert (tail.x, tail.y) == (grid.x + 4 * grid.cell, grid.y + 5 * grid.cell)


def test_leading_ties_are_drawn_on_the_first_entry(showcase):
    first = road_marks(layout(showcase, "big_road", RenderParams()), "big-road")[0]
    assert data(first)["hand"] == "3"
    assert (data(first)["ties"], data(first)["leading-ties"]) == ("2", "2")


def test_leading_ties_before_any_entry_show_in_the_first_cell():
    marks = road_marks(layout(snapshot_of("T T"), "big_road", RenderParams()), "big-road")
    assert len(marks) == 1
    assert "leading-ties" in marks[0].classes
    assert (data(marks[0])["col"], data(marks[0])["row"], data(marks[0])["ties"]) == ("0", "0", "2")


def test_ties_and_pairs_are_carried_by_their_entry(showcase):
    marks = {data(m)["hand"]: m for m in road_marks(layout(showcase, "big_road", RenderParams()), "big-road")}
    assert data(marks["13"])["ties"] == "3"  # P at hand 13, then three ties
    assert {"banker-pair", "player-pair"} <= set(marks["17"].classes)
    assert "banker-pair" in marks["5"].classes and "player-pair" not in marks["5"].classes


def test_bead_plate_has_a_bead_per_hand_in_order(showcase):
    beads = road_marks(layout(showcase, "bead_plate", RenderParams()), "bead-plate")
    assert [data(b)["hand"] for b in beads] == [str(n) for n in range(1, showcase.hands + 1)]
    assert at(beads)[:7] == [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (0, 5), (1, 0)]
    assert Counter(b.classes[2] for b in beads) == Counter(
        {k: getattr(showcase.counts, k) for k in ("banker", "player", "tie")})


@pytest.mark.parametrize("road", ["big_eye_boy", "small_road", "cockroach_pig"])
def test_derived_road_marks_follow_the_snapshot_colours_and_cells(showcase, road):
    marks = road_marks(layout(showcase, road, RenderParams()), road.replace("_", "-"))
    assert [m.classes[2] for m in marks] == showcase.grids[road].entries()
    assert at(marks) == showcase.grids[road].cells


def test_derived_roads_use_half_size_cells(showcase):
    params = RenderParams(cell=32)
    assert layout(showcase, "big_eye_boy", params).grids[0].cell == 16
    assert layout(showcase, "big_road", params).grids[0].cell == 32


def test_columns_keep_the_newest_columns_of_the_road(dealt_shoe):
    board = layout(dealt_shoe, "big_road", RenderParams(columns=5))
    marks = road_marks(board, "big-road")
    assert board.grids[0].cols == 5
    assert max(int(data(m)["col"]) for m in marks) == 4
    last_hand = dealt_shoe.grids["big_road"].columns[-1][-1].hand
    assert str(last_hand) in {data(m)["hand"] for m in marks}


def test_scoreboard_ask_road_shows_each_sides_next_mark(dealt_shoe):
    board = layout(dealt_shoe, "scoreboard", RenderParams())
    asked = {(data(m)["side"], data(m)["road"]): data(m)["colour"] for m in road_marks(board, "ask-road")}
    expected = {(side, road): colour or "none" for side, marks in dealt_shoe.ask_road.items()
                for road, colour in marks.items()}
    assert asked == expected


def test_scoreboard_counts_match_the_snapshot(dealt_shoe):
    board = layout(dealt_shoe, "scoreboard", RenderParams(language="en"))
    counts = {m.classes[1]: data(m)["count"] for m in board.marks if m.classes[0] == "count"}
    assert counts == {"banker": "39", "player": "31", "tie": "5", "banker-pair": "6", "player-pair": "6",
                      "hands": "75"}


@pytest.mark.parametrize("columns", [None, 4, 7, 30])
def test_scoreboard_panels_do_not_overlap_and_every_mark_is_on_the_board(dealt_shoe, columns):
    board = layout(dealt_shoe, "scoreboard", RenderParams(columns=columns))
    boxes = [(g.x, g.y, g.x + g.cols * g.cell, g.y + g.rows * g.cell) for g in board.grids]
    for i, a in enumerate(boxes):
        assert 0 <= a[0] and a[2] <= board.width and 0 <= a[1] and a[3] <= board.height
        for b in boxes[i + 1:]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
    for mark in board.marks:
        assert 0 <= mark.x and mark.x + mark.w <= board.width and 0 <= mark.y and mark.y + mark.h <= board.height


def test_scoreboard_shows_all_five_roads_with_every_mark_when_uncropped(dealt_shoe):
    board = layout(dealt_shoe, "scoreboard", RenderParams())
    assert [g.road for g in board.grids] == [r for r in ROADS if r != "scoreboard"]
    assert len(road_marks(board, "bead-plate")) == dealt_shoe.hands
    assert len(road_marks(board, "big-road")) == len(dealt_shoe.grids["big_road"].cells)
    for road in ("big_eye_boy", "small_road", "cockroach_pig"):
        assert len(road_marks(board, road.replace("_", "-"))) == len(dealt_shoe.grids[road].cells)
