"""The PNG's palette (roadsvc.render.palette): the board's own colours exactly, its anti-aliased edges
close, the same bytes whatever a process drew before."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

from roadsvc.render import render
from roadsvc.render.baccarat.layout import layout
from roadsvc.render.palette import PALETTE_SIZE, board_palette, palette_of, theme_colours
from roadsvc.render.params import RenderParams
from roadsvc.render.png import draw_board, mark_sprite
from roadsvc.render.themes import THEMES

from conftest import open_png


def palette_entries(data: bytes) -> list[tuple[int, int, int]]:
    image = Image.open(io.BytesIO(data))
    raw = image.getpalette()
    return [tuple(raw[i:i + 3]) for i in range(0, len(raw), 3)]


@pytest.mark.parametrize("theme", list(THEMES))
def test_every_theme_colour_is_an_entry_and_a_bead_is_drawn_in_it_exactly(dealt_shoe, theme):
    params = RenderParams(theme=theme, cell=40)
    data = render(dealt_shoe, "bead_plate", "png", params)
    assert set(theme_colours(THEMES[theme])) <= set(palette_entries(data)) and len(palette_entries(data)) <= 256
    board, image = layout(dealt_shoe, "bead_plate", params), open_png(data)
    first = board.marks[0]  # the first hand's bead: its fill at the top of the disc, clear of its label
    colour = {"banker": THEMES[theme].banker, "player": THEMES[theme].player, "tie": THEMES[theme].tie}[first.classes[2]]
    assert image.getpixel((first.x + first.w // 2, first.y + first.h // 6)) == colour
    assert image.getpixel((board.grids[0].x + 2, board.grids[0].y + board.grids[0].cell * 6 - 2)) != colour


@pytest.mark.parametrize(("theme", "language"), [("light", "zh-Hans"), ("dark", "en"), ("dark", "zh-Hant")])
def test_the_png_is_the_drawn_board_within_a_few_levels(dealt_shoe, theme, language):
    """Mapped to 256 colours, the scoreboard stays its drawing: on average within 1.5 levels a channel, and
    no more than 0.1% of its pixels (the odd edge where three colours meet) off by more than 32 in grey."""
    board = layout(dealt_shoe, "scoreboard", RenderParams(theme=theme, language=language))
    drawn, _ = draw_board(board)
    written = open_png(render(dealt_shoe, "scoreboard", "png", RenderParams(theme=theme, language=language)))
    difference = ImageChops.difference(drawn, written)
    levels = [sum(value * count for value, count in enumerate(band.histogram())) for band in difference.split()]
    assert sum(levels) / (3 * drawn.width * drawn.height) <= 1.5
    grey = difference.convert("L").histogram()
    assert sum(grey[33:]) <= 0.001 * drawn.width * drawn.height


def test_the_same_board_gives_the_same_bytes_whatever_was_drawn_before(dealt_shoe, showcase):
    params = RenderParams(theme="dark", cell=28)
    first = render(dealt_shoe, "scoreboard", "png", params)
    render(showcase, "big_road", "png", RenderParams(theme="dark", cell=28, ask="banker"))
    render(showcase, "scoreboard", "png", RenderParams(language="en"))
    assert render(dealt_shoe, "scoreboard", "png", params) == first
    palette_of.cache_clear()
    mark_sprite.cache_clear()
    assert render(dealt_shoe, "scoreboard", "png", params) == first


def test_an_ink_of_the_board_s_own_is_an_entry_too():
    theme, own = THEMES["light"], (40, 32, 0)  # as a 百人牛牛 type pill's letters
    entries = board_palette(theme, {theme.banker, own}).getpalette()
    colours = {tuple(entries[i:i + 3]) for i in range(0, 3 * PALETTE_SIZE, 3)}
    assert own in colours and set(theme_colours(theme)) <= colours
    many = {(index, 255 - index, 7 * index % 256) for index in range(40)}  # more inks than blends fit for
    crowded = board_palette(theme, many).getpalette()
    assert many <= {tuple(crowded[i:i + 3]) for i in range(0, 3 * PALETTE_SIZE, 3)}
