"""The bead plate: every hand, ties included, six rows to a column; the letter notation."""

import pytest

from roadsvc.domain.baccarat.roads.bead_plate import bead_plate, bead_position, hands_from_letters
from roadsvc.domain.errors import DomainError
from roadsvc.domain.baccarat.dealing.hands import hand_from_result, parse_hand


def test_beads_fill_six_rows_then_the_next_column_ties_included():
    hands = hands_from_letters("BPTBBPTP")
    beads = bead_plate(hands, range(1, 9))
    assert [(b.hand, b.col, b.row, b.result) for b in beads] == [
        (1, 0, 0, "banker"),
        (2, 0, 1, "player"),
        (3, 0, 2, "tie"),
        (4, 0, 3, "banker"),
        (5, 0, 4, "banker"),
        (6, 0, 5, "player"),
        (7, 1, 0, "tie"),
        (8, 1, 1, "player"),
    ]


def test_bead_position_of_the_37th_hand():
    assert bead_position(36) == (6, 0)
    assert bead_position(41) == (6, 5)


def test_bead_carries_pairs_points_and_natural_of_its_own_hand():
    tie_with_pairs = hand_from_result("tie", banker_pair=True, player_pair=True, player_total=6, banker_total=6)
    natural_win = parse_hand({"cards": {"player": ["4S", "3H"], "banker": ["KD", "9C"]}})
    first, second = bead_plate([tie_with_pairs, natural_win], [3, 5])
    assert (first.hand, first.result, first.banker_pair, first.player_pair, first.points) == (3, "tie", True, True, 6)
    assert first.natural is None
    assert (second.hand, second.result, second.points, second.natural) == (5, "banker", 9, True)


def test_bead_without_totals_has_no_points():
    (bead,) = bead_plate([hand_from_result("player")], [1])
    assert bead.points is None and bead.natural is None


def test_letters_are_case_insensitive_and_ignore_spaces_and_commas():
    hands = hands_from_letters("b p, T\tB")
    assert [h.result for h in hands] == ["banker", "player", "tie", "banker"]


@pytest.mark.parametrize("text, char, position", [("BPX", "X", 3), ("b,p;", ";", 4), ("1", "1", 1)])
def test_any_other_character_is_refused_with_its_position(text, char, position):
    with pytest.raises(DomainError) as caught:
        hands_from_letters(text)
    assert caught.value.code == "invalid_letter"
    assert repr(char) in caught.value.message
    assert f"position {position}" in caught.value.message
    assert caught.value.field == f"position {position}"
