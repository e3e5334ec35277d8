"""The shoe summary the lobby reads agrees with the full snapshot, for any shoe and thresholds."""

from dataclasses import asdict

from hypothesis import given
from hypothesis import strategies as st

from roadsvc.domain.baccarat.roads.bead_plate import hands_from_letters
from roadsvc.domain.baccarat.roads.good_roads import GoodRoadThresholds
from roadsvc.domain.baccarat.roads.shoe_summary import summarise, summary_good_roads
from roadsvc.domain.baccarat.roads.snapshot import build_snapshot

thresholds = st.builds(GoodRoadThresholds, st.integers(1, 6), st.integers(1, 6), st.integers(1, 3))


@given(st.text("BPT", max_size=90), thresholds)
def test_the_summary_shows_what_the_snapshot_shows(letters, limits):
    hands = hands_from_letters(letters)
    numbers = [2 * n + 1 for n in range(len(hands))]  # voids leave gaps
    snapshot = build_snapshot(hands, numbers, limits)
    summary = summarise(hands, numbers)
    assert summary["hands"] == snapshot.hands and summary["counts"] == asdict(snapshot.counts)
    assert summary["last_result"] == (snapshot.bead_plate[-1].result if hands else None)
    goods = [(g.code, g.since_hand) for g in summary_good_roads(summary, limits)]
    assert goods == [(g.code, g.since_hand) for g in snapshot.good_roads]


def test_the_summary_is_small_json():
    summary = summarise(hands_from_letters("TBBPTB"), range(1, 7))
    assert summary == {
        "hands": 6,
        "counts": {"banker": 3, "player": 1, "tie": 2, "banker_pair": 0, "player_pair": 0, "natural": 0},
        "last_result": "banker",
        "columns": [["banker", 2, 2], ["player", 1, 4], ["banker", 1, 6]],
    }
