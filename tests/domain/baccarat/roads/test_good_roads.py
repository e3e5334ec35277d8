"""The ten good roads: sequences that make each active, near misses that do not, ties."""

import pytest

from roadsvc.domain.baccarat.roads.bead_plate import hands_from_letters
from roadsvc.domain.baccarat.roads.big_road import big_road
from roadsvc.domain.errors import DomainError
from roadsvc.domain.baccarat.roads.good_roads import NAMES, GoodRoadThresholds, good_roads

SWAP = str.maketrans("BP", "PB")


def active(letters, thresholds=None):
    """{code: since_hand} of the good roads active after these hands."""
    hands = hands_from_letters(letters)
    road = big_road(hands, range(1, len(hands) + 1))
    return {good.code: good.since_hand for good in good_roads(road.columns, thresholds)}


def mirrored(code):
    return code.replace("banker", "@").replace("player", "banker").replace("@", "player")


# (banker-side code, letters, since_hand); each is also checked mirrored for the player side.
ACTIVE = [
    ("long_banker", "PBBBB", 2),
    ("long_banker", "PBBTBB", 2),  # a tie inside
    ("long_banker", "BBBBBBBBB", 1),
    ("one_hall_two_rooms_banker", "BPPBPP", 1),
    ("one_hall_two_rooms_banker", "BPPBPPB", 1),  # followed by B1
    ("one_hall_two_rooms_banker", "BPPBPPBP", 1),  # followed by B1 P1
    ("one_hall_two_rooms_banker", "BPPBPPBPP", 1),  # a third repeat
    ("one_hall_two_rooms_banker", "PBPPBPP", 2),  # a lone P1 before is not part of it
    ("one_hall_two_rooms_banker", "BPTPBPTTP", 1),  # ties inside
    ("banker_sticky", "BBPBBP", 1),
    ("banker_sticky", "BBBPBBBBP", 1),
    ("banker_sticky", "BBPBBPB", 1),  # followed by a banker column of any length
    ("banker_sticky", "BBPBBPBBBBB", 1),
    ("banker_sticky", "BBPBBPBBP", 1),  # a third repeat
    ("banker_sticky", "PPBBPBBP", 3),
    ("banker_sticky", "BBPTBTBP", 1),  # ties inside
    ("banker_skip_sticky", "BPBBPBPBB", 1),
    ("banker_skip_sticky", "BPPPBBPPBPBBB", 1),  # players of any length between
    ("banker_skip_sticky", "BPBBPBPBBP", 1),  # followed by one player column
    ("banker_skip_sticky", "BPBBPBPBBPPPP", 1),
    ("banker_skip_sticky", "BPBBPBPBBPBPBB", 1),  # a third 单黐
    ("banker_skip_sticky", "PPBPBBPBPBB", 3),
    ("banker_skip_sticky", "BTPBBPBTPTBB", 1),  # ties inside
]

NEAR_MISSES = [
    ("long_banker", "PBBB"),  # three
    ("long_banker", "BBBBP"),  # the newest column is player
    ("long_banker", "BBBTTT"),  # ties do not lengthen a column
    ("one_hall_two_rooms_banker", "BPPBP"),  # B1 P2 B1 P1: one repeat and a bit
    ("one_hall_two_rooms_banker", "BPPBPPP"),  # P3
    ("one_hall_two_rooms_banker", "BPPBBPP"),  # B2 in the middle
    ("one_hall_two_rooms_banker", "BPPBPPBB"),  # followed by B2
    ("one_hall_two_rooms_banker", "BPPBPPBPB"),  # followed by B1 P1 B1
    ("one_hall_two_rooms_banker", "BPPTTBTP"),  # ties do not make P2
    ("banker_sticky", "BBPBP"),  # B1 in the second unit
    ("banker_sticky", "BBPPBBP"),  # P2
    ("banker_sticky", "BBPBBPP"),  # ends P2
    ("banker_sticky", "BPBBP"),  # starts B1
    ("banker_sticky", "BBPBBPBP"),  # B1 P1 after: the third unit's banker is short
    ("banker_sticky", "BBPBTP"),  # a tie does not make B2
    ("banker_skip_sticky", "BPBBPBPB"),  # the second 单黐 has not stuck yet
    ("banker_skip_sticky", "BPBBPBPBBPB"),  # more than one column after
    ("banker_skip_sticky", "BPBPBPBB"),  # the first single did not stick
    ("banker_skip_sticky", "BBPBBPBPBB"),  # starts B2, not B1
    ("banker_skip_sticky", "BPBBPBBPBB"),  # B2 where the second B1 belongs
]


