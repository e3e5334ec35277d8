"""Images with ?ask=: the mark a next banker or player would make, drawn at its previewed cell."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import ImageChops

from roadsvc.domain.errors import DomainError
from roadsvc.render import render
from roadsvc.render.baccarat.layout import layout
from roadsvc.render.params import RenderParams, params_from
from tests.render.conftest import open_png, snapshot_of

ROAD_CLASSES = {"bead_plate": "bead-plate", "big_road": "big-road", "big_eye_boy": "big-eye-boy",
                "small_road": "small-road", "cockroach_pig": "cockroach-pig"}
SIDES = ("banker", "player")


def asked_marks(board):
    return [mark for mark in board.marks if "asked" in mark.classes]


def mark_cell(mark):
    data = dict(mark.data)
    return int(data["col"]), int(data["row"])


@pytest.mark.parametrize("side", SIDES)
@pytest.mark.parametrize("road", list(ROAD_CLASSES))
def test_the_asked_mark_sits_at_the_previewed_cell(dealt_shoe, side, road):
    board = layout(dealt_shoe, road, RenderParams(ask=side))
    preview = dealt_shoe.ask_preview[side][road]
    found = asked_marks(board)
    if preview is None:
        assert found == []
    else:
        (mark,) = found
        assert mark_cell(mark) == (preview.col, preview.row)
        assert preview.colour in mark.classes and dict(mark.data)["ask"] == side
        assert all(shape.dashes for shape in mark.shapes[:1]), "drawn as a dashed ring"


@pytest.mark.parametrize("side", SIDES)
def test_the_scoreboard_with_ask_keeps_the_plain_size_and_marks(dealt_shoe, side):
    plain = layout(dealt_shoe, "scoreboard", RenderParams())
    asked = layout(dealt_shoe, "scoreboard", RenderParams(ask=side))
    assert (asked.width, asked.height) == (plain.width, plain.height)
    assert [m for m in asked.marks if "asked" not in m.classes] == list(plain.marks)
    expected = sum(cell is not None for cell in dealt_shoe.ask_preview[side].values())
    assert len(asked_marks(asked)) == expected


def test_the_png_differs_from_the_plain_one_only_inside_the_asked_cells(dealt_shoe):
    params = RenderParams(ask="player", cell=32)
    plain = open_png(render(dealt_shoe, "scoreboard", "png", RenderParams(cell=32)))
    asked = open_png(render(dealt_shoe, "scoreboard", "png", params))
    assert asked.size == plain.size
    diff = ImageChops.difference(plain, asked).convert("L").point(lambda v: 255 if v > 8 else 0)
    boxes = [(m.x, m.y, m.x + m.w, m.y + m.h) for m in asked_marks(layout(dealt_shoe, "scoreboard", params))]
    assert diff.getbbox() is not None
    for x0, y0, x1, y1 in boxes:
        diff.paste(0, (x0, y0, x1, y1))
    assert diff.getbbox() is None, "pixels changed outside the asked cells"


def test_the_svg_draws_the_asked_mark_dashed(dealt_shoe):
    svg = render(dealt_shoe, "big_road", "svg", RenderParams(ask="banker")).decode()
    assert svg.count('class="mark big-road asked') == 1
    assert "stroke-dasharray" in svg
    assert "stroke-dasharray" not in render(dealt_shoe, "big_road", "svg", RenderParams()).decode()


@settings(max_examples=60, deadline=None)
@given(st.text("BPT", max_size=60), st.sampled_from(SIDES), st.none() | st.integers(1, 20))
def test_asked_mark_is_always_drawn_in_a_cropped_window(letters, side, columns):
    snapshot = snapshot_of(" ".join(letters))
    board = layout(snapshot, "big_road", RenderParams(ask=side, columns=columns))
    (mark,) = asked_marks(board)
    col, row = mark_cell(mark)
    grid = board.grids[0]
    assert 0 <= col < grid.cols and 0 <= row < grid.rows


def test_ask_is_checked_and_part_of_the_key():
    with pytest.raises(DomainError) as refused:
        params_from({"ask": "tie"})
    assert (refused.value.code, refused.value.field) == ("invalid_parameter", "ask")
    assert RenderParams(ask="banker").key() != RenderParams(ask="player").key() != RenderParams().key()
    assert RenderParams().key() == "cell=24;theme=light;language=zh-Hans;columns=all"
