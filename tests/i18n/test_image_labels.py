"""The road images' words (English message ids beside each game's board, roadsvc/render/*labels.py, translated by
the catalogues) are in their language: every catalogue translates each, the words drawn are those drawn before
issue 36 moved them to the catalogues (tests/i18n/image_words.py), the zh-Hant labels write no Simplified
character, the en labels no Chinese, and every language names the same things."""

from __future__ import annotations

import re

import pytest

import image_words as before
from catalogues import LOCALES, SIMPLIFIED, translation

from roadsvc.render import labels as baccarat
from roadsvc.render.dabang import labels as dabang
from roadsvc.render.niuniu import labels as niuniu

TABLES = {"baccarat results": baccarat.RESULT_LABELS, "baccarat roads": baccarat.ROAD_NAMES,
          "baccarat counts": baccarat.COUNT_LABELS, "百人牛牛 positions": niuniu.POSITION_LABELS,
          "百人牛牛 types": niuniu.TYPE_SHORT, "百人牛牛 captions": niuniu.CAPTIONS,
          "打棒 captions": dabang.CAPTIONS, "打棒 reasons": dabang.REASONS}
BEFORE = {"baccarat results": before.BACCARAT_RESULTS, "baccarat roads": before.BACCARAT_ROADS,
          "baccarat counts": before.BACCARAT_COUNTS, "百人牛牛 positions": before.NIUNIU_POSITIONS,
          "百人牛牛 types": before.NIUNIU_TYPES, "百人牛牛 captions": before.NIUNIU_CAPTIONS,
          "打棒 captions": before.DABANG_CAPTIONS, "打棒 reasons": before.DABANG_REASONS}
CJK = re.compile(r"[\u3400-\u9fff]")
GAME_NAMES = ("百人牛牛", "打棒")  # the operator's names of its games: never in an en image


@pytest.mark.parametrize("name", TABLES)
def test_each_language_names_the_same_things(name):
    table = TABLES[name]
    assert set(table) == {"zh-Hans", "zh-Hant", "en"}
    assert table["zh-Hans"].keys() == table["zh-Hant"].keys() == table["en"].keys()


@pytest.mark.parametrize("name", TABLES)
@pytest.mark.parametrize("locale", LOCALES.values())
def test_every_catalogue_translates_every_image_word(name, locale):
    missing = [message for message in TABLES[name].table.values() if not translation(locale, message)]
    assert not missing, f"{name}: {locale} has no translation of {missing}"


@pytest.mark.parametrize("name", TABLES)
def test_the_words_drawn_are_those_drawn_before(name):
    assert {language: dict(words) for language, words in TABLES[name].items()} == BEFORE[name]


@pytest.mark.parametrize("name", TABLES)
def test_traditional_labels_write_no_simplified_character(name):
    mixed = {key: word for key, word in TABLES[name]["zh-Hant"].items() if set(word) & SIMPLIFIED}
    assert not mixed, f"{name}: Simplified characters in zh-Hant: {mixed}"


@pytest.mark.parametrize("name", TABLES)
def test_english_labels_write_no_chinese(name):
    chinese = {key: word for key, word in TABLES[name]["en"].items() if CJK.search(word)}
    assert not chinese, f"{name}: Chinese in en: {chinese}"


def test_the_simplified_check_would_catch_a_simplified_label():
    assert set(niuniu.POSITION_LABELS["zh-Hans"]["player_1"]) & SIMPLIFIED
    assert set(dabang.CAPTIONS["zh-Hans"]["title"]) & SIMPLIFIED


def test_the_font_subsets_cover_the_same_text_as_before():
    """The vendored font subsets were cut from `all_label_text()`: the catalogues give it unchanged."""
    assert {"baccarat": baccarat.all_label_text(), "niuniu": niuniu.all_label_text(),
            "dabang": dabang.all_label_text()} == before.FONT_TEXT