@pytest.mark.parametrize("code, letters, since", ACTIVE)
def test_active(code, letters, since):
    assert active(letters).get(code) == since
    assert active(letters.translate(SWAP)).get(mirrored(code)) == since


@pytest.mark.parametrize("code, letters", NEAR_MISSES)
def test_near_miss(code, letters):
    assert code not in active(letters)
    assert mirrored(code) not in active(letters.translate(SWAP))


@pytest.mark.parametrize(
    "letters, since",
    [("BBPP", 1), ("BBPPBB", 1), ("BPPBB", 2), ("BBTPTP", 1), ("PPBBBPPPP", 1)],
)
def test_double_sticky_active(letters, since):
    assert active(letters)["double_sticky"] == since


@pytest.mark.parametrize("letters", ["BPP", "BBPPB", "BBP", "BBTPT", "BB"])
def test_double_sticky_near_miss(letters):
    assert "double_sticky" not in active(letters)


@pytest.mark.parametrize("letters, since", [("BPBP", 1), ("PBPBPB", 1), ("BBPBPB", 3), ("BPTBTTP", 1)])
def test_single_jump_active(letters, since):
    assert active(letters)["single_jump"] == since


@pytest.mark.parametrize("letters", ["BPB", "BPBPP", "BBPBP", "BPTPB"])
def test_single_jump_near_miss(letters):
    assert "single_jump" not in active(letters)


def test_ties_never_make_or_break_a_good_road():
    for letters in ["BPPBPPBP", "BBPBBPBBB", "BPBBPBPBBP", "PBBBB", "BBPP", "BPBP"]:
        with_ties = "T" + "T".join(letters) + "TT"
        assert set(active(with_ties)) == set(active(letters))


def test_several_good_roads_at_once():
    # B2 P1 B2 P1 B4: banker sticky (with its continuation) and long banker.
    assert active("BBPBBPBBBB") == {"long_banker": 7, "banker_sticky": 1}


def test_since_hand_counts_leading_ties_and_ties_as_hands():
    assert active("TTPBBTBB") == {"long_banker": 4}


def test_thresholds_are_configuration():
    assert "long_banker" not in active("PBBBBB", GoodRoadThresholds(long_banker=6))
    assert active("PBBBBBB", GoodRoadThresholds(long_banker=6))["long_banker"] == 2
    assert active("BPP", GoodRoadThresholds(long_player=2))["long_player"] == 2
    three = GoodRoadThresholds(repeats=3)
    assert "one_hall_two_rooms_banker" not in active("BPPBPP", three)
    assert active("BPPBPPBPP", three)["one_hall_two_rooms_banker"] == 1
    assert "banker_sticky" not in active("BBPBBP", three)
    assert "banker_skip_sticky" not in active("BPBBPBPBB", three)
    assert active("BPBBPBPBBPBPBB", three)["banker_skip_sticky"] == 1
    assert active("BPBBP", GoodRoadThresholds(repeats=1))["banker_skip_sticky"] == 1


@pytest.mark.parametrize("field, value", [("long_banker", 0), ("long_player", -1), ("repeats", True), ("repeats", 1.5)])
def test_bad_thresholds_are_refused(field, value):
    with pytest.raises(DomainError) as caught:
        GoodRoadThresholds(**{field: value})
    assert caught.value.code == "invalid_threshold" and caught.value.field == field


def test_codes_and_names_follow_the_spec_table():
    assert list(NAMES) == [
        "long_banker", "long_player", "double_sticky", "single_jump",
        "one_hall_two_rooms_banker", "one_hall_two_rooms_player",
        "banker_sticky", "player_sticky", "banker_skip_sticky", "player_skip_sticky",
    ]  # fmt: skip
    # English message ids; the spec's Chinese names (长庄, 长闲 ... 隔黐闲) are the catalogues' (tests/i18n)
    assert list(NAMES.values()) == [
        "Long Banker", "Long Player", "Double Sticky", "Single Jump", "One Hall Two Rooms (Banker)",
        "One Hall Two Rooms (Player)", "Banker Sticky", "Player Sticky", "Banker Skip Sticky", "Player Skip Sticky",
    ]
