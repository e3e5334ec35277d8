"""The catalogues are complete: every word the code marks is in each language's catalogue, translated, not
fuzzy, with the same placeholders, and the Traditional catalogue writes no Simplified character."""

from __future__ import annotations

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg

from catalogues import LOCALES, ROOT, catalogue, placeholders, SIMPLIFIED, strings

KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "lazy_gettext": None,
            "lazy_pgettext": ((1, "c"), 2), "N_": None, "NC_": ((1, "c"), 2)}


def extracted() -> set[tuple[str | None, str]]:
    """What `./dev translations` extracts from the code and templates now (babel.cfg)."""
    with (ROOT / "babel.cfg").open() as cfg:
        methods, options = parse_mapping_cfg(cfg)
    found = set()
    for _, _, message, _, context in extract_from_dir(ROOT / "roadsvc", methods, options, KEYWORDS):
        found.add((context, message[0] if isinstance(message, tuple) else message))
    return found


@pytest.mark.parametrize("locale", LOCALES.values())
def test_every_marked_word_is_in_the_catalogue(locale):
    ids = {(message.context, message.id if isinstance(message.id, str) else message.id[0])
           for message in catalogue(locale) if message.id}
    missing = extracted() - ids
    assert not missing, f"run ./dev translations, then translate: {sorted(missing, key=str)[:20]}"


@pytest.mark.parametrize("locale", LOCALES.values())
def test_every_message_is_translated(locale):
    untranslated = [message.id for message in catalogue(locale)
                    if message.id and (message.fuzzy or not all(strings(message)))]
    assert not untranslated, f"{locale}: untranslated or fuzzy: {untranslated[:20]}"


@pytest.mark.parametrize("locale", LOCALES.values())
def test_translations_keep_the_placeholders(locale):
    wrong = [message.id for message in catalogue(locale) if message.id and isinstance(message.id, str)
             and placeholders(message.id) != placeholders(message.string)]
    assert not wrong, f"{locale}: placeholders differ: {wrong}"


def test_traditional_catalogue_writes_no_simplified_character():
    mixed = {message.id: text for message in catalogue("zh_Hant") for text in strings(message)
             if message.id and set(text) & SIMPLIFIED}
    assert not mixed, f"zh_Hant writes Simplified characters: {mixed}"


def test_simplified_check_catches_the_pages_mixed_words():
    """The check knows the words issue 36 found on a zh-Hant page."""
    assert all(set(word) & SIMPLIFIED for word in ("迟到注单", "庄", "闲一", "暂无"))
    assert not set("遲到注單莊閒一暫無") & SIMPLIFIED
