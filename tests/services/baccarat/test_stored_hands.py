"""The per-process memo of parsed stored hands returns exactly what parse_hand would."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings, strategies as st

from roadsvc.domain.errors import DomainError
from roadsvc.domain.baccarat.dealing.hands import parse_hand
from roadsvc.domain.baccarat.dealing.shoe import deal_shoe
from roadsvc.services.baccarat.stored_hands import stored_hand


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=0, max_value=10_000))
def test_a_stored_hand_is_the_hand_its_json_parses_to(seed):
    for hand in deal_shoe(random.Random(seed)).hands[:20]:
        text = json.dumps(hand.to_dict())
        assert stored_hand(text) == parse_hand(json.loads(text)) == hand
        assert stored_hand("".join(text)) == hand  # a second read of the same text (another str): the memo


def test_different_content_is_never_answered_from_another_entry():
    banker = '{"result": "banker", "natural": true}'
    assert stored_hand(banker).natural is True
    corrected = '{"result": "player", "natural": true}'
    assert stored_hand(corrected).result == "player"
    with pytest.raises(DomainError):  # 1 is not a boolean: not confused with the cached true
        stored_hand('{"result": "banker", "natural": 1}')
    assert stored_hand(banker).result == "banker"
