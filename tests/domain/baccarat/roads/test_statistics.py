"""Statistics: result, pair and natural counts; current and longest streaks."""

from roadsvc.domain.baccarat.roads.bead_plate import hands_from_letters
from roadsvc.domain.baccarat.roads.big_road import big_road
from roadsvc.domain.baccarat.dealing.hands import hand_from_result, parse_hand
from roadsvc.domain.baccarat.roads.statistics import Counts, Streak, counts, streaks


def streaks_of(letters):
    hands = hands_from_letters(letters)
    return streaks(big_road(hands, range(1, len(hands) + 1)).columns)


def test_counts_results_pairs_and_naturals():
    hands = [
        hand_from_result("banker", banker_pair=True),
        hand_from_result("tie", banker_pair=True, player_pair=True),
        hand_from_result("player", natural=True, player_total=9, banker_total=2),
        parse_hand({"cards": {"player": ["4S", "3H"], "banker": ["KD", "9C"]}}),  # banker natural
        hand_from_result("player", natural=False, player_total=5, banker_total=2),
    ]
    assert counts(hands) == Counts(banker=2, player=2, tie=1, banker_pair=2, player_pair=1, natural=2)


def test_counts_of_no_hands():
    assert counts([]) == Counts(0, 0, 0, 0, 0, 0)


def test_streaks_follow_big_road_columns_and_ignore_ties():
    found = streaks_of("BBBTPPBTTB")
    assert found.current == Streak("banker", 2)
    assert found.longest == {"banker": 3, "player": 2}


def test_no_streak_before_the_first_banker_or_player():
    found = streaks_of("TT")
    assert found.current is None
    assert found.longest == {"banker": 0, "player": 0}


def test_longest_player_streak_can_be_an_older_column():
    found = streaks_of("PPPPBPPB")
    assert found.current == Streak("banker", 1)
    assert found.longest == {"banker": 1, "player": 4}
