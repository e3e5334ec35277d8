"""The one identifier rule (docs/security.md): what it takes and refuses, and its pattern agreeing with it."""

from __future__ import annotations

import re

from hypothesis import given, settings, strategies as st

from roadsvc.domain.identifiers import identifier_pattern, identifier_refusal

PATTERN = re.compile(identifier_pattern(20))


def test_what_an_identifier_may_hold():
    for text in ("acct-1", "玩家 #7/A", "a b", "x" * 20, "é"):
        assert identifier_refusal(text, 20) is None and PATTERN.match(text), text
    for text, code in (("", "invalid_length"), ("x" * 21, "invalid_length"), (" a", "invalid_characters"),
                       ("a ", "invalid_characters"), ("a\u00a0b", "invalid_characters"), ("a\tb", "invalid_characters"),
                       ("a\u202eb", "invalid_characters"), ("a\u200bb", "invalid_characters"),
                       ("a\ue000", "invalid_characters"), ("a\x00", "invalid_characters")):
        assert identifier_refusal(text, 20)[0] == code and not PATTERN.match(text), text


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=25))
def test_every_text_the_pattern_matches_is_an_identifier(text):
    if PATTERN.match(text):
        assert identifier_refusal(text, 20) is None
