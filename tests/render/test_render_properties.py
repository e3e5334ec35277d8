"""Properties over any sequence of hands: every mark drawn, once, on the board, in both formats."""

import xml.etree.ElementTree as ET

from hypothesis import given, settings
from hypothesis import strategies as st

from roadsvc.domain.hands import hand_from_result
from roadsvc.domain.snapshot import build_snapshot
from roadsvc.render import render
from roadsvc.render.layout import layout
from roadsvc.render.params import RenderParams

from conftest import open_png

NS = {"svg": "http://www.w3.org/2000/svg"}

hands = st.lists(
    st.builds(hand_from_result, st.sampled_from(["banker", "player", "tie"]), st.booleans(), st.booleans()),
    max_size=90,
)


def svg_marks(snapshot, road, params) -> list[ET.Element]:
    root = ET.fromstring(render(snapshot, road, "svg", params))
    return [g for g in root.iterfind("svg:g", NS) if g.get("class", "").startswith("mark ")]


def of_road(marks, road: str) -> list[ET.Element]:
    return [g for g in marks if g.get("class").split()[1] == road.replace("_", "-")]


@settings(max_examples=40, deadline=None)
@given(hands)
def test_the_scoreboard_draws_every_mark_of_every_road_once(sequence):
    snapshot = build_snapshot(sequence)
    marks = svg_marks(snapshot, "scoreboard", RenderParams())
    assert len(of_road(marks, "bead_plate")) == snapshot["hands"]
    lone_leading_ties = 1 if snapshot["big_road"]["leading_ties"] and not snapshot["big_road"]["cells"] else 0
    assert len(of_road(marks, "big_road")) == len(snapshot["big_road"]["cells"]) + lone_leading_ties
    for road in ("big_eye_boy", "small_road", "cockroach_pig"):
        assert len(of_road(marks, road)) == len(snapshot[road]["cells"])
    assert len(of_road(marks, "ask_road")) == 6
    hands_shown = sorted(int(g.get("data-hand")) for g in of_road(marks, "bead_plate"))
    assert hands_shown == list(range(1, snapshot["hands"] + 1))


@settings(max_examples=25, deadline=None)
@given(hands, st.integers(min_value=4, max_value=40), st.sampled_from(["light", "dark"]))
def test_a_cropped_scoreboard_keeps_marks_on_the_board_and_the_newest_hand(sequence, columns, theme):
    snapshot = build_snapshot(sequence)
    params = RenderParams(columns=columns, theme=theme)
    board = layout(snapshot, "scoreboard", params)
    for mark in board.marks:
        assert 0 <= mark.x and mark.x + mark.w <= board.width and 0 <= mark.y and mark.y + mark.h <= board.height
    for grid in board.grids:
        for mark in board.marks:
            if mark.classes[:2] == ("mark", grid.road.replace("_", "-")):
                assert int(dict(mark.data)["col"]) < grid.cols
    if sequence:
        beads = [dict(m.data)["hand"] for m in board.marks if m.classes[:2] == ("mark", "bead-plate")]
        assert str(snapshot["hands"]) in beads
    assert open_png(render(snapshot, "scoreboard", "png", params)).size == (board.width, board.height)
