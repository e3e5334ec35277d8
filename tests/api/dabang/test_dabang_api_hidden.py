"""A player's hand is secret: no read path shows a seat's cards or a hidden bottom to a reader without
the right (the match state, the road, its images, the event stream); the dealer and the pit boss see them."""

from __future__ import annotations

import json
import random

from dabang_api import bury_and_pass, new_match, new_table, return_tribute, start_first_deal, state

from roadsvc.services.events import events_after


def _deal_in_play(api, seed=4):
    match_id = new_match(api, new_table(api)["id"])["id"]
    number, draw = start_first_deal(api, match_id, seed)
    return match_id, number, draw


def test_the_match_state_shows_hands_only_to_the_dealer_and_the_pit_boss(api):
    match_id, _, draw = _deal_in_play(api)
    for role in ("dealer", "pitboss"):
        deal = state(api, match_id, role)["current_deal"]
        assert [len(hand) for hand in deal["hands"].values()] == [39, 39, 39, 39]
    for role in ("display", "game_server", "admin"):
        text = json.dumps(state(api, match_id, role))
        deal = json.loads(text)["current_deal"]
        assert "hands" not in deal and "cards" not in deal["tribute"]
        assert deal["hand_counts"] == {"1": 39, "2": 39, "3": 39, "4": 39}
        assert deal["bottom_shown"] and deal["bottom"] == draw[156:]  # a declared deal shows its six cards


def test_the_trump_answer_and_its_event_show_the_bottom_until_the_dealer_takes_it(api, app):
    match_id = new_match(api, new_table(api)["id"])["id"]
    from dabang_api import first_big_joker_body
    from dabang_play import shuffled_codes
    codes = shuffled_codes(4)
    number = api.post(f"/api/v1/matches/{match_id}/deals", {"draw": codes, "first_drawer": 1}, role="dealer").json
    url = f"/api/v1/matches/{match_id}/deals/{number['number']}"
    assert api.post(f"{url}/declarations", first_big_joker_body(codes), role="dealer").status_code == 201
    answer = api.post(f"{url}/trump", {}, role="dealer").json
    assert answer["phase"] == "burying" and answer["bottom"] == codes[156:] and answer["bottom_shown"]
    [event] = [r.data for r in events_after(app.extensions["roadsvc.db"], 0) if r.data.get("kind") == "trump"]
    assert event["bottom"] == codes[156:]
    bury_and_pass(api, match_id, number["number"], random.Random(1))
    public = state(api, match_id, "display")["current_deal"]  # buried without jokers: hidden again
    assert public["phase"] == "playing" and public["bottom"] is None and not public["bottom_shown"]


def test_after_a_random_draw_of_the_bottom_it_is_hidden_and_never_dry_pot(api):
    """Later deals: nobody declares, a card drawn from the bottom gives the suit; the bottom is not shown."""
    match_id = new_match(api, new_table(api)["id"])["id"]
    from dabang_api import whole_first_deal
    from dabang_play import shuffled_codes
    whole_first_deal(api, match_id, seed=4)
    match = state(api, match_id, "pitboss")
    dealer, codes = match["dealer_seat"], shuffled_codes(11)
    deal = api.post(f"/api/v1/matches/{match_id}/deals", {"draw": codes, "first_drawer": dealer}, role="dealer").json
    drawn = []
    for code in codes[156:]:
        drawn.append(code)
        if code not in ("BJ", "SJ"):
            break
    answer = api.post(f"/api/v1/matches/{match_id}/deals/{deal['number']}/trump", {"drawn_from_bottom": drawn},
                      role="dealer").json
    assert answer["bottom_shown"] is False and answer["bottom"] is None
    if answer["phase"] == "tribute_return":
        answer = return_tribute(api, match_id, deal["number"])
    assert answer["phase"] == "burying" and answer["bottom"] is None and answer["dry_pot"] is False
    public = state(api, match_id, "display")["current_deal"]
    assert public["bottom"] is None and public["bottom_count"] == 6 and public["dry_pot"] is False


def test_a_bottom_buried_without_jokers_is_hidden_from_readers(api):
    match_id, number, _ = _deal_in_play(api)
    rng = random.Random(1)
    bury_and_pass(api, match_id, number, rng)
    shown = state(api, match_id, "pitboss")["current_deal"]
    public = state(api, match_id, "display")["current_deal"]
    assert not shown["bottom_shown"] and len(shown["bottom"]) == 6
    assert public["bottom"] is None and public["bottom_count"] == 6


def test_before_declaring_ends_nobody_without_the_right_sees_the_draw(api):
    match_id = new_match(api, new_table(api)["id"])["id"]
    from dabang_play import shuffled_codes
    api.post(f"/api/v1/matches/{match_id}/deals", {"draw": shuffled_codes(9), "first_drawer": 1}, role="dealer")
    public = state(api, match_id, "display")["current_deal"]
    assert public["phase"] == "declaring" and "hands" not in public and "bottom" not in public
    assert len(state(api, match_id, "dealer")["current_deal"]["hands"]["1"]) == 39


def test_the_event_stream_carries_no_hand_and_no_hidden_bottom(api, app):
    match_id, number, draw = _deal_in_play(api)
    bury_and_pass(api, match_id, number, random.Random(1))
    records = [r for r in events_after(app.extensions["roadsvc.db"], 0) if r.type == "dabang"]
    assert {r.data["kind"] for r in records} >= {"match_started", "deal", "declaration", "trump", "bury"}
    for record in records:
        assert "hands" not in record.data and "draw" not in record.data, record.data
        if not record.data.get("bottom_shown"):
            assert record.data.get("bottom") is None, record.data
        assert "cards" not in record.data.get("tribute", {})


def test_the_road_and_its_images_hold_no_card_of_any_hand(api):
    match_id, number, draw = _deal_in_play(api)
    road = api.get(f"/api/v1/matches/{match_id}/road").json
    svg = api.get(f"/api/v1/matches/{match_id}/road.svg").data.decode()
    held = set(state(api, match_id, "dealer")["current_deal"]["hands"]["1"])
    assert road["deals"] == [] and not any(f'"{code}"' in json.dumps(road) for code in held)
    assert not any(f">{code}<" in svg for code in held)


def test_the_lobby_row_of_a_dabang_table_carries_its_match_as_the_tile_does_and_no_card(api):
    from dabang_api import card_codes

    table = new_table(api, "Dabang lobby")

    def row():
        return next(entry for entry in api.get("/api/v1/tables").json if entry["table"]["id"] == table["id"])

    assert row()["match"] is None and row()["table"]["game"] == "dabang"
    match_id = new_match(api, table["id"])["id"]
    assert (row()["match"]["id"], row()["match"]["deal"]) == (match_id, None)
    number, _ = start_first_deal(api, match_id, seed=4)
    bury_and_pass(api, match_id, number, random.Random(1))  # moves: the row follows the match's revision
    shown, public = row()["match"], state(api, match_id, "display")
    tile = next(entry for entry in api.get("/api/v1/floor", role="pitboss").json["tables"]
                if entry["table"]["id"] == table["id"])["dabang"]["match"]
    assert shown["revision"] == public["revision"] and shown["deal"]["number"] == number
    assert shown == {name: value for name, value in tile.items() if name not in ("time_left_seconds",
                                                                                  "seconds_since_last_move")}
    assert card_codes(json.dumps(row())) == []  # neither a hand nor the bottom nor a played card
