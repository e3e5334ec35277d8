"""The vendored CJK font: present, covering every label, and drawing real glyphs."""

import pytest
from fontTools.ttLib import TTFont
from PIL import Image, ImageChops, ImageDraw

from roadsvc.render.fonts import FONT_DIR, FontMissingError, check_font, font_path, load_font
from roadsvc.render.labels import all_label_text

NOT_IN_SUBSET = "龍"  # a CJK character no label uses: the font draws its .notdef box for it


def glyph_image(text: str, size: int = 48) -> Image.Image:
    image = Image.new("L", (size * 2, size * 2), 0)
    ImageDraw.Draw(image).text((size, size), text, fill=255, font=load_font(size), anchor="mm")
    return image


def test_the_subset_maps_every_character_any_label_uses():
    cmap = TTFont(font_path()).getBestCmap()
    missing = [char for char in all_label_text() if ord(char) not in cmap]
    assert missing == []


def test_the_subset_is_small_and_ships_with_its_licence():
    assert font_path().stat().st_size < 1_000_000
    licence = (FONT_DIR / "OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence
    assert "Adobe" in licence


@pytest.mark.parametrize("char", list("庄闲和莊閒"))
def test_cjk_labels_render_as_real_glyphs_not_the_notdef_box(char):
    notdef = glyph_image(NOT_IN_SUBSET)
    glyph = glyph_image(char)
    assert notdef.getbbox() is not None  # the box is drawn, so the comparison means something
    assert glyph.getbbox() is not None
    assert ImageChops.difference(glyph, notdef).getbbox() is not None


def test_simplified_and_traditional_banker_are_different_glyphs():
    assert ImageChops.difference(glyph_image("庄"), glyph_image("莊")).getbbox() is not None


def test_a_missing_font_is_reported_with_its_path(tmp_path):
    with pytest.raises(FontMissingError) as missing:
        font_path(tmp_path)
    assert str(tmp_path) in str(missing.value)


def test_check_font_at_start_finds_the_vendored_font():
    assert check_font() == font_path()


def test_without_the_font_rendering_refuses_instead_of_drawing_boxes(monkeypatch, tmp_path, showcase):
    from roadsvc.render import render
    from roadsvc.render.png import mark_sprite

    monkeypatch.setattr("roadsvc.render.fonts.FONT_DIR", tmp_path)
    load_font.cache_clear()
    mark_sprite.cache_clear()
    try:
        with pytest.raises(FontMissingError):
            render(showcase, "bead_plate", "png")
        with pytest.raises(FontMissingError):
            check_font()
    finally:
        load_font.cache_clear()
        mark_sprite.cache_clear()


def test_the_odds_chart_s_subset_maps_every_character_its_png_can_draw():
    """Issue 36: the odds chart's PNG drew its words with the road labels' subset, so it could only write English."""
    from roadsvc.render.baccarat.ev_chart import all_label_text as chart_text
    from roadsvc.render.fonts import EV_CHART_FONT_FILE

    cmap = TTFont(font_path(file=EV_CHART_FONT_FILE)).getBestCmap()
    assert [char for char in chart_text() if ord(char) not in cmap] == []
    assert "幸" in chart_text() and "運" in chart_text()  # the bets' names in both Chinese scripts
