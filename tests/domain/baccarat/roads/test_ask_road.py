"""The ask road: the next mark of each derived road for a next banker or player."""

import pytest

from roadsvc.domain.baccarat.roads.ask_road import ask_road, next_position
from roadsvc.domain.baccarat.roads.bead_plate import hands_from_letters
from roadsvc.domain.baccarat.roads.big_road import big_road

SHORT = {"red": "R", "blue": "B", None: "–"}


def asked(letters):
    hands = hands_from_letters(letters)
    road = big_road(hands, range(1, len(hands) + 1))
    answer = ask_road(road.lengths, road.last_side)
    return {
        side: " ".join(SHORT[answer[side][name]] for name in ("big_eye_boy", "small_road", "cockroach_pig"))
        for side in ("banker", "player")
    }


# spec/roads.md "Worked examples": ask banker / player (eye, small, roach), as written.
@pytest.mark.parametrize(
    "hands, banker, player",
    [
        ("BPPPB", "R B –", "B R –"),
        ("BBPPB", "R R –", "B B –"),
        ("TTBPPBB", "B R –", "R B –"),
        ("BTPPB", "R B –", "B R –"),
    ],
)
def test_worked_examples(hands, banker, player):
    assert asked(hands) == {"banker": banker, "player": player}


@pytest.mark.parametrize("letters", ["", "TTT", "B", "BT", "P"])
def test_nothing_to_ask_before_big_eye_boy_can_start(letters):
    assert asked(letters) == {"banker": "– – –", "player": "– – –"}


def test_second_column_asks_big_eye_boy_only():
    # B P: a next P goes to (1,1) -> compare column 0 row 1 (missing, row 0 there): blue;
    # a next B opens column 2 -> columns 1 and 0 are level: red.
    assert asked("BP") == {"banker": "R – –", "player": "B – –"}


def test_dragon_tail_example_asks_every_road():
    assert asked("BPBBBBBBBBPB") == {"banker": "B R B", "player": "R B R"}


def test_next_position_extends_or_opens_a_column():
    assert next_position([1, 3], "player", "player") == (1, 3)
    assert next_position([1, 3], "player", "banker") == (2, 0)
    assert next_position([], None, "banker") is None
