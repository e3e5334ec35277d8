"""打棒 on the pit boss's pages, on SQLite and PostgreSQL: a table's tile on the floor (seats, teams, levels,
the deal, its phase, the 打家, trump, the trick, the time left, stale), the table and match pages (the road
image, the deals) and the tournament bracket; no page and no floor shows a seat's hand or a hidden bottom."""

from __future__ import annotations

import random

import pytest

from _floor import Clock
from dabang_api import (bracket_match, bury_and_pass, finish, new_match, new_table, return_tribute,
                        start_first_deal, state, whole_first_deal)
from dabang_web_support import PageApi, card_codes, main_of, strings_in
from streamsupport import Stream
from websupport import csrf_token

from roadsvc.api.dabang import CLOCK as MATCH_CLOCK


@pytest.fixture
def clock(app) -> Clock:
    """One controllable clock for the pages and the matches."""
    moment = Clock()
    app.extensions["roadsvc.clock"] = app.extensions[MATCH_CLOCK] = moment
    return moment


@pytest.fixture
def api(signed_in) -> PageApi:
    return PageApi(signed_in)


def tile_of(html: str, table_id: int) -> str:
    start = html.index(f'data-table-id="{table_id}"')
    return html[start:html.index("</article>", start)]


def floor_entry(api, table_id: int) -> dict:
    floor = api.get("/api/v1/floor", role="pitboss").json
    return next(entry for entry in floor["tables"] if entry["table"]["id"] == table_id)


def test_a_match_in_play_has_its_tile_on_the_floor(signed_in, api, clock):
    table = new_table(api, "Dabang 5")
    match_id = new_match(api, table["id"], minutes=90)["id"]
    number, _ = start_first_deal(api, match_id, seed=4)
    bury_and_pass(api, match_id, number, random.Random(1))
    dealer = state(api, match_id, "display")
    seat = dealer["current_deal"]["turn"]
    hand = state(api, match_id, "dealer")["current_deal"]["hands"][str(seat)]
    url = f"/api/v1/matches/{match_id}/deals/{number}/plays"
    assert api.post(url, {"seat": seat, "cards": hand[:1]}, role="dealer").status_code == 201
    clock.advance(60)
    tile = tile_of(signed_in.client.get("/floor?lang=en").get_data(as_text=True), table["id"])
    assert 'data-game="dabang"' in tile and 'data-status="dealing"' in tile
    for name in ("Li", "Wang", "Zhao", "Chen"):
        assert f">{name}</span>" in tile
    assert 'data-field="level-A" data-value="3"' in tile and 'data-field="level-B" data-value="3"' in tile
    assert '<dd data-field="deal">1</dd>' in tile and '<dd data-field="trick">1</dd>' in tile
    assert 'data-field="phase" data-value="playing"' in tile and '"trick-plays" data-value="1">1 of 4 played in this trick<' in tile
    trump = dealer["current_deal"]["trump"]
    assert f'data-field="trump" data-value="{trump}"' in tile
    assert f'<span data-field="dealer">{dealer["players"][str(dealer["dealer_seat"])]}</span>' in tile
    assert 'data-field="time-left" data-value="5340"' in tile and ">89:00<" in tile  # 90 min less the minute
    assert card_codes(tile) == []  # no card on the tile at all: not a hand, not a played card


def test_the_floor_json_carries_the_match_and_no_card(api, clock):
    table = new_table(api, "Dabang 6")
    match_id = new_match(api, table["id"])["id"]
    start_first_deal(api, match_id, seed=7)
    entry = floor_entry(api, table["id"])
    match = entry["dabang"]["match"]
    assert entry["status"] == entry["dabang"]["status"] == "dealing"
    assert match["id"] == match_id and match["players"]["1"] == "Li" and match["teams"] == {"A": [1, 3], "B": [2, 4]}
    assert match["levels"] == {"A": 3, "B": 3} and match["deal"]["number"] == 1
    assert match["deal"]["phase"] in ("burying", "burying_jokers")
    assert 5390 <= match["time_left_seconds"] <= 5400  # the app's clock, set by the test
    assert card_codes(" ".join(strings_in(entry))) == []  # the pit boss's key reads hands elsewhere, not here


