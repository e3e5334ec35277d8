"""The names the domain keeps in Simplified Chinese and English (bets, 百人牛牛's areas, good roads, roads), shown in
zh-Hant through the character map of roadsvc.domain.texts: the map covers every character they use, so a zh-Hant
page shows no Simplified character, and no English name writes Chinese."""

from __future__ import annotations

import re

import pytest

from catalogues import SIMPLIFIED

from roadsvc.domain.baccarat.bets.catalogue import BET_TYPES
from roadsvc.domain.baccarat.roads import good_roads
from roadsvc.domain.baccarat.roads.registry import ASK_ROAD_LABELS, ROADS
from roadsvc.domain.niuniu.dealing import POSITION_LABELS
from roadsvc.domain.texts import bet_title, traditional

CJK = re.compile(r"[\u3400-\u9fff]")
BETS = sorted(BET_TYPES) + sorted(POSITION_LABELS)


@pytest.mark.parametrize("code", BETS)
def test_a_bet_s_name_is_traditional_on_a_zh_hant_page_and_english_on_an_en_page(code):
    assert not set(bet_title(code, "zh-Hant")) & SIMPLIFIED, bet_title(code, "zh-Hant")
    assert bet_title(code, "zh-Hant") != bet_title(code, "zh-Hans") or not set(bet_title(code, "zh-Hans")) & SIMPLIFIED
    assert not CJK.search(bet_title(code, "en")), bet_title(code, "en")


@pytest.mark.parametrize("code", sorted(good_roads.NAMES))
def test_a_good_road_s_name_is_traditional_once_mapped(code):
    chinese, english = good_roads.NAMES[code]
    assert not set(traditional(chinese)) & SIMPLIFIED, traditional(chinese)
    assert not CJK.search(english)


def test_the_roads_names_are_traditional_in_zh_hant():
    for labels in [road.labels for road in ROADS] + [ASK_ROAD_LABELS]:
        assert not set(labels["zh-Hant"]) & SIMPLIFIED, labels
        assert not CJK.search(labels["en"]), labels
