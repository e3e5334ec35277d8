"""The match road: one entry per deal, with the level played, holder, 打家, trump, points, bottom and levels."""

from __future__ import annotations

from test_dabang_match import BAO_DI, KOU_DI, match_at, play_out

from roadsvc.domain.dabang.road import match_road


def test_each_deal_gives_one_road_entry_with_the_levels_after_it():
    match = play_out(match_at(BAO_DI))
    road = match_road(match)
    (entry,) = road["deals"]
    assert entry["level"] == 3 and entry["holder"] == "A" and entry["dealer_seat"] == 1 and entry["trump"] == "S"
    assert entry["points"] == 90 and entry["kou_di"] is False and entry["blood"] == 3
    assert entry["levels_after"] == {"A": 4, "B": 3} and road["levels"] == {"A": 4, "B": 3}


def test_kou_di_is_on_the_road():
    entry = match_road(play_out(match_at(KOU_DI)))["deals"][0]
    assert entry["kou_di"] is True and entry["points"] == 120 and entry["bottom_points"] == 10


def test_the_road_holds_no_cards():
    text = repr(match_road(play_out(match_at(BAO_DI))))
    assert "Card(" not in text and "KH" not in text
