"""The match road image: PNG and SVG, Chinese and English, light and dark, every glyph in the font."""

from __future__ import annotations

import io

import pytest
from fontTools.ttLib import TTFont
from PIL import Image

from roadsvc.domain.errors import DomainError
from roadsvc.render.dabang import render_road
from roadsvc.render.dabang.labels import all_label_text
from roadsvc.render.fonts import DABANG_FONT_FILE, font_path


def deal(number, holder, dealer, trump, points, kou_di, after, dry_pot=False, blood=0):
    return {"number": number, "redeal": False, "level": 3, "holder": holder, "dealer_seat": dealer,
            "trump": trump, "points": points, "kou_di": kou_di, "dry_pot": dry_pot, "blood": blood,
            "levels_after": {"A": after[0], "B": after[1]}}


ROAD = {"levels": {"A": 5, "B": 4}, "winner": None, "reason": None, "deals": [
    deal(1, "A", 1, "S", 85, False, (4, 3), blood=3),
    deal(2, "A", 3, "H", 130, True, (4, 4)),
    {"number": 3, "redeal": True, "level": 4, "holder": None, "dealer_seat": 4, "trump": None, "points": None,
     "kou_di": None, "dry_pot": False, "blood": None, "levels_after": {"A": 4, "B": 4}},
    deal(4, "B", 4, "C", 60, False, (4, 5), dry_pot=True, blood=6),
]}


def test_the_png_is_an_image_wider_with_more_deals():
    small = Image.open(io.BytesIO(render_road(ROAD, "png")))
    many = dict(ROAD, deals=[deal(n, "A", 1, "D", 100, False, (3, 3)) for n in range(1, 30)])
    wide = Image.open(io.BytesIO(render_road(many, "png")))
    assert small.format == "PNG" and wide.width > small.width and wide.height == small.height


def test_the_svg_marks_each_level_and_deal_by_meaning():
    svg = render_road(ROAD, "svg").decode()
    assert svg.count('class="level team-A"') == 5 and svg.count('class="level team-B"') == 5
    assert 'data-team="A" data-deal="4" data-level="4"' in svg and 'data-team="B" data-deal="4" data-level="5"' in svg
    assert "♠" in svg and "♥" in svg and "干" in svg and "保" in svg and "抠" in svg and "重" in svg


def test_labels_follow_the_language_and_the_winner_is_shown():
    over = dict(ROAD, winner="B", reason="time_limit")
    english = render_road(over, "svg", {"language": "en"}).decode()
    assert "Team B wins · time limit" in english and "Lv 5" in english
    assert "B队 胜 · 限时" in render_road(over, "svg").decode()
    assert 'class="winner"' not in render_road(ROAD, "svg").decode()


def test_the_same_road_gives_the_same_bytes_and_themes_differ():
    assert render_road(ROAD, "png") == render_road(ROAD, "png")
    assert render_road(ROAD, "png", {"theme": "dark"}) != render_road(ROAD, "png")


def test_every_character_the_image_may_draw_is_in_the_vendored_font():
    cmap = TTFont(str(font_path(file=DABANG_FONT_FILE))).getBestCmap()
    assert [ch for ch in all_label_text() if ord(ch) not in cmap and not ch.isspace()] == []


@pytest.mark.parametrize(("params", "field"), [({"cell": 10}, "cell"), ({"theme": "pink"}, "theme"),
                                               ({"language": "fr"}, "language"), ({"zoom": 2}, "zoom")])
def test_bad_parameters_are_refused_with_the_field(params, field):
    with pytest.raises(DomainError) as refused:
        render_road(ROAD, "png", params)
    assert refused.value.code == "invalid_parameter" and refused.value.field == field
    with pytest.raises(DomainError):
        render_road(ROAD, "gif")
