"""The next hand's odds for the floor monitor and the jobs: by (shoe, revision), cached, with
the positive_ev rule's answer; a voided hand's cards stay in the shoe, as the supply check has it."""

from __future__ import annotations

import pytest

from roadsvc.services import tables
from roadsvc.services.baccarat import hands, integrity, shoes
from roadsvc.services.errors import Conflict, NotFound
from late_shoe import nines_and_eights

@pytest.fixture
def shoe(db):
    table = tables.create_table(db, "Integrity", "extended")
    shoe = shoes.open_shoe(db, table.id, burn_card="KS")
    return table.id, shoe.id


def test_the_next_hand_is_cached_by_revision(db, shoe):
    table_id, shoe_id = shoe
    view = hands.post_hand(db, table_id, nines_and_eights(0))
    first = integrity.next_hand_odds(db, shoe_id, view.revision)
    assert integrity.next_hand_odds(db, shoe_id, view.revision) is first
    assert (first.after_hand, first.hand_number, first.cards_seen, first.odds.cards_left) == (1, 2, 5, 411)
    later = hands.post_hand(db, table_id, nines_and_eights(1))
    assert integrity.next_hand_odds(db, shoe_id, later.revision).after_hand == 2


def test_the_positive_ev_rule_answers_for_a_late_shoe_and_is_empty_for_a_fresh_one(db, shoe):
    table_id, shoe_id = shoe
    assert integrity.next_hand_odds(db, shoe_id).advantages() == []
    for i in range(4):
        view = hands.post_hand(db, table_id, nines_and_eights(i))
    found = integrity.next_hand_odds(db, shoe_id, view.revision).advantages()
    assert [(a.bet, a.cards_left, a.hand_number) for a in found] == [("lucky_seven", 399, 5), ("fire_sevens", 399, 5)]


def test_a_voided_hands_cards_are_not_counted_as_seen(db, shoe):
    table_id, shoe_id = shoe
    hands.post_hand(db, table_id, nines_and_eights(0))
    voided = hands.void_hand(db, shoe_id, 1, "entered at the wrong table", "pitboss")
    assert integrity.next_hand_odds(db, shoe_id, voided.revision).cards_seen == 1  # the burn card only


def test_unknown_shoes_and_result_only_tables_are_refused(db):
    with pytest.raises(NotFound):
        integrity.next_hand_odds(db, 999)
    table = tables.create_table(db, "By result", "classic", {"hands_by": "result"})
    shoe = shoes.open_shoe(db, table.id)
    with pytest.raises(Conflict) as error:
        integrity.next_hand_odds(db, shoe.id)
    assert error.value.code == "no_composition"


def test_the_monitors_findings_resolve_when_the_shoe_closes_and_never_come_for_result_tables(db, shoe):
    table_id, shoe_id = shoe
    for i in range(4):
        hands.post_hand(db, table_id, nines_and_eights(i))
    assert [a.bet for a in integrity.positive_ev_findings(db, shoe_id)] == ["lucky_seven", "fire_sevens"]
    shoes.open_shoe(db, table_id)  # closes the late shoe: no next hand to bet on
    assert integrity.positive_ev_findings(db, shoe_id) == []
    result_table = tables.create_table(db, "Results", "extended", {"hands_by": "result"})
    assert integrity.positive_ev_findings(db, shoes.open_shoe(db, result_table.id).id) == []
