"""The one rule for text a person reads and for identifiers (docs/security.md, "Identifiers: one rule"): pure,
so the API's field types (roadsvc.api.schemas.common) and the services that take an identifier from elsewhere
(an account id in a path: roadsvc.services.baccarat.play) check the same thing.

Printable text: valid Unicode (no lone surrogates) without invisible or reordering characters: no control
characters (C0, DEL, C1 such as U+0085; NUL breaks PostgreSQL text), no format characters (bidi overrides such
as U+202E, zero-width U+200B, U+FEFF), no line or paragraph separators, no private-use characters.

An identifier (an account id, a slip id, a name: what a client names something by, compared as sent) is 1 to
its length of printable characters, spaced plainly: the only space is the plain U+0020, and never at either
end (a look-alike separator would make two ids that read the same; a space at an end is invisible)."""

from __future__ import annotations

import re
import unicodedata

INVALID_CHARACTERS = "invalid_characters"
CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
# Unicode categories never allowed in text: control, format (bidi, zero-width), line and paragraph separators,
# private use, surrogates.
HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp", "Co", "Cs"})
SEPARATOR_CATEGORIES = frozenset({"Zs", "Zl", "Zp"})  # spaces; only U+0020 is allowed in an identifier
MAX_ACCOUNT_ID = 100
# The rule as a regular expression (ECMA and Python alike) for a document's readers and fuzzers: a character of the
# Basic Multilingual Plane that none of the categories above holds, the plain space inside only. Every text it
# matches is an identifier (tests/domain/test_identifiers.py); the check itself is `identifier_refusal`.
_NEVER = ((0x0000, 0x001F), (0x007F, 0x00A0), (0x00AD, 0x00AD), (0x0600, 0x0605), (0x061C, 0x061C), (0x06DD, 0x06DD),
          (0x070F, 0x070F), (0x1680, 0x1680), (0x180E, 0x180E), (0x2000, 0x200F), (0x2028, 0x202F), (0x205F, 0x206F),
          (0x3000, 0x3000), (0xD800, 0xF8FF), (0xFEFF, 0xFEFF), (0xFFF9, 0xFFFB))


def _allowed(without_space: bool) -> str:
    never = sorted(_NEVER + (((0x20, 0x20),) if without_space else ()))
    ranges, start = [], 0
    for low, high in never:
        if start < low:
            ranges.append((start, low - 1))
        start = max(start, high + 1)
    if start <= 0xFFFF:
        ranges.append((start, 0xFFFF))
    return "[" + "".join(rf"\u{low:04x}" + (rf"-\u{high:04x}" if high > low else "") for low, high in ranges) + "]"


def identifier_pattern(max_length: int) -> str:
    edge, inside = _allowed(without_space=True), _allowed(without_space=False)
    return rf"^{edge}(?:{inside}{{0,{max_length - 2}}}{edge})?$"


def unprintable(text: str) -> str | None:
    """Why the text is not printable (None: it is)."""
    if CONTROL.search(text) or any(unicodedata.category(ch) in HIDDEN_CATEGORIES for ch in text):
        return "control, bidi, zero-width and other invisible characters are not allowed"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return "not valid Unicode text"
    return None


def badly_spaced(text: str) -> str | None:
    """Why the text is not spaced as an identifier is (None: it is)."""
    if any(ch != " " and (ch.isspace() or unicodedata.category(ch) in SEPARATOR_CATEGORIES) for ch in text):
        return ("only the plain space (U+0020) separates words in an identifier: no no-break, wide or other "
                "look-alike space, no tab")
    if text != text.strip():
        return "an identifier neither starts nor ends with a space"
    return None


def identifier_refusal(text: str, max_length: int) -> tuple[str, str] | None:
    """(code, why) when `text` is not an identifier of at most `max_length` characters; None when it is.
    The code: `invalid_length` for an empty or too long one, `invalid_characters` otherwise."""
    if not 1 <= len(text) <= max_length:
        return "invalid_length", f"1 to {max_length} characters"
    why = unprintable(text) or badly_spaced(text)
    return None if why is None else (INVALID_CHARACTERS, why)
