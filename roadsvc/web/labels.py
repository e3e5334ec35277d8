"""The pit boss's pages' words that templates look up by a code or a key (`t("key")`, `labels[status]`):
each an English message id marked for `pybabel extract` (N_, or NC_ with a context where the same English
means two things), translated by the gettext catalogues (roadsvc/translations) in the page's language.
A word written once in a template is simply `_("...")` there. The domain's names (bets, 百人牛牛's areas and
hand types, good roads, roads) are English message ids too, translated where they are shown.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from flask_babel import gettext, pgettext

from roadsvc.domain.texts import DEFAULT_LANGUAGE, LANGUAGES
from roadsvc.web.recall_words import RECALL_WORDS
from roadsvc.web.words import PAGE_WORDS

WORDS: dict[str, str | tuple[str, str]] = {**PAGE_WORDS, **RECALL_WORDS}


def check_language(language: str | None) -> str:
    return language if language in LANGUAGES else DEFAULT_LANGUAGE


def label(key: str, **values: object) -> str:
    """The word `key` in the page's language; `{name}` in it replaced by `values`."""
    text = _translated(WORDS[key])
    return text.format(**values) if values else text


def _translated(message: str | tuple[str, str]) -> str:
    return pgettext(*message) if isinstance(message, tuple) else gettext(message)


class Labels(Mapping[str, str]):
    """A table of words as the templates look them up by a code (`labels[entry.status]`), each translated
    in the page's language when read."""

    def __init__(self, words: Mapping[str, str | tuple[str, str]]):
        self.words = words

    def __getitem__(self, key: str) -> str:
        return _translated(self.words[key])

    def __iter__(self) -> Iterator[str]:
        return iter(self.words)

    def __len__(self) -> int:
        return len(self.words)

