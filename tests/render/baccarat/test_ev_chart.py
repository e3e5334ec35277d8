"""The baccarat odds chart (roadsvc.render.baccarat.ev_chart) as a reader sees it in each theme and language:
every bet's name fits the legend, every line stands out from the theme's panel, and the dark theme draws a
dark chart in both formats."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageFont

from roadsvc.domain.baccarat.bets.catalogue import BET_TYPES
from roadsvc.render.baccarat.ev_chart import (
    LEGEND, MAX_LINES, PALETTES, ChartLook, EvSeries, render_ev_chart,
)
from roadsvc.render.fonts import EV_CHART_FONT_FILE, font_path
from roadsvc.render.labels import LANGUAGES
from roadsvc.render.themes import THEMES

from tests.render.test_contrast import contrast

LINE_CONTRAST = 3.0  # WCAG 1.4.11: a graphical object against what lies next to it
SWATCH_AND_GAP = 22  # the legend's colour swatch and the space before the name


def colour(hex_colour: str) -> tuple[int, int, int]:
    return tuple(int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_bet_s_name_fits_the_legend(language):
    font = ImageFont.truetype(str(font_path(file=EV_CHART_FONT_FILE)), 12)
    look = ChartLook(language=language)
    too_wide = {code: look.bet(code) for code in BET_TYPES if SWATCH_AND_GAP + font.getlength(look.bet(code)) > LEGEND}
    assert not too_wide


@pytest.mark.parametrize("theme", THEMES)
def test_every_line_stands_out_from_the_theme_s_panel(theme):
    assert len(PALETTES[theme]) >= MAX_LINES
    weak = {line: round(contrast(colour(line), THEMES[theme].panel), 2) for line in PALETTES[theme]
            if contrast(colour(line), THEMES[theme].panel) < LINE_CONTRAST}
    assert not weak


def test_the_dark_chart_is_dark_in_both_formats():
    series = EvSeries((1, 2), (("banker", (-0.0106, -0.0105)),))
    look = ChartLook("dark", "zh-Hant")
    png = Image.open(io.BytesIO(render_ev_chart(series, "png", look))).convert("RGB")
    assert png.getpixel((1, 1)) == THEMES["dark"].panel
    svg = render_ev_chart(series, "svg", look).decode()
    assert 'fill="#1c1f25"' in svg and f'stroke="{PALETTES["dark"][0]}"' in svg



def test_the_zero_line_s_label_is_left_out_where_the_scale_s_own_label_would_be_written_over():
    """Every bet below zero: the zero line is the top of the scale, whose label already reads +0.00% (the PNG
    decides by the same `_zero_labelled`; the SVG shows it as text)."""
    all_below = EvSeries((1, 2), (("banker", (-0.0106, -0.0105)), ("tie", (-0.1436, -0.15))))
    across = EvSeries((1, 2), (("banker", (-0.0106, 0.02)), ("tie", (-0.1436, -0.15))))
    assert ">0</text>" not in render_ev_chart(all_below, "svg").decode()
    assert ">0</text>" in render_ev_chart(across, "svg").decode()
