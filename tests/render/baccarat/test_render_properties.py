"""Properties over any sequence of hands: every mark drawn, once, on the board, in both formats."""

import random
import xml.etree.ElementTree as ET

from hypothesis import given, settings
from hypothesis import strategies as st

from roadsvc.domain.baccarat.dealing.hands import hand_from_result
from roadsvc.domain.baccarat.dealing.shoe import deal_shoe
from roadsvc.domain.baccarat.roads.snapshot import build_snapshot
from roadsvc.render import render
from roadsvc.render.baccarat.layout import layout
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
    big = snapshot.grids["big_road"]
    assert len(of_road(marks, "bead_plate")) == snapshot.hands
    lone_leading_ties = 1 if big.leading_ties and not big.cells else 0
    assert len(of_road(marks, "big_road")) == len(big.cells) + lone_leading_ties
    for road in ("big_eye_boy", "small_road", "cockroach_pig"):
        assert len(of_road(marks, road)) == len(snapshot.grids[road].cells)
    assert len(of_road(marks, "ask_road")) == 6
    hands_shown = sorted(int(g.get("data-hand")) for g in of_road(marks, "bead_plate"))
    assert hands_shown == list(range(1, snapshot.hands + 1))


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
        assert str(snapshot.hands) in beads
    assert open_png(render(snapshot, "scoreboard", "png", params)).size == (board.width, board.height)


def newest_marks(snapshot) -> dict[str, tuple[str, str]]:
    """Each non-empty road's newest mark, as the (data key, value) its drawn mark carries."""
    newest = {}
    if snapshot.bead_plate:
        newest["bead_plate"] = ("hand", str(snapshot.bead_plate[-1].hand))
    if snapshot.grids["big_road"].cells:
        newest["big_road"] = ("hand", str(snapshot.grids["big_road"].columns[-1][-1].hand))
    for road in ("big_eye_boy", "small_road", "cockroach_pig"):
        if snapshot.grids[road].cells:
            newest[road] = ("index", str(len(snapshot.grids[road].cells) - 1))
    return newest


def drawn(board, road: str) -> list[dict[str, str]]:
    return [dict(m.data) for m in board.marks if m.classes[:2] == ("mark", road.replace("_", "-"))]


# Long same-side runs make dragon tails in the big road and in the derived roads.
runs = st.lists(st.tuples(st.sampled_from(["banker", "player", "tie"]), st.integers(1, 14)), max_size=14)


@settings(max_examples=60, deadline=None)
@given(runs, st.integers(min_value=4, max_value=30))
def test_every_roads_newest_mark_is_drawn_at_any_width(sequence, columns):
    """A fixed-width display never hides the newest hands, even after a dragon tail."""
    snapshot = build_snapshot([hand_from_result(side) for side, length in sequence for _ in range(length)])
    params = RenderParams(columns=columns)
    scoreboard = layout(snapshot, "scoreboard", params)
    for road, (key, value) in newest_marks(snapshot).items():
        assert value in [mark[key] for mark in drawn(scoreboard, road)], f"scoreboard {road}"
        single = layout(snapshot, road, params)
        assert value in [mark[key] for mark in drawn(single, road)], f"{road} image"


def test_after_a_dragon_tail_a_narrow_big_road_shows_the_newest_hands():
    # 12 bankers (a tail running right), then alternating results beneath it.
    sequence = ["banker"] * 12 + ["player", "banker"] * 4
    snapshot = build_snapshot([hand_from_result(side) for side in sequence])
    board = layout(snapshot, "big_road", RenderParams(columns=12))
    hands_drawn = {int(mark["hand"]) for mark in drawn(board, "big_road")}
    assert set(range(13, 21)) <= hands_drawn


def test_naturals_and_only_naturals_are_marked():
    snapshot = build_snapshot(deal_shoe(random.Random(3)).hands)
    board = layout(snapshot, "scoreboard", RenderParams())
    natural_hands = {str(bead.hand) for bead in snapshot.bead_plate if bead.natural}
    assert natural_hands  # a real shoe has some
    for road in ("bead_plate", "big_road"):
        marked = {dict(m.data)["hand"] for m in board.marks
                  if m.classes[:2] == ("mark", road.replace("_", "-")) and "natural" in m.classes}
        entries = {str(entry.hand) for entry in snapshot.grids["big_road"].entries()}
        assert marked == (natural_hands if road == "bead_plate" else natural_hands & entries)
