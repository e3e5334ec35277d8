"""Golden images: every road in every theme, from a real dealt shoe, against kept PNGs.

The comparison allows a small tolerance (anti-aliasing may shift a shade between
Pillow/FreeType builds) but catches any moved, missing or recoloured mark.

To regenerate after an intended change of look, run
    ROADSVC_REGEN_GOLDEN=1 .venv/bin/python -m pytest tests/render/baccarat/test_golden.py
then LOOK at tests/render/baccarat/golden/*.png before committing them.
"""

import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from roadsvc.render import render
from roadsvc.render.params import ROADS, RenderParams
from roadsvc.render.themes import THEMES

from conftest import open_png

GOLDEN = Path(__file__).parent / "golden"
REGENERATE = os.environ.get("ROADSVC_REGEN_GOLDEN") == "1"
SHADE = 48  # a channel difference above this is a real difference, not anti-aliasing
MAX_CHANGED = 0.0005  # share of pixels allowed to differ that much (200 of a 1356x304 scoreboard)

CASES = [(road, RenderParams(theme=theme)) for road in ROADS for theme in THEMES] + [
    ("scoreboard", RenderParams(language="zh-Hant", columns=16, cell=32)),
    ("scoreboard", RenderParams(language="en", theme="dark", columns=24)),
    ("big_road", RenderParams(columns=12, cell=20, theme="dark")),
]


def golden_name(road: str, params: RenderParams) -> str:
    columns = f"-n{params.columns}" if params.columns else ""
    return f"{road}-{params.theme}-{params.language}-c{params.cell}{columns}.png"


def changed_share(actual: Image.Image, expected: Image.Image) -> float:
    difference = ImageChops.difference(actual, expected).convert("L").point(lambda v: 255 if v > SHADE else 0)
    return difference.histogram()[255] / (actual.width * actual.height)


@pytest.mark.parametrize(("road", "params"), CASES, ids=[golden_name(r, p) for r, p in CASES])
def test_road_image_matches_its_golden_image(dealt_shoe, road, params):
    path = GOLDEN / golden_name(road, params)
    data = render(dealt_shoe, road, "png", params)
    if REGENERATE:
        path.write_bytes(data)
    expected = open_png(path.read_bytes())
    actual = open_png(data)
    assert actual.size == expected.size
    assert changed_share(actual, expected) <= MAX_CHANGED


def test_the_comparison_catches_a_single_recoloured_bead_on_the_full_scoreboard(dealt_shoe):
    """The tolerance is small enough that one bead drawn in the wrong colour fails."""
    actual = open_png(render(dealt_shoe, "scoreboard", "png"))
    tampered = actual.copy()
    tampered.paste(THEMES["light"].player, (8, 8, 24, 24))  # the inside of the first bead, a banker
    assert changed_share(tampered, actual) > MAX_CHANGED
