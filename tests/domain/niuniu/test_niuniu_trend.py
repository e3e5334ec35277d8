"""The trend road (走势): rows per area in round order, the banker's types, the statistics."""

from hypothesis import given
from hypothesis import strategies as st

from roadsvc.domain.niuniu.dealing import PLAYERS
from roadsvc.domain.niuniu.hands import TYPE_CODES
from roadsvc.domain.niuniu.trend import SettledRound, summary, trend_road


def settled(number, banker="bull_5", **results):
    full = {player: results.get(player, "lose") for player in PLAYERS}
    types = {"banker": banker, **{player: "bull_9" if full[player] == "win" else "no_bull" for player in PLAYERS}}
    return SettledRound(number, types, full)


def test_rows_in_round_order_whatever_order_they_come_in():
    road = trend_road([settled(3, player_1="win"), settled(1), settled(2, banker="bomb", player_2="win")])
    assert road["rounds"] == [1, 2, 3]
    assert road["areas"]["player_1"]["results"] == ["lose", "lose", "win"]
    assert road["areas"]["player_2"]["results"] == ["lose", "win", "lose"]
    assert road["banker"]["types"] == ["bull_5", "bomb", "bull_5"]
    assert road["banker"]["type_counts"]["bomb"] == 1 and road["banker"]["type_counts"]["bull_5"] == 2
    assert list(road["banker"]["type_counts"]) == list(TYPE_CODES)


def test_wins_over_the_last_10_20_50_and_all():
    rounds = [settled(n, player_1="win" if n % 2 else "lose") for n in range(1, 61)]  # odd rounds win
    wins = trend_road(rounds)["areas"]["player_1"]["wins"]
    assert wins == {"last_10": 5, "last_20": 10, "last_50": 25, "all": 30}


def test_an_empty_road():
    road = trend_road([])
    assert road["rounds"] == [] and road["areas"]["player_3"]["wins"]["all"] == 0


def test_the_lobby_summary():
    road = trend_road([settled(n, player_4="win") for n in range(1, 9)])
    brief = summary(road)
    assert brief["rounds"] == 8 and brief["areas"]["player_4"]["last"] == ["win"] * 6
    assert brief["areas"]["player_4"]["last_10"] == 8 and len(brief["banker_last"]) == 6


@given(st.lists(st.lists(st.sampled_from(["win", "lose"]), min_size=4, max_size=4), max_size=80))
def test_the_statistics_never_disagree_with_the_rows(rows):
    rounds = [settled(n + 1, **dict(zip(PLAYERS, row))) for n, row in enumerate(rows)]
    road = trend_road(rounds)
    for player in PLAYERS:
        area = road["areas"][player]
        assert area["wins"]["all"] == area["results"].count("win") == area["type_counts"]["bull_9"]
        assert area["wins"]["last_10"] <= area["wins"]["last_20"] <= area["wins"]["last_50"] <= area["wins"]["all"]
        assert sum(area["type_counts"].values()) == len(rounds)
