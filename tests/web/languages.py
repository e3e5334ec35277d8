"""What a reader sees of a page, and the checks that it is all in the page's language (issue 36): no
untranslated English on a zh page, no raw code, no Simplified character on a zh-Hant page, no Chinese on an
en page but what the operator typed and card faces."""

from __future__ import annotations

import re
import sys
from html.parser import HTMLParser
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "i18n"))
from catalogues import SIMPLIFIED  # noqa: E402  (tests/i18n: the catalogue checks' list)

SHOWN_ATTRIBUTES = ("title", "alt", "placeholder", "aria-label", "data-label")
SKIPPED = ("script", "style")
CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
# The language links' own names, each in its own language.
LANGUAGE_NAMES = ("简体", "繁體")
# A code as the API writes it (bull_5, player_1, stale_table): never a word for a reader, in any language.
RAW_CODE = re.compile(r"\b[a-z]+_[a-z0-9_]+\b")
# English on a zh page that is not a word to translate: the product, units, a zone, card ranks.
ENGLISH_KEPT = {"roadsvc", "EV", "EN", "PDF", "CSV", "UTC"}
# A zone's letters ("CST" is China's, Cuba's and the US Central zone): a time shows its zone written out.
ZONE_LETTERS = re.compile(r"\b(?:CST|HKT|CET|CEST|EST|EDT|PST|PDT|JST|KST|SGT|AWST|GMT)\b")
# Identifiers shown as they are: a time zone's name (Asia/Macau).
IDENTIFIERS = re.compile(r"\b[A-Z][a-z]+/[A-Za-z_]+\b")


class _Shown(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skipping = 0

    def handle_starttag(self, tag, attrs):
        if tag in SKIPPED:
            self.skipping += 1
        for name, value in attrs:
            if name in SHOWN_ATTRIBUTES and value:
                self.parts.append(value)

    def handle_endtag(self, tag):
        if tag in SKIPPED:
            self.skipping -= 1

    def handle_data(self, data):
        if not self.skipping and data.strip():
            self.parts.append(data.strip())


def shown_text(html: str) -> list[str]:
    """The page's visible text and its shown attributes (titles, alt texts, placeholders), piece by piece."""
    parser = _Shown()
    parser.feed(html)
    return parser.parts


def problems(pieces: list[str], language: str, typed: tuple[str, ...]) -> list[str]:
    """What is not in `language` among `pieces`, once the operator-typed names `typed` are taken out."""
    found = []
    for piece in pieces:
        text = IDENTIFIERS.sub(" ", piece)
        for name in sorted(typed + LANGUAGE_NAMES, key=len, reverse=True):
            text = text.replace(name, " ")
        if RAW_CODE.search(text):
            found.append(f"a raw code on a {language} page: {piece!r}")
        if ZONE_LETTERS.search(text):
            found.append(f"a zone's letters, not the zone, on a {language} page: {piece!r}")
        if language == "en":
            if CJK.search(text):
                found.append(f"Chinese on an en page: {piece!r}")
            continue
        if language == "zh-Hant" and set(text) & SIMPLIFIED:
            found.append(f"Simplified on a zh-Hant page: {piece!r} ({''.join(sorted(set(text) & SIMPLIFIED))})")
        words = [word for word in re.findall(r"[A-Za-z_][A-Za-z_]+", text) if word not in ENGLISH_KEPT]
        if words:
            found.append(f"English or a code on a {language} page: {piece!r}")
    return found
