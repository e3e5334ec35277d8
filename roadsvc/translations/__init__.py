"""The words every reader sees, as gettext catalogues: `zh_Hans`, `zh_Hant` and `en` `.po` files beside
this module, extracted with `pybabel` (babel.cfg; docs/floor_page.md says how to add a word).

The `.po` files are the source kept in git; their `.mo` files are compiled from them when first needed
(`compiled_directory`), so a fresh clone, an editable install and a wheel all work with no build step.
The pages translate with Flask-Babel (roadsvc.web), which reads the same directory; the PDF and the
images translate with `translations(language)` here, outside any request.

Message ids are English. A word whose English is the same for two meanings carries a context
(`pgettext`). A word kept in a table of codes (a status, a phase, a hand type) is marked with `N_` or
`NC_` so that `pybabel extract` finds it, and translated where it is shown.
"""

from __future__ import annotations

import functools
import os
import tempfile
from collections.abc import Iterator, Mapping
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

from roadsvc.domain.messages import N_, NC_  # noqa: F401 - the marks, for the layers that import them from here
from roadsvc.domain.texts import Reader, lang_of

DIRECTORY = Path(__file__).parent
DOMAIN = "messages"
# A page's language (roadsvc.domain.texts.LANGUAGES) -> its catalogue's locale.
LOCALES = {"zh-Hans": "zh_Hans", "zh-Hant": "zh_Hant", "en": "en"}


def _po_files(directory: Path) -> list[Path]:
    return sorted(directory.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def _compile(po: Path, mo: Path) -> None:
    with po.open("rb") as source:
        catalog = read_po(source, locale=po.parent.parent.name)
    mo.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=mo.parent, suffix=".mo")
    with os.fdopen(handle, "wb") as target:
        write_mo(target, catalog)
    os.replace(temporary, mo)  # atomic: a process reading it sees the old or the new catalogue


def _stale(po: Path, mo: Path) -> bool:
    return not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime


@functools.cache
def compiled_directory() -> Path:
    """The directory of compiled catalogues: this package's own (each `.mo` compiled beside its `.po` when
    missing or older), or, where the package cannot be written (a read-only install), a copy compiled
    in the temporary directory."""
    pos = _po_files(DIRECTORY)
    try:
        for po in pos:
            mo = po.with_suffix(".mo")
            if _stale(po, mo):
                _compile(po, mo)
        return DIRECTORY
    except OSError:
        stamp = max((po.stat().st_mtime_ns for po in pos), default=0)
        elsewhere = Path(tempfile.gettempdir()) / f"roadsvc-translations-{os.getuid()}-{stamp}"
        for po in pos:
            mo = elsewhere / po.relative_to(DIRECTORY).with_suffix(".mo")
            if not mo.exists():
                _compile(po, mo)
        return elsewhere


@functools.cache
def translations(language: str) -> Translations:
    """The catalogue of a reader's language ('zh-Hans', 'zh-Hant', 'en'), for text made outside a request."""
    return Translations.load(str(compiled_directory()), [LOCALES[language]], DOMAIN)


def reader(language: str | None) -> Reader:
    """A reader of `language` (the default language for one the service does not speak), for the domain's
    texts (alert titles and messages)."""
    language = lang_of(language)
    return Reader(language, translations(language))


def api_name(message: str) -> str:
    """The JSON API's `name` of a bet type or a good road: its zh-Hans translation. The contract's `name` has
    always been the operator's Simplified Chinese name and `name_en` the English one, which is the message id;
    both stay as they were now that the Chinese lives in the catalogues (docs/floor_page.md)."""
    return translations("zh-Hans").gettext(message)


class Words(Mapping[str, str]):
    """A table of words (key -> message id, or (context, message id)) read in one language, outside a request
    (the PDF, the images); each translated when read."""

    def __init__(self, table: Mapping[str, str | tuple[str, str]], language: str):
        self.table, self.language, self.catalogue = table, language, translations(language)

    @property
    def reader(self) -> Reader:
        return Reader(self.language, self.catalogue)

    def __getitem__(self, key: str) -> str:
        message = self.table[key]
        return self.catalogue.pgettext(*message) if isinstance(message, tuple) else self.catalogue.gettext(message)

    def __iter__(self) -> Iterator[str]:
        return iter(self.table)

    def __len__(self) -> int:
        return len(self.table)


class Languages(Mapping[str, Words]):
    """A table of words in every language the service speaks: `table[language][key]`, each word read from that
    language's catalogue (the road images' labels, roadsvc.render.*labels)."""

    def __init__(self, table: Mapping[str, str | tuple[str, str]]):
        self.table = table

    def __getitem__(self, language: str) -> Words:
        if language not in LOCALES:
            raise KeyError(language)
        return Words(self.table, language)

    def __iter__(self) -> Iterator[str]:
        return iter(LOCALES)

    def __len__(self) -> int:
        return len(LOCALES)
