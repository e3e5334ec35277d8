"""Good-road lengths (columns, hands) and the notices diff: started, ended, grown."""

from hypothesis import given
from hypothesis import strategies as st

from roadsvc.domain.baccarat.roads.bead_plate import hands_from_letters
from roadsvc.domain.baccarat.roads.big_road import big_road
from roadsvc.domain.baccarat.roads.good_road_notices import good_road_changes
from roadsvc.domain.baccarat.roads.good_roads import good_roads


def active(letters):
    hands = hands_from_letters(letters)
    road = big_road(hands, range(1, len(hands) + 1))
    return {good.code: good for good in good_roads(road.columns)}


def as_json(letters):
    return [{"code": g.code, "since_hand": g.since_hand, "columns": g.columns, "hands": g.hands}
            for g in active(letters).values()]


def test_long_banker_counts_its_hands_in_one_column():
    good = active("PBBBBTB")["long_banker"]
    assert (good.since_hand, good.columns, good.hands) == (2, 1, 5)


def test_single_jump_counts_columns_and_hands_from_its_start():
    good = active("BBPBPB")["single_jump"]
    assert (good.since_hand, good.columns, good.hands) == (3, 4, 4)  # BB, then P B P B


@given(st.text("BPT", max_size=80))
def test_a_good_roads_length_is_the_big_road_from_its_start(letters):
    hands = hands_from_letters(letters)
    road = big_road(hands, range(1, len(hands) + 1))
    for good in good_roads(road.columns):
        run = [column for column in road.columns if column[0].hand >= good.since_hand]
        assert good.columns == len(run) and good.hands == sum(len(column) for column in run)


def test_a_run_starts_grows_and_ends():
    started = good_road_changes(as_json("PBBB"), as_json("PBBBB"))
    assert [g["code"] for g in started.started] == ["long_banker"] and not started.ended
    grown = good_road_changes(as_json("PBBBB"), as_json("PBBBBB"))
    assert [(g["code"], g["hands"]) for g in grown.grown] == [("long_banker", 5)] and not grown.started
    ended = good_road_changes(as_json("PBBBBB"), as_json("PBBBBBP"))
    assert [g["code"] for g in ended.ended] == ["long_banker"]
    assert not good_road_changes(as_json("PBBBB"), as_json("PBBBBT")), "a tie changes nothing"


def test_a_run_from_another_hand_is_an_end_and_a_start():
    before = [{"code": "long_banker", "since_hand": 2, "columns": 1, "hands": 6}]
    after = [{"code": "long_banker", "since_hand": 12, "columns": 1, "hands": 4}]
    changes = good_road_changes(before, after)
    assert (changes.started, changes.ended, changes.grown) == (after, before, [])


def test_only_announced_codes_are_reported():
    changes = good_road_changes([], as_json("PBBBBPBPBP"), announced={"single_jump"})
    assert [g["code"] for g in changes.started] == ["single_jump"]
    assert not good_road_changes([], as_json("PBBBB"), announced=set())
