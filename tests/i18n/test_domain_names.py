"""The domain's names (baccarat's bets, 百人牛牛's areas and hand types, the good roads, the roads) are English
message ids (issue 36): every language's catalogue translates each of them, and the names shown are exactly the
operator's names they were before the move (tests/i18n/operator_names.py): zh-Hans unchanged, zh-Hant in
Traditional characters, en in English. The domain itself keeps no Chinese name and no character map."""

from __future__ import annotations

import dataclasses
import re

import pytest

import operator_names as names
from catalogues import LOCALES, SIMPLIFIED, translation

from roadsvc.domain import texts
from roadsvc.domain.baccarat.bets.catalogue import BET_TYPES, RULE_SETS
from roadsvc.domain.baccarat.bets.rule_sets import RuleSet, rule_set
from roadsvc.domain.baccarat.roads import good_roads
from roadsvc.domain.baccarat.roads.registry import ASK_ROAD_LABEL, ROADS
from roadsvc.domain.niuniu.dealing import POSITION_LABELS
from roadsvc.domain.niuniu.hands import HandType
from roadsvc.domain.texts import LANGUAGES, bet_title
from roadsvc.translations import api_name, reader

CJK = re.compile(r"[\u3400-\u9fff]")

# kind -> (code -> the domain's message id, code -> the operator's names)
DOMAIN_NAMES = {
    "bet": ({code: bet.name_en for code, bet in BET_TYPES.items()}, names.BETS),
    "百人牛牛 area": (dict(POSITION_LABELS), names.AREAS),
    "百人牛牛 hand type": ({hand.code: hand.name_en for hand in HandType}, names.HAND_TYPES),
    "good road": (dict(good_roads.NAMES), names.GOOD_ROADS),
    "road": ({**{road.name: road.label for road in ROADS}, "ask_road": ASK_ROAD_LABEL}, names.ROADS),
}
CASES = [(kind, code) for kind, (messages, _) in DOMAIN_NAMES.items() for code in messages]


def test_every_name_of_the_domain_is_one_of_the_operator_s():
    for kind, (messages, operator) in DOMAIN_NAMES.items():
        assert messages.keys() == operator.keys(), kind


@pytest.mark.parametrize(("kind", "code"), CASES)
@pytest.mark.parametrize("locale", LOCALES.values())
def test_every_catalogue_translates_the_name(kind, code, locale):
    message = DOMAIN_NAMES[kind][0][code]
    assert translation(locale, message), f"{locale} has no translation of the {kind} {code!r} ({message!r})"


@pytest.mark.parametrize(("kind", "code"), CASES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_name_shown_is_the_operator_s(kind, code, language):
    messages, operator = DOMAIN_NAMES[kind]
    assert reader(language)(messages[code]) == operator[code][LANGUAGES.index(language)]


@pytest.mark.parametrize(("kind", "code"), CASES)
def test_a_name_is_traditional_in_zh_hant_and_english_in_en(kind, code):
    message = DOMAIN_NAMES[kind][0][code]
    assert not set(reader("zh-Hant")(message)) & SIMPLIFIED, reader("zh-Hant")(message)
    assert not CJK.search(reader("en")(message)), reader("en")(message)


@pytest.mark.parametrize(("kind", "code"), CASES)
def test_the_domain_keeps_the_english_message_id_only(kind, code):
    assert DOMAIN_NAMES[kind][0][code].isascii()


def test_the_domain_has_no_character_map_left():
    assert not hasattr(texts, "TRADITIONAL") and not hasattr(texts, "traditional")


def test_the_rule_sets_keep_no_chinese_name():
    """Issue 36: RULE_SETS still carried 百家乐, 免水百家乐 ... as `RuleSet.zh`, which no page, answer or report read: a
    name that bypassed the catalogues. A rule set is its code; its bets' names are catalogue messages."""
    assert not CJK.search(repr(RULE_SETS))
    assert [field.name for field in dataclasses.fields(RuleSet)] == ["name", "bets", "hedge_limit"]
    assert rule_set("classic_no_commission").name == "classic_no_commission"


@pytest.mark.parametrize("code", sorted(BET_TYPES) + sorted(POSITION_LABELS))
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_bet_s_title_is_its_name_in_the_reader_s_language(code, language):
    expected = {**names.BETS, **names.AREAS}[code][LANGUAGES.index(language)]
    assert bet_title(code, reader(language)) == expected


def test_a_code_no_catalogue_knows_is_shown_as_words():
    assert bet_title("dragon_7", reader("zh-Hant")) == "Dragon 7"


@pytest.mark.parametrize("code", sorted(BET_TYPES))
def test_the_api_s_name_is_the_operator_s_simplified_name(code):
    """The JSON API's `name`/`name_en` keep their values: `name` is the zh-Hans catalogue's translation."""
    assert (api_name(BET_TYPES[code].name_en), BET_TYPES[code].name_en) == names.BETS[code][::2]


def test_a_name_missing_from_a_catalogue_is_found(monkeypatch):
    """The catalogue check fails for a name with no translation (gettext would show the English id)."""
    monkeypatch.setitem(good_roads.NAMES, "long_banker", "Long Banker Forever")
    assert translation("zh_Hans", good_roads.NAMES["long_banker"]) is None
    assert reader("zh-Hans")(good_roads.NAMES["long_banker"]) == "Long Banker Forever"
