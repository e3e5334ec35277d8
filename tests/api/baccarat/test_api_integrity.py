"""Shoe integrity over the API: the next hand's odds, a shoe's EV series and chart, roles,
result-only tables, and closing bets in the player's favour."""

from __future__ import annotations

import io

from xml.etree import ElementTree

import pytest
from PIL import Image

from betting import bet, make_table  # noqa: F401

SUITS = "SHDC"


def nines_and_eights(i: int) -> dict:
    """Player 9 9 (a natural 8) against banker 8 8: four 8s and 9s out of the shoe."""
    a, b = SUITS[(2 * i) % 4], SUITS[(2 * i + 1) % 4]
    return {"cards": {"player": [f"9{a}", f"9{b}"], "banker": [f"8{a}", f"8{b}"]}}


@pytest.fixture
def late(make_table):  # noqa: F811
    """make(settings) -> an extended table whose shoe (burn card 5D) has had four hands of 8s and 9s."""

    def make(settings: dict | None = None):
        table = make_table("extended", settings)
        api = table.api
        old = api.post(f"/api/v1/tables/{table.id}/shoes", {"burn_card": "5D"}, role="dealer").json
        table.shoe_id = old["id"]
        for i in range(4):
            table.post(nines_and_eights(i))
        return table

    return make


def odds(table, role="pitboss", **kwargs):
    return table.api.get(f"/api/v1/tables/{table.id}/odds", role=role, **kwargs)


def by_bet(document: dict) -> dict:
    return {entry["bet"]: entry for entry in document["bets"]}


def test_the_odds_of_a_late_shoe_show_dragon_seven_in_the_players_favour(late):
    table = late()
    response = odds(table)
    assert response.status_code == 200, response.json
    doc = response.json
    assert (doc["after_hand"], doc["hand_number"], doc["cards_seen"], doc["cards_left"]) == (4, 5, 17, 399)
    assert doc["composition"]["8"] == 32 - 8 and doc["composition"]["9"] == 32 - 8
    seven = by_bet(doc)["lucky_seven"]
    assert seven["open"] and seven["ev"] > 0 and seven["house_edge"] == -seven["ev"]
    assert sum(seven["probabilities"].values()) == pytest.approx(1)
    assert [a["bet"] for a in doc["positive_ev"]] == ["lucky_seven", "fire_sevens"]
    assert doc["positive_ev"][0]["cards_left"] == 399
    assert by_bet(doc)["banker"]["ev"] < 0 and not by_bet(doc)["banker"]["at_or_above_threshold"]
    assert len(doc["bets"]) == 38