def test_a_match_without_a_move_for_the_threshold_goes_stale_and_a_move_brings_it_back(signed_in, api, clock):
    table = new_table(api, "Dabang 7")
    match_id = new_match(api, table["id"])["id"]
    number, _ = start_first_deal(api, match_id, seed=4)
    clock.advance(301)  # the default stale threshold is 300 s
    assert floor_entry(api, table["id"])["status"] == "stale"  # the floor API reads the app's clock,
    tile = tile_of(signed_in.client.get("/floor").get_data(as_text=True), table["id"])
    assert 'data-status="stale"' in tile  # as the page does
    bury_and_pass(api, match_id, number, random.Random(2))
    assert 'data-status="dealing"' in tile_of(signed_in.client.get("/floor").get_data(as_text=True), table["id"])


def test_a_table_without_a_match_and_a_finished_match(signed_in, api, clock):
    table = new_table(api, "Dabang 8")
    html = signed_in.client.get("/floor").get_data(as_text=True)
    assert 'data-field="no-match"' in tile_of(html, table["id"])
    match_id = new_match(api, table["id"])["id"]
    page = signed_in.client.get(f"/floor/tables/{table['id']}?lang=en").get_data(as_text=True)
    assert f'data-match-id="{match_id}"' in page and "No deal finished yet." in page


def road_of(html: str) -> str:
    start = html.index('data-field="road"')
    return html[start:html.index("</svg>", start)]


def test_the_table_page_shows_the_road_and_the_deals(signed_in, api, clock):
    table = new_table(api, "Dabang 9")
    match_id = new_match(api, table["id"])["id"]
    before = road_of(signed_in.client.get(f"/floor/tables/{table['id']}?lang=en").get_data(as_text=True))
    result = whole_first_deal(api, match_id, seed=5)["result"]
    html = signed_in.client.get(f"/floor/tables/{table['id']}?lang=en").get_data(as_text=True)
    assert f'<tr data-deal="1">' in html and f'<td data-field="points">{result["points"]}</td>' in html
    road = road_of(html)  # the match road drawn in the page, as the API's road.svg draws it
    assert "<svg" in road and 'role="img"' in road and road != before
    drawn = signed_in.client.get(f"/api/v1/matches/{match_id}/road.svg?language=en").get_data(as_text=True)
    assert road[road.index("<title>"):road.index("</title>")] == drawn[drawn.index("<title>"):drawn.index("</title>")]
    match_page = signed_in.client.get(f"/floor/dabang/matches/{match_id}").get_data(as_text=True)
    assert '<tr data-deal="1">' in match_page and f'href="/floor/tables/{table["id"]}"' in match_page
    assert "<svg" in road_of(match_page)


def test_no_page_shows_a_hand_or_a_hidden_bottom(signed_in, api, clock):
    table = new_table(api, "Dabang 10")
    match_id = new_match(api, table["id"])["id"]
    from dabang_play import shuffled_codes
    draw = api.post(f"/api/v1/matches/{match_id}/deals", {"draw": shuffled_codes(9), "first_drawer": 1},
                    role="dealer")
    assert draw.status_code == 201
    for url in (f"/floor/tables/{table['id']}", f"/floor/dabang/matches/{match_id}", "/floor"):
        assert card_codes(main_of(signed_in.client.get(url).get_data(as_text=True))) == [], url  # declaring
    table = new_table(api, "Dabang 11")  # a table plays one match at a time
    match_id = new_match(api, table["id"])["id"]
    number, _ = start_first_deal(api, match_id, seed=4)
    bury_and_pass(api, match_id, number, random.Random(1))
    assert state(api, match_id, "display")["current_deal"]["bottom"] is None  # buried without jokers: hidden
    for url in (f"/floor/tables/{table['id']}", f"/floor/dabang/matches/{match_id}", "/floor"):
        html = main_of(signed_in.client.get(url).get_data(as_text=True))
        assert 'data-field="bottom"' not in html and set(card_codes(html)) <= {"BJ"}, url  # 抢亮's 大王 only
    deal = state(api, match_id, "dealer")["current_deal"]
    led = deal["hands"][str(deal["turn"])][0]
    api.post(f"/api/v1/matches/{match_id}/deals/{number}/plays", {"seat": deal["turn"], "cards": [led]}, role="dealer")
    html = main_of(signed_in.client.get(f"/floor/dabang/matches/{match_id}").get_data(as_text=True))
    # a played card is public, and the check sees cards (beside the 抢亮's 大王, whose declaration stays shown)
    assert led in card_codes(html) and set(card_codes(html)) <= {led, "BJ"}
    shown = {"BJ": "大王", "SJ": "小王"}.get(led) or led[:-1] + {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}[led[-1]]
    assert f'data-card="{led}">{shown}</span>' in html  # a card face, as the 百人牛牛 page shows them


