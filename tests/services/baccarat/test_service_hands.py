"""The unique (shoe_id, number) constraint is the last guard: a poster that got past the
lock with a stale count is answered as a retry or a conflict, never with an error."""

from __future__ import annotations

import pytest

from roadsvc.domain.baccarat.dealing.hands import parse_hand
from roadsvc.persistence import repositories
from roadsvc.services import tables
from roadsvc.services.baccarat import hands, shoes
from roadsvc.services.errors import Conflict

NATURAL = parse_hand({"cards": ["4S", "KD", "3H", "9C"]})
OTHER = parse_hand({"cards": ["9S", "2D", "KH", "3C"]})


@pytest.fixture
def table_id(db) -> int:
    table = tables.create_table(db, "T")
    shoes.open_shoe(db, table.id)
    return table.id


def stale_count_once(monkeypatch, stale: int) -> None:
    """The next count of stored hands answers `stale` (as if another post had not landed)."""
    real = repositories.last_hand_number
    calls = []

    def last_hand_number(session, shoe_id):
        calls.append(shoe_id)
        return stale if len(calls) == 1 else real(session, shoe_id)

    monkeypatch.setattr(repositories, "last_hand_number", last_hand_number)


def test_a_stale_poster_with_the_same_hand_gets_the_stored_hand(db, table_id, monkeypatch):
    hands.post_hand(db, table_id, NATURAL, 1)
    stale_count_once(monkeypatch, 0)
    retry = hands.post_hand(db, table_id, NATURAL, 1)
    assert (retry.number, retry.created) == (1, False)


def test_a_stale_poster_with_another_hand_gets_a_conflict(db, table_id, monkeypatch):
    hands.post_hand(db, table_id, NATURAL, 1)
    stale_count_once(monkeypatch, 0)
    with pytest.raises(Conflict) as refused:
        hands.post_hand(db, table_id, OTHER, 1)
    assert refused.value.code == "hand_conflict"


def test_a_stale_poster_without_a_number_is_stored_as_the_next_hand(db, table_id, monkeypatch):
    hands.post_hand(db, table_id, NATURAL)
    stale_count_once(monkeypatch, 0)
    posted = hands.post_hand(db, table_id, OTHER)
    assert (posted.number, posted.created) == (2, True)
    assert [h.number for h in hands.list_hands(db, posted.shoe_id)] == [1, 2]
