"""The PNG as a player sees it: colours sampled where each mark should show them."""

import pytest
from PIL import Image

from roadsvc.render import render
from roadsvc.render.baccarat.layout import Board, Mark, layout
from roadsvc.render.params import RenderParams
from roadsvc.render.themes import THEMES

from conftest import open_png, snapshot_of

CELL = 40  # big enough that a sample point sits well inside each shape


def drawn(snapshot, road, **params) -> tuple[Board, Image.Image]:
    chosen = RenderParams(cell=CELL, **params)
    return layout(snapshot, road, chosen), open_png(render(snapshot, road, "png", chosen))


def pixel(image: Image.Image, mark: Mark, fx: float, fy: float) -> tuple[int, int, int]:
    """The colour at a fraction of the mark's box."""
    return image.getpixel((int(mark.x + fx * mark.w), int(mark.y + fy * mark.h)))


def pixels(image: Image.Image) -> list[tuple[int, int, int]]:
    raw = image.tobytes()
    return [tuple(raw[i:i + 3]) for i in range(0, len(raw), 3)]


def close(actual, expected, tolerance: int = 40) -> bool:
    return max(abs(a - e) for a, e in zip(actual, expected)) <= tolerance


def find(board: Board, road_class: str, **wanted: str) -> Mark:
    for mark in board.marks:
        if mark.classes[:2] == ("mark", road_class) and all(dict(mark.data).get(k) == v for k, v in wanted.items()):
            return mark
    raise LookupError(f"no {road_class} mark with {wanted}")


@pytest.mark.parametrize("theme_name", ["light", "dark"])
def test_beads_show_their_result_colour_and_pair_dots_at_their_corners(showcase, theme_name):
    theme = THEMES[theme_name]
    board, image = drawn(showcase, "bead_plate", theme=theme_name)
    banker_both_pairs = find(board, "bead-plate", hand="17")
    plain_player = find(board, "bead-plate", hand="4")
    tie = find(board, "bead-plate", hand="1")
    assert close(pixel(image, banker_both_pairs, 0.5, 0.12), theme.banker)
    assert close(pixel(image, plain_player, 0.5, 0.12), theme.player)
    assert close(pixel(image, tie, 0.5, 0.12), theme.tie)
    assert close(pixel(image, banker_both_pairs, 0.12, 0.12), theme.banker)  # red dot, top-left corner
    assert close(pixel(image, banker_both_pairs, 0.88, 0.88), theme.player)  # blue dot, bottom-right corner
    # the dots stay in the corners: between them and the label, the bead itself
    assert close(pixel(image, banker_both_pairs, 0.27, 0.27), theme.banker)
    assert close(pixel(image, banker_both_pairs, 0.73, 0.73), theme.banker)
    banker_pair_only = find(board, "bead-plate", hand="5")
    assert close(pixel(image, banker_pair_only, 0.88, 0.88), theme.panel)  # no player pair: the empty corner
    assert close(pixel(image, plain_player, 0.12, 0.12), theme.panel)  # no banker pair: the empty corner