def test_a_page_cookie_never_reads_a_hand_or_a_hidden_bottom_through_the_api_a_pit_boss_key_does(
        signed_in, api, clock):
    """The pit boss's page session (its cookie, no key) reads the API as a display does; the same pit boss's
    key reads the hands. Every read path a page's cookie may take: the state, the road (JSON and image), the
    floor, the lobby, the matches list."""
    table = new_table(api, "Dabang 12")
    match_id = new_match(api, table["id"])["id"]
    number, draw = start_first_deal(api, match_id, seed=4)
    bury_and_pass(api, match_id, number, random.Random(1))
    keyed = state(api, match_id, "pitboss")["current_deal"]
    assert len(keyed["hands"]["1"]) == 39 and len(keyed["bottom"]) == 6 and not keyed["bottom_shown"]
    cookie = signed_in.client.get(f"/api/v1/matches/{match_id}")  # no Authorization header: the page's cookie
    assert cookie.status_code == 200
    deal = cookie.json["current_deal"]
    assert "hands" not in deal and deal["bottom"] is None and "cards" not in deal["tribute"]
    assert set(card_codes(cookie.get_data(as_text=True))) <= {"BJ"}  # 抢亮's 大王, shown to all
    for url in (f"/api/v1/matches/{match_id}/road", "/api/v1/floor", "/api/v1/tables",
                f"/api/v1/tables/{table['id']}/matches"):
        read = signed_in.client.get(url)
        assert read.status_code == 200 and set(card_codes(read.get_data(as_text=True))) <= {"BJ"}, url
    svg = signed_in.client.get(f"/api/v1/matches/{match_id}/road.svg").get_data(as_text=True)
    assert not any(f">{code}<" in svg for code in keyed["hands"]["1"] + keyed["bottom"])


def test_the_lobby_row_of_a_dabang_table_has_no_card(api, clock):
    table = new_table(api, "Dabang 11")
    start_first_deal(api, new_match(api, table["id"])["id"], seed=4)
    rows = api.get("/api/v1/tables", role="display").json  # the lobby
    row = next(row for row in rows if row["table"]["id"] == table["id"])
    assert card_codes(" ".join(strings_in(row))) == []


def test_the_bracket_page_shows_rounds_byes_winners_and_links_to_matches(signed_in, api, clock, app):
    bracket, ready, match = bracket_match(api, "Winter cup", "Dabang 12")
    match_id = match["id"]
    bye = next(slot for slot in bracket["rounds"][0] if slot["how"] == "bye")
    html = signed_in.client.get(f"/floor/dabang/tournaments/{bracket['id']}?lang=en").get_data(as_text=True)
    assert html.count('class="round card"') == 2 and ">Final<" in html and ">Round 1<" in html
    bye_slot = html[html.index(f'data-slot="1/{bye["index"]}"'):]
    assert 'data-how="bye"' in bye_slot[:120] and f'class="team winner" data-field="team">{bye["winner"]}<' in bye_slot
    played = html[html.index(f'data-slot="1/{ready["index"]}"'):]
    played = played[:played.index("</li>")]
    assert f'href="/floor/dabang/matches/{match_id}"' in played and 'data-field="in-play"' in played
    assert "at Dabang 12" in played
    finish(app.extensions["roadsvc.db"], match_id, "B", "time_limit")
    html = signed_in.client.get(f"/floor/dabang/tournaments/{bracket['id']}?lang=en").get_data(as_text=True)
    played = html[html.index(f'data-slot="1/{ready["index"]}"'):]
    played = played[:played.index("</li>")]
    assert f'class="team winner" data-field="team">{ready["teams"][1]}<' in played
    assert '<span class="how" data-field="how">time limit</span>' in played and 'data-field="in-play"' not in played
    listing = signed_in.client.get("/floor/dabang/tournaments").get_data(as_text=True)
    assert f'href="/floor/dabang/tournaments/{bracket["id"]}"' in listing
    assert 'href="/floor/dabang/tournaments"' in signed_in.client.get("/floor").get_data(as_text=True)
    tile = tile_of(signed_in.client.get("/floor").get_data(as_text=True), match["table_id"])
    assert f'href="/floor/dabang/tournaments/{bracket["id"]}"' in tile