def test_the_answer_is_cached_by_revision_and_polls_get_304(late):
    table = late()
    first = odds(table)
    again = odds(table, headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304
    table.post(nines_and_eights(4))
    assert odds(table).json["after_hand"] == 5


def test_the_threshold_setting_moves_the_alert(late):
    table = late({"ev_alert_threshold": 0.005})
    assert [a["bet"] for a in odds(table).json["positive_ev"]] == ["lucky_seven"]


@pytest.mark.parametrize("role, status", [("display", 403), ("game_server", 403), ("dealer", 403),
                                          ("pitboss", 200), ("admin", 200), (None, 401)])
def test_only_pit_bosses_and_admins_read_the_odds(late, role, status):
    table = late()
    assert odds(table, role=role).status_code == status
    assert table.api.get(f"/api/v1/shoes/{table.shoe_id}/odds", role=role).status_code == status
    assert table.api.get(f"/api/v1/shoes/{table.shoe_id}/odds/chart.svg", role=role).status_code == status


def test_a_result_only_table_has_no_odds(make_table):  # noqa: F811
    table = make_table("extended", {"hands_by": "result"})
    table.post({"result": "banker"})
    for url in (f"/api/v1/tables/{table.id}/odds", f"/api/v1/shoes/{table.shoe_id}/odds"):
        response = table.api.get(url, role="pitboss")
        assert (response.status_code, response.json["code"]) == (409, "no_composition"), url
        assert "ev" not in response.json


def test_a_hand_entered_without_cards_leaves_no_odds(make_table):  # noqa: F811
    table = make_table("extended")
    table.post(nines_and_eights(0))
    table.post({"result": "player"})
    response = odds(table)
    assert (response.status_code, response.json["code"]) == (409, "no_composition")
    assert "hand 2" in response.json["message"]


def test_a_shoes_ev_series_covers_every_hand_closed_shoes_too(late):
    table = late()
    table.api.post(f"/api/v1/tables/{table.id}/shoes", {}, role="dealer")  # closes the late shoe
    response = table.api.get(f"/api/v1/shoes/{table.shoe_id}/odds", role="pitboss")
    assert response.status_code == 200, response.json
    doc = response.json
    assert doc["status"] == "closed"
    assert [h["hand_number"] for h in doc["hands"]] == [1, 2, 3, 4]
    assert [h["cards_left"] for h in doc["hands"]] == [415, 411, 407, 403]
    sevens = [h["ev"]["lucky_seven"] for h in doc["hands"]]
    assert sevens == sorted(sevens) and sevens[0] < 0  # rising as 8s and 9s leave


def test_an_open_shoes_series_ends_with_the_next_hand(late):
    table = late()
    doc = table.api.get(f"/api/v1/shoes/{table.shoe_id}/odds", role="pitboss").json
    assert doc["hands"][-1]["hand_number"] == 5
    assert doc["hands"][-1]["ev"]["lucky_seven"] == pytest.approx(by_bet(odds(table).json)["lucky_seven"]["ev"])


def test_the_ev_chart_in_png_and_svg(late):
    table = late()
    png = table.api.get(f"/api/v1/shoes/{table.shoe_id}/odds/chart.png", role="pitboss")
    assert png.status_code == 200 and png.mimetype == "image/png" and png.data[:8] == b"\x89PNG\r\n\x1a\n"
    svg = table.api.get(f"/api/v1/tables/{table.id}/odds/chart.svg", role="pitboss",
                        query_string={"bets": "lucky_seven,banker"})
    assert svg.status_code == 200 and svg.mimetype == "image/svg+xml"
    assert svg.data.count(b'class="bet"') == 2 and b'data-bet="lucky_seven"' in svg.data
    assert ElementTree.fromstring(svg.data).tag == "{http://www.w3.org/2000/svg}svg"
    default = table.api.get(f"/api/v1/shoes/{table.shoe_id}/odds/chart.svg", role="pitboss").data
    assert b'data-bet="lucky_seven"' in default and default.count(b'class="bet"') == 6


@pytest.mark.parametrize("theme, language, panel, words", [
    ("light", "zh-Hans", "#ffffff", ["幸运7", "庄", "每局之前各投注的期望值", "第 1 至 5 局"]),
    ("dark", "zh-Hant", "#1c1f25", ["幸運7", "莊", "每局之前各投注的期望值", "第 1 至 5 局"]),
    ("dark", "en", "#1c1f25", ["Lucky seven", "Banker", "EV of every bet before each hand", "hands 1 to 5"])])
def test_the_ev_chart_follows_the_theme_and_the_language(late, theme, language, panel, words):
    """Issue 36: the legend said "banker, lucky_seven, hand 1 - 5" in every language, on a white box in the dark theme;
    then the PNG's stayed English."""
    table = late()
    svg = table.api.get(f"/api/v1/shoes/{table.shoe_id}/odds/chart.svg", role="pitboss",
                        query_string={"bets": "lucky_seven,banker", "theme": theme, "language": language}).data
    text = svg.decode()
    assert f'<rect width="800" height="400" fill="{panel}"/>' in text
    assert all(word in text for word in words) and ">lucky_seven<" not in text and ">banker<" not in text
    png = table.api.get(f"/api/v1/shoes/{table.shoe_id}/odds/chart.png", role="pitboss",
                        query_string={"theme": theme, "language": language})
    assert Image.open(io.BytesIO(png.data)).getpixel((1, 1)) == tuple(int(panel[i:i + 2], 16) for i in (1, 3, 5))
    other = table.api.get(f"/api/v1/shoes/{table.shoe_id}/odds/chart.png", role="pitboss",
                          query_string={"theme": theme, "language": "zh-Hans" if language == "en" else "en"})
    assert other.data != png.data  # the PNG's words follow the language too (tests/i18n/test_chart_words.py)


@pytest.mark.parametrize("bets, code", [("nope", "unknown_bet"), ("a,b,c,d,e,f,g,h,i,j,k", "validation_error")])
def test_a_chart_of_unknown_bets_is_refused(late, bets, code):
    table = late()
    response = table.api.get(f"/api/v1/shoes/{table.shoe_id}/odds/chart.svg", role="pitboss",
                             query_string={"bets": bets})
    assert response.status_code == 422 and response.json["field"] == "bets"


def test_closing_positive_ev_refuses_those_bets_with_advantage_and_audits_it(late):
    table = late({"close_positive_ev": True, "ev_alert_threshold": 0.005})
    seven = table.bet_type("lucky_seven")
    assert not seven["open"] and seven["closed_by"]["code"] == "advantage"
    answer = table.slip(bet("lucky_seven", "10.00"), bet("fire_sevens", "10.00"), bet("banker", "10.00")).json
    refusals = [b["refusal"] for b in answer["bets"]]
    assert refusals[0]["code"] == "advantage" and refusals[0]["ev"] > 0.005 and refusals[0]["hand_number"] == 5
    assert refusals[1] is None and refusals[2] is None  # fire_sevens is below this table's threshold
    assert by_bet(odds(table).json)["lucky_seven"]["closed_by"]["code"] == "advantage"
    table.slip(bet("lucky_seven", "10.00"))
    log = table.api.get(f"/api/v1/shoes/{table.shoe_id}/audit", role="pitboss").json
    closures = [entry for entry in log if entry["action"] == "advantage_closure"]
    assert len(closures) == 1 and closures[0]["hand_number"] == 5
    assert closures[0]["after"]["bets"]["lucky_seven"] == refusals[0]["ev"]


def test_without_close_positive_ev_the_bets_are_only_alerted(late):
    table = late()
    assert table.bet_type("lucky_seven")["open"]
    assert table.refusals(bet("lucky_seven", "10.00")) == [None]


@pytest.mark.parametrize("settings, field", [
    ({"ev_alert_threshold": 1.5}, "settings.ev_alert_threshold"),
    ({"ev_alert_threshold": "x"}, "settings.ev_alert_threshold"),
    ({"close_positive_ev": "yes"}, "settings.close_positive_ev"),
    ({"close_positive_ev": 0}, "settings.close_positive_ev"),  # a number, where the document says boolean
    ({"close_positive_ev": 1}, "settings.close_positive_ev"),
])
def test_bad_integrity_settings_are_a_422(api, settings, field):
    response = api.post("/api/v1/tables", {"name": "T", "rule_set": "extended", "settings": settings}, role="pitboss")
    assert response.status_code == 422
    assert response.json["field"] == field
