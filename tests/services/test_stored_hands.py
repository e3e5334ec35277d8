"""The per-process memo of parsed stored hands returns exactly what parse_hand would."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from roadsvc.domain.errors import DomainError
from roadsvc.domain.hands import parse_hand
from roadsvc.domain.shoe import deal_shoe
from roadsvc.services.stored_hands import stored_hand


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=0, max_value=10_000))
def test_a_stored_hand_is_the_hand_its_json_parses_to(seed):
    for hand in deal_shoe(random.Random(seed)).hands[:20]:
        data = hand.to_dict()
        assert stored_hand(data) == parse_hand(data) == hand
        assert stored_hand(dict(data)) == hand  # a second read of the same content: the memo


def test_different_content_is_never_answered_from_another_entry():
    banker = {"result": "banker", "natural": True}
    assert stored_hand(banker).natural is True
    corrected = {"result": "player", "natural": True}
    assert stored_hand(corrected).result == "player"
    with pytest.raises(DomainError):  # 1 is not a boolean: not confused with the cached True
        stored_hand({"result": "banker", "natural": 1})
    assert stored_hand(banker).result == "banker"