def test_the_pages_need_a_signed_in_pit_boss(pages, app):
    for url in ("/floor/dabang/tournaments", "/floor/dabang/tournaments/1", "/floor/dabang/matches/1"):
        assert pages.client.get(url).status_code == 302, url


def test_missing_matches_and_tournaments_are_404_pages(signed_in):
    for url in ("/floor/dabang/tournaments/99", "/floor/dabang/matches/99"):
        response = signed_in.client.get(url)
        assert response.status_code == 404 and response.mimetype == "text/html", url


def test_a_refused_play_and_a_stopped_match_are_alerts_on_the_floor_in_words(signed_in, api, clock, app):
    from roadsvc.jobs.dabang import MatchesMonitorJob

    table = new_table(api, "Dabang 13")
    match_id = new_match(api, table["id"])["id"]
    number, _ = start_first_deal(api, match_id, seed=4)
    bury_and_pass(api, match_id, number, random.Random(1))
    deal = state(api, match_id, "dealer")["current_deal"]
    waiting = deal["turn"] % 4 + 1
    refused = api.post(f"/api/v1/matches/{match_id}/deals/{number}/plays",
                       {"seat": waiting, "cards": deal["hands"][str(waiting)][:1]}, role="dealer")
    assert refused.json["code"] == "not_your_turn"
    clock.advance(121)  # past the default stale_after_seconds
    assert MatchesMonitorJob(app.extensions["roadsvc.db"], clock).run().raised_or_seen == 1
    html = signed_in.client.get("/floor?lang=en").get_data(as_text=True)
    assert 'data-field="alerts" data-open="2"' in tile_of(html, table["id"])
    items = html[html.index('id="alert-list"'):]
    assert ">Plays refused<" in items and f"Match {match_id}: 1 play refused, 1 at seat {waiting}" in items
    assert "not this seat&#39;s turn" in items and f"Match {match_id}: deal {number} has not moved for 2 min" in items
    assert card_codes(main_of(html)) == []


def test_the_match_and_table_pages_list_its_alerts_to_resolve_there(signed_in, api, clock, app):
    table = new_table(api, "Dabang 14")
    match_id = new_match(api, table["id"])["id"]
    number, _ = start_first_deal(api, match_id, seed=4)  # burying: a play is refused (wrong_phase)
    refused = api.post(f"/api/v1/matches/{match_id}/deals/{number}/plays", {"seat": 1, "cards": ["3S"]},
                       role="dealer")
    assert refused.json["code"] == "wrong_phase"
    table_page = signed_in.client.get(f"/floor/tables/{table['id']}?lang=en").get_data(as_text=True)
    match_url = f"/floor/dabang/matches/{match_id}"
    html = signed_in.client.get(match_url).get_data(as_text=True)
    assert 'data-code="refused_plays"' in table_page and 'data-code="refused_plays"' in html
    alert_id = int(html.split('data-alert-id="')[1].split('"')[0])
    back = signed_in.client.post(f"/floor/alerts/{alert_id}/resolve",
                                 data={"csrf_token": csrf_token(html), "note": "reader misread", "back": match_url})
    assert back.status_code == 302 and back.headers["Location"].endswith(match_url)
    assert api.get(f"/api/v1/alerts/{alert_id}", role="pitboss").json["state"] == "resolved"


LIVE = {"X-Roadsvc-Live": "1"}


def version_of(html: str) -> str:
    return html.split('class="table-main dabang"')[1].split('data-version="')[1].split('"')[0]


