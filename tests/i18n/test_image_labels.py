"""The road images' words (kept as data beside each game's font subset, roadsvc/render/*labels.py) are in
their language too: the zh-Hant labels write no Simplified character, the en labels no Chinese, and every
language names the same things."""

from __future__ import annotations

import re

import pytest

from catalogues import SIMPLIFIED

from roadsvc.render import labels as baccarat
from roadsvc.render.dabang import labels as dabang
from roadsvc.render.niuniu import labels as niuniu

TABLES = {"baccarat results": baccarat.RESULT_LABELS, "baccarat roads": baccarat.ROAD_NAMES,
          "baccarat counts": baccarat.COUNT_LABELS, "百人牛牛 positions": niuniu.POSITION_LABELS,
          "百人牛牛 types": niuniu.TYPE_SHORT, "百人牛牛 captions": niuniu.CAPTIONS,
          "打棒 captions": dabang.CAPTIONS, "打棒 reasons": dabang.REASONS}
CJK = re.compile(r"[\u3400-\u9fff]")
GAME_NAMES = ("百人牛牛", "打棒")  # the operator's names of its games: never in an en image


@pytest.mark.parametrize("name", TABLES)
def test_each_language_names_the_same_things(name):
    table = TABLES[name]
    assert set(table) == {"zh-Hans", "zh-Hant", "en"}
    assert table["zh-Hans"].keys() == table["zh-Hant"].keys() == table["en"].keys()


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