def test_bead_labels_are_drawn_and_differ_by_language(showcase):
    crops = {}
    for language in ("zh-Hans", "zh-Hant", "en"):
        board, image = drawn(showcase, "bead_plate", language=language)
        bead = find(board, "bead-plate", hand="3")  # a banker bead
        crop = image.crop((bead.x + CELL // 4, bead.y + CELL // 4, bead.x + 3 * CELL // 4, bead.y + 3 * CELL // 4))
        white = sum(1 for p in pixels(crop) if close(p, (255, 255, 255), 60))
        assert white > 20, f"no label drawn on the bead in {language}"
        crops[language] = crop.tobytes()
    assert len(set(crops.values())) == 3


@pytest.mark.parametrize("theme_name", ["light", "dark"])
def test_big_road_rings_are_hollow_with_pairs_and_tie_slashes(showcase, theme_name):
    theme = THEMES[theme_name]
    board, image = drawn(showcase, "big_road", theme=theme_name)
    plain = find(board, "big-road", hand="4")  # player, no tie, no pair
    assert close(pixel(image, plain, 0.5, 0.5), theme.panel)  # hollow
    assert close(pixel(image, plain, 0.5, 0.14), theme.player)  # the ring
    assert close(pixel(image, plain, 0.7, 0.3), theme.panel)  # no slash
    assert close(pixel(image, plain, 0.17, 0.17), theme.panel)  # no pair dot
    both_pairs = find(board, "big-road", hand="17")  # banker with both pairs
    assert close(pixel(image, both_pairs, 0.17, 0.17), theme.banker)
    assert close(pixel(image, both_pairs, 0.83, 0.83), theme.player)
    one_tie = find(board, "big-road", hand="20")  # banker, then one tie
    assert close(pixel(image, one_tie, 0.7, 0.3), theme.tie)


def middle(image: Image.Image, mark: Mark) -> list[tuple[int, int, int]]:
    """The inside of a ring (no ring pixels): only the slash, the number, the panel."""
    return pixels(image.crop((mark.x + mark.w // 3, mark.y + mark.h // 4,
                              mark.x + 2 * mark.w // 3, mark.y + 3 * mark.h // 4)))


def test_tie_counts_from_two_ties_are_drawn_as_a_number(showcase):
    board, image = drawn(showcase, "big_road")
    one_tie = middle(image, find(board, "big-road", hand="20"))
    three_ties = middle(image, find(board, "big-road", hand="13"))
    changed = sum(1 for a, b in zip(one_tie, three_ties) if not close(a, b, 60))
    assert changed > 40  # a "3" over the slash, not the slash alone


def test_leading_ties_show_on_the_first_entry(showcase):
    theme = THEMES["light"]
    board, image = drawn(showcase, "big_road")
    first = find(board, "big-road", hand="3")
    assert close(pixel(image, first, 0.5, 0.14), theme.banker)
    assert close(pixel(image, first, 0.75, 0.25), theme.tie)
    assert middle(image, first) != middle(image, find(board, "big-road", hand="20"))  # the "2"


def test_the_dragon_tail_turns_right_along_the_bottom_row():
    theme = THEMES["light"]
    board, image = drawn(snapshot_of("B P B B B B B B B B P B"), "big_road")
    grid = board.grids[0]
    for col, row, colour in [(2, 5, theme.banker), (3, 5, theme.banker), (4, 5, theme.banker), (3, 4, theme.panel)]:
        top_of_ring = (grid.x + col * CELL + CELL // 2, grid.y + row * CELL + int(0.14 * CELL))
        assert close(image.getpixel(top_of_ring), colour), (col, row)


@pytest.mark.parametrize("road", ["big_eye_boy", "small_road", "cockroach_pig"])
def test_derived_marks_have_their_road_style(showcase, road):
    theme = THEMES["light"]
    board, image = drawn(showcase, road)
    mark = find(board, road.replace("_", "-"), index="0")
    colour = theme.colour(mark.classes[2])
    centre, top = pixel(image, mark, 0.5, 0.5), pixel(image, mark, 0.5, 0.18)
    if road == "big_eye_boy":  # hollow ring
        assert close(top, colour) and close(centre, theme.panel)
    elif road == "small_road":  # solid dot
        assert close(top, colour) and close(centre, colour)
    else:  # slash through the middle, nothing at the top
        assert close(centre, colour) and close(top, theme.panel)


def test_ask_road_marks_show_each_sides_next_colour(dealt_shoe):
    theme = THEMES["dark"]
    board, image = drawn(dealt_shoe, "scoreboard", theme="dark")
    for side, asked in dealt_shoe.ask_road.items():
        for road, colour in asked.items():
            mark = find(board, "ask-road", side=side, road=road)
            sample = pixel(image, mark, 0.5, 0.18) if road == "big_eye_boy" else pixel(image, mark, 0.5, 0.5)
            assert close(sample, theme.colour(colour) if colour else theme.background, 60), (side, road)


def test_edges_are_anti_aliased_and_the_image_has_the_board_size(showcase):
    board, image = drawn(showcase, "big_road")
    assert image.size == (board.width, board.height)
    mark = find(board, "big-road", hand="4")
    colours = set(pixels(image.crop((mark.x, mark.y, mark.x + mark.w, mark.y + mark.h))))
    assert len(colours) > 10  # blended edge shades, not a two-colour staircase


@pytest.mark.parametrize("theme_name", ["light", "dark"])
def test_the_board_uses_the_themes_colours(showcase, theme_name):
    theme = THEMES[theme_name]
    board, image = drawn(showcase, "scoreboard", theme=theme_name)
    assert close(image.getpixel((1, 1)), theme.background, 3)  # a palette PNG: within a few levels
    grid = board.grids[0]
    corner = (grid.x + grid.cols * grid.cell - 3, grid.y + grid.rows * grid.cell - 3)
    assert close(image.getpixel(corner), theme.panel, 3)