def test_the_table_and_match_pages_are_live_and_their_main_parts_show_no_hand(signed_in, api, clock):
    table = new_table(api, "Dabang 15")
    match_id = new_match(api, table["id"])["id"]
    urls = (f"/floor/tables/{table['id']}", f"/floor/dabang/matches/{match_id}")
    for url in urls:
        page = signed_in.client.get(url).get_data(as_text=True)
        assert 'id="live-config"' in page and "table.js" in page and 'id="table-main"' in page, url
        assert f'"table": {table["id"]}' in page, url  # both watch the table's version on the floor
    number, _ = start_first_deal(api, match_id, seed=4)
    bury_and_pass(api, match_id, number, random.Random(1))
    parts = {url: signed_in.client.get(url, headers=LIVE).get_data(as_text=True) for url in urls}
    for url, part in parts.items():
        assert "<html" not in part and 'data-field="phase" data-value="playing"' in part, url
        assert set(card_codes(part)) <= {"BJ"}, url  # 抢亮's 大王 only: no hand, no hidden bottom
        assert version_of(signed_in.client.get(url, headers=LIVE).get_data(as_text=True)) == version_of(part), url
        assert 'data-field="countdown" data-deadline="' in part, url  # the page counts the match clock down
    deal = state(api, match_id, "dealer")["current_deal"]
    led = deal["hands"][str(deal["turn"])][0]
    played = api.post(f"/api/v1/matches/{match_id}/deals/{number}/plays", {"seat": deal["turn"], "cards": [led]},
                      role="dealer")
    assert played.status_code == 201
    for url, part in parts.items():
        moved = signed_in.client.get(url, headers=LIVE).get_data(as_text=True)
        assert version_of(moved) != version_of(part) and 'data-field="current-trick"' in moved, url
        assert set(card_codes(moved)) <= {"BJ", led}, url  # the played card is public; the hands are not


def bracket_slot(html: str, slot: str) -> str:
    found = html[html.index(f'data-slot="{slot}"'):]
    return found[:found.index("</li>")]


def test_the_bracket_page_is_live_its_main_part_moves_when_a_match_ends(signed_in, api, clock, app):
    """The bracket's script (static/table.js without a table) asks for the main part with its ETag at each 打棒
    event: 304 while nothing moved; a match's end advances its winner into the next round's slot."""
    teams = [{"name": name, "players": [f"{name} 1", f"{name} 2"]} for name in ("East", "West", "North", "South")]
    bracket = api.post("/api/v1/dabang/tournaments", {"name": "Spring cup", "teams": teams}, role="pitboss").json
    first = bracket["rounds"][0][0]
    table = new_table(api, "Dabang 16")
    url = f"/api/v1/dabang/tournaments/{bracket['id']}/rounds/1/matches/{first['index']}"
    match_id = api.post(url, {"table_id": table["id"]}, role="pitboss").json["id"]
    page_url = f"/floor/dabang/tournaments/{bracket['id']}?lang=en"
    page = signed_in.client.get(page_url).get_data(as_text=True)
    assert 'id="live-config"' in page and "table.js" in page and 'id="table-main"' in page
    assert '"wake": ["dabang", "resync"]' in page and '"table"' not in page.split('id="live-config"')[1][:400]
    part = signed_in.client.get(page_url, headers=LIVE)
    assert part.status_code == 200 and "<html" not in part.get_data(as_text=True)
    unchanged = signed_in.client.get(page_url, headers={**LIVE, "If-None-Match": part.headers["ETag"]})
    assert (unchanged.status_code, unchanged.get_data()) == (304, b"")
    assert 'data-field="team">East<' not in bracket_slot(part.get_data(as_text=True), "2/0")
    finish(app.extensions["roadsvc.db"], match_id, "A", "passed_ten")
    moved = signed_in.client.get(page_url, headers={**LIVE, "If-None-Match": part.headers["ETag"]})
    assert moved.status_code == 200 and moved.headers["ETag"] != part.headers["ETag"]
    html = moved.get_data(as_text=True)
    assert version_of_bracket(html) != version_of_bracket(part.get_data(as_text=True))
    assert f'class="team winner" data-field="team">{first["teams"][0]}<' in bracket_slot(html, f"1/{first['index']}")
    assert f'data-field="team">{first["teams"][0]}<' in bracket_slot(html, "2/0")  # on to the final
    assert 'data-field="in-play"' not in bracket_slot(html, f"1/{first['index']}")


def version_of_bracket(html: str) -> str:
    return html.split('class="bracket-main"')[1].split('data-version="')[1].split('"')[0]


