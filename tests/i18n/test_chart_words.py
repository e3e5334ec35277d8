"""The baccarat odds chart's words in each language (issue 36): its PNG drew the legend as
`bet_title(bet, reader("en"))` and "EV" / "hands 1 to 5" in English whatever the page's language, because its
font held the road labels' glyphs only. Now the PNG draws exactly the words the SVG shows, from the catalogues:
checked on the text the PNG's renderer is given (every `ImageDraw.text` call), against the operator's words;
the en chart writes no Chinese and the zh-Hant one no Simplified character."""

from __future__ import annotations

import re
from xml.etree import ElementTree

import pytest
from PIL import ImageDraw

from catalogues import SIMPLIFIED

from roadsvc.domain.baccarat.bets.catalogue import BET_TYPES
from roadsvc.render.baccarat.ev_chart import ChartLook, EvSeries, render_ev_chart

CJK = re.compile(r"[\u3400-\u9fff]")
SERIES = EvSeries((1, 2, 3), (("lucky_seven", (-0.0761, -0.0733, 0.0125)), ("banker", (-0.01058, -0.01061, -0.0106)),
                              ("banker_no_commission", (-0.0146, -0.0146, -0.0146))))
# The words the chart of SERIES draws: the scale's top and bottom, the hands, the legend.
WORDS = {
    "zh-Hans": ["0", "期望值 +1.25%", "期望值 -7.61%", "第 1 至 3 局", "幸运7", "庄", "庄(免佣)"],
    "zh-Hant": ["0", "期望值 +1.25%", "期望值 -7.61%", "第 1 至 3 局", "幸運7", "莊", "莊(免傭)"],
    "en": ["0", "EV +1.25%", "EV -7.61%", "hands 1 to 3", "Lucky seven", "Banker", "Banker, no commission"],
}


def png_words(look: ChartLook, series: EvSeries = SERIES) -> list[str]:
    """The text the PNG renderer draws, in drawing order."""
    drawn: list[str] = []
    original = ImageDraw.ImageDraw.text

    def text(self, xy, words, *args, **kwargs):
        drawn.append(words)
        return original(self, xy, words, *args, **kwargs)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ImageDraw.ImageDraw, "text", text)
        render_ev_chart(series, "png", look)
    return drawn


def svg_words(look: ChartLook, series: EvSeries = SERIES) -> list[str]:
    root = ElementTree.fromstring(render_ev_chart(series, "svg", look))
    return [element.text for element in root.iter("{http://www.w3.org/2000/svg}text")]


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("language", WORDS)
def test_the_png_draws_the_words_of_the_chart_s_language(language, theme):
    assert png_words(ChartLook(theme, language)) == WORDS[language]


@pytest.mark.parametrize("language", WORDS)
def test_the_png_and_the_svg_draw_the_same_words(language):
    assert png_words(ChartLook("dark", language)) == svg_words(ChartLook("dark", language))


def every_bet(language: str) -> list[str]:
    """The PNG's words for a chart of every bet (ten at a time, as a chart holds at most ten)."""
    codes = sorted(BET_TYPES)
    words: list[str] = []
    for start in range(0, len(codes), 10):
        chosen = codes[start:start + 10]
        series = EvSeries((1, 2), tuple((code, (-0.01, 0.01)) for code in chosen))
        words.extend(png_words(ChartLook("light", language), series))
    return words


def test_the_en_png_writes_no_chinese():
    chinese = [word for word in every_bet("en") if CJK.search(word)]
    assert not chinese, chinese


def test_the_zh_hant_png_writes_no_simplified_character():
    mixed = [word for word in every_bet("zh-Hant") if set(word) & SIMPLIFIED]
    assert not mixed, mixed


def test_the_zh_png_writes_no_english_name():
    english = [word for language in ("zh-Hans", "zh-Hant") for word in every_bet(language)
               if re.search(r"[A-Za-z]{2,}", word)]
    assert not english, english
