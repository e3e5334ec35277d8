"""The trend road image (走势): PNG and SVG from the trend road's JSON, in each language and theme."""

import io
import re

import pytest
from fontTools.ttLib import TTFont
from PIL import Image

from roadsvc.domain.errors import DomainError
from roadsvc.domain.niuniu.dealing import PLAYERS
from roadsvc.domain.niuniu.trend import SettledRound, trend_road
from roadsvc.render.fonts import NIUNIU_FONT_FILE, font_path
from roadsvc.render.niuniu import TrendParams, render_trend
from roadsvc.render.niuniu.labels import LANGUAGES, all_label_text
from roadsvc.render.themes import THEMES

TYPES = ["bull_5", "bomb", "no_bull", "bull_bull", "bull_9"]


def road(count: int):
    rounds = []
    for n in range(1, count + 1):
        results = {player: "win" if (n + i) % 3 == 0 else "lose" for i, player in enumerate(PLAYERS)}
        types = {"banker": TYPES[n % len(TYPES)], **{player: "bull_1" for player in PLAYERS}}
        rounds.append(SettledRound(n, types, results))
    return trend_road(rounds)


def png(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image.convert("RGB")


def test_the_games_font_covers_every_trend_label_and_baccarats_is_untouched():
    cmap = TTFont(font_path(file=NIUNIU_FONT_FILE)).getBestCmap()
    assert [char for char in all_label_text() if ord(char) not in cmap] == []
    assert "牛" not in "".join(chr(c) for c in TTFont(font_path()).getBestCmap())  # baccarat's subset as it was


@pytest.mark.parametrize("theme", list(THEMES))
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_theme_and_language_draws_a_png(theme, language):
    image = png(render_trend(road(12), "png", {"theme": theme, "language": language}))
    assert image.width > 600 and image.height > 200
    corner, background = image.getpixel((1, 1)), THEMES[theme].background
    assert max(abs(a - b) for a, b in zip(corner, background)) <= 4  # the palette's rounding
    assert len(image.getcolors(65536) or []) > 20  # marks, not a blank board


def test_the_svg_has_a_mark_per_round_and_area_oldest_first():
    svg = render_trend(road(7), "svg", {"language": "en"}).decode()
    banker = re.findall(r'class="mark banker [a-z0-9-]+" data-round="(\d+)" data-type="([a-z_0-9]+)"', svg)
    assert [int(n) for n, _ in banker] == list(range(1, 8))
    assert [code for _, code in banker] == [TYPES[n % 5] for n in range(1, 8)]
    wins = re.findall(r'class="mark player_1 (win|lose)" data-round="(\d+)"', svg)
    assert [result for result, _ in wins] == road(7)["areas"]["player_1"]["results"]
    assert "<title>Niu Niu Trend</title>" in svg and ">BM<" in svg


def test_the_statistics_show_the_wins_per_window():
    svg = render_trend(road(60), "svg", {}).decode()
    area = road(60)["areas"]["player_2"]["wins"]
    for key in ("last_10", "last_20", "last_50", "all"):
        assert f'class="stat player_2 {key}" data-value="{area[key]}"' in svg
    assert "走势" in svg and "闲二" in svg and "近50" in svg


def test_columns_keep_the_newest_rounds():
    svg = render_trend(road(30), "svg", {"columns": 5}).decode()
    rounds = re.findall(r'class="mark banker [a-z0-9-]+" data-round="(\d+)"', svg)
    assert rounds == ["26", "27", "28", "29", "30"]


def test_an_empty_road_draws_an_empty_board():
    svg = render_trend(road(0), "svg", {}).decode()
    assert "class=\"mark" not in svg and 'data-rounds="0"' in svg


def test_the_same_road_gives_the_same_bytes():
    assert render_trend(road(9), "png", TrendParams()) == render_trend(road(9), "png", TrendParams())


@pytest.mark.parametrize(("params", "field"), [({"cell": 10}, "cell"), ({"theme": "pink"}, "theme"),
                                               ({"language": "fr"}, "language"), ({"columns": 0}, "columns"),
                                               ({"size": 3}, "size")])
def test_bad_parameters_are_refused_with_the_field(params, field):
    with pytest.raises(DomainError) as refused:
        render_trend(road(1), "png", params)
    assert (refused.value.code, refused.value.field) == ("invalid_parameter", field)
    with pytest.raises(DomainError):
        render_trend(road(1), "gif")