def test_a_page_session_s_event_stream_carries_no_hand_no_tribute_card_and_no_hidden_bottom(signed_in, api, clock,
                                                                                            app):
    """The pages' one EventSource reads /api/v1/events with the page's cookie: while declaring it carries no card
    at all; through a deal after a tribute (its cards given and given back hidden), a bury without jokers and
    plays, nothing but the cards the table sees."""
    table = new_table(api, "Dabang 17")
    match_id = new_match(api, table["id"])["id"]
    from dabang_play import shuffled_codes
    assert api.post(f"/api/v1/matches/{match_id}/deals", {"draw": shuffled_codes(9), "first_drawer": 1},
                    role="dealer").status_code == 201
    declaring = page_stream(signed_in, table["id"], 2)
    assert [event["data"]["kind"] for event in declaring] == ["match_started", "deal"]
    assert card_codes(repr(declaring)) == []  # the draw is posted: 162 cards, none on the stream
    match_id = new_match(api, new_table(api, "Dabang 18")["id"])["id"]
    whole_first_deal(api, match_id, seed=4)
    dealer, codes = state(api, match_id)["dealer_seat"], shuffled_codes(11)
    number = api.post(f"/api/v1/matches/{match_id}/deals", {"draw": codes, "first_drawer": dealer},
                      role="dealer").json["number"]
    drawn = next(codes[156:157 + i] for i, code in enumerate(codes[156:]) if code not in ("BJ", "SJ"))
    answer = api.post(f"/api/v1/matches/{match_id}/deals/{number}/trump", {"drawn_from_bottom": drawn},
                      role="dealer").json
    assert answer["phase"] == "tribute_return" and answer["tribute"]["count"] > 0
    held = state(api, match_id, "dealer")["current_deal"]
    given, returned = held["tribute"]["cards"], return_tribute(api, match_id, number)
    bury_and_pass(api, match_id, number, random.Random(2))
    deal = state(api, match_id, "dealer")["current_deal"]
    led = deal["hands"][str(deal["turn"])][:1]
    assert api.post(f"/api/v1/matches/{match_id}/deals/{number}/plays", {"seat": deal["turn"], "cards": led},
                    role="dealer").status_code == 201
    db = app.extensions["roadsvc.db"]
    from roadsvc.services.events import events_after
    logged = [r for r in events_after(db, 0) if r.type == "dabang" and r.data["match_id"] == match_id]
    events = [e for e in page_stream(signed_in, None, len(logged), match_id) if e["data"].get("match_id") == match_id]
    assert [{key: e["data"][key] for key in r.data} for e, r in zip(events, logged)] == [r.data for r in logged]
    kinds = [e["data"]["kind"] for e in events]
    second = [e["data"] for e in events[len(kinds) - 1 - kinds[::-1].index("deal"):]]  # the deal after a tribute
    assert [data["kind"] for data in second][:4] == ["deal", "trump", "tribute_return", "bury"]
    assert {data["kind"] for data in second[4:-1]} <= {"bury_jokers"} and second[-1]["kind"] == "play"
    for data in (e["data"] for e in events):
        assert not {"hands", "draw", "hand"} & set(data), data
        assert not {"cards", "returned_cards"} & set(data.get("tribute") or {}), data
        assert data.get("bottom") is None or data["bottom_shown"], data
    assert card_codes(repr(second[:-1])) == []  # a drawn bottom is hidden; the tribute's cards are nobody's
    assert given and returned["tribute"]["returned"] == len(given)
    assert events[-1]["data"]["cards"] == led  # a play is public, and the check sees cards


def page_stream(signed_in, table_id: int | None, count: int, match_id: int | None = None) -> list[dict]:
    """The page's stream (its cookie, no key) from the log's start: its first `count` 打棒 events (of the match)."""
    query = f"?table_id={table_id}" if table_id else ""
    response = signed_in.client.get(f"/api/v1/events{query}", headers={"Last-Event-ID": "0"}, buffered=False)
    assert response.status_code == 200
    stream, found = Stream(response), []
    try:
        while len(found) < count:
            block = stream.block()
            if block.get("event") == "dabang" and match_id in (None, block["data"].get("match_id")):
                found.append(block)
    finally:
        stream.close()
    return found
