"""打棒 in headless Chromium (Debian's) against a real server: a match's tile on the floor, live as the match
is played, the match's page live as it is played (its trick, its road, its clock), and the tournament
bracket page reached from the floor, down to a match's page."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest
from playwright.sync_api import expect

from dabang_api import bracket_match, bury_and_pass, new_match, new_table, next_legal_play, start_first_deal, state
from dabang_web_support import ServedApi, card_codes
from websupport import sign_in

from roadsvc.api.dabang import CLOCK as MATCH_CLOCK

pytestmark = [pytest.mark.browser, pytest.mark.slow]

@pytest.fixture
def api(floor_server) -> ServedApi:
    floor_server.app.extensions[MATCH_CLOCK] = floor_server.clock  # the matches on the pages' clock
    return ServedApi(floor_server)


def test_a_match_tile_follows_the_play_without_reload_and_shows_no_card(floor_server, floor_page, api):
    table_id = new_table(api, "Dabang 1")["id"]
    match_id = new_match(api, table_id)["id"]
    number, _ = start_first_deal(api, match_id, seed=4)
    bury_and_pass(api, match_id, number, random.Random(1))
    floor_page.reload()
    tile = floor_page.locator(f'article[data-table-id="{table_id}"]')
    expect(tile.locator('[data-field="phase"]')).to_have_attribute("data-value", "playing")
    expect(tile.locator('[data-field="teams"]')).to_contain_text("Li")
    expect(tile.locator('[data-field="teams"]')).to_contain_text("Chen")
    expect(tile.locator('[data-field="level-A"]')).to_have_text("3")
    expect(tile.locator('[data-field="deal"]')).to_have_text("1")
    countdown = tile.locator('[data-field="countdown"]')
    expect(countdown).to_have_text(re.compile(r"^(89|90):\d\d$"))  # the page's script counts down from ends_at
    floor_page.evaluate("window.sameDocument = true")
    deal = state(api, match_id, "dealer")["current_deal"]
    seat = deal["turn"]
    played = api.post(f"/api/v1/matches/{match_id}/deals/{number}/plays",
                      {"seat": seat, "cards": deal["hands"][str(seat)][:1]}, role="dealer")
    assert played.status_code == 201
    expect(tile.locator('[data-field="trick-plays"]')).to_have_attribute("data-value", "1", timeout=3000)
    assert floor_page.evaluate("window.sameDocument") is True
    assert card_codes(tile.inner_text()) == []  # a wall screen: no card on the tile at all
    floor_server.clock.advance(400)  # no move for longer than the 300 s threshold
    expect(tile.locator('[data-field="status"]')).to_have_attribute("data-value", "stale", timeout=3000)


def test_the_bracket_page_from_the_floor_to_a_match(floor_server, floor_page, api):
    bracket, ready, match = bracket_match(api, "Winter cup", "Dabang 2")
    match_id = match["id"]
    floor_page.reload()
    floor_page.click('[data-field="tournaments-link"]')
    floor_page.click("text=Winter cup")
    expect(floor_page).to_have_url(f"{floor_server.url}/floor/dabang/tournaments/{bracket['id']}")
    rounds = floor_page.locator(".bracket .round")
    expect(rounds).to_have_count(2)
    expect(rounds.nth(1).locator("h2")).to_have_text("Final")
    expect(floor_page.locator('.slot[data-how="bye"] .team.winner')).to_have_count(1)
    slot = floor_page.locator(f'.slot[data-slot="1/{ready["index"]}"]')
    expect(slot.locator('[data-field="in-play"]')).to_be_visible()
    expect(slot.locator('[data-field="team"]')).to_have_text(ready["teams"])
    slot.locator('[data-field="match-link"]').click()
    expect(floor_page).to_have_url(f"{floor_server.url}/floor/dabang/matches/{match_id}")
    expect(floor_page.locator('[data-field="road"] svg')).to_be_visible()
    teams = floor_page.locator('[data-field="teams"]')
    for team in ready["teams"]:  # the slot's two teams, seated 1 and 3, 2 and 4
        expect(teams).to_contain_text(f"{team} 1")
        expect(teams).to_contain_text(f"{team} 2")


def test_the_match_page_follows_the_play_without_reload_and_counts_its_clock_down(floor_server, floor_page, api):
    table_id = new_table(api, "Dabang 3")["id"]
    match_id = new_match(api, table_id)["id"]
    number, _ = start_first_deal(api, match_id, seed=4)
    bury_and_pass(api, match_id, number, random.Random(1))
    floor_page.goto(f"{floor_server.url}/floor/dabang/matches/{match_id}?lang=en")
    expect(floor_page.locator("#live")).to_have_attribute("data-state", "live")
    expect(floor_page.locator('[data-field="road"] svg')).to_be_visible()
    countdown = floor_page.locator('[data-field="time-left"] [data-field="countdown"]')
    expect(countdown).to_have_attribute("data-seconds-left", re.compile(r"^\d+$"))  # set by the page's script
    assert 5300 < int(countdown.get_attribute("data-seconds-left")) <= 5400
    floor_page.evaluate("window.sameDocument = true")
    expect(floor_page.locator('[data-field="current-trick"]')).to_have_count(0)
    deal = state(api, match_id, "dealer")["current_deal"]
    led = deal["hands"][str(deal["turn"])][0]
    played = api.post(f"/api/v1/matches/{match_id}/deals/{number}/plays", {"seat": deal["turn"], "cards": [led]},
                      role="dealer")
    assert played.status_code == 201
    trick = floor_page.locator('[data-field="current-trick"]')
    expect(trick.locator(f'[data-card="{led}"]')).to_have_count(1, timeout=3000)  # the play, as a card face
    assert floor_page.evaluate("window.sameDocument") is True
    shown = floor_page.locator("main [data-card]").evaluate_all("faces => faces.map(face => face.dataset.card)")
    assert set(shown) | set(card_codes(floor_page.locator("main").inner_text())) <= {"BJ", led}  # no hand shown


# With polls a minute apart (safety polls five minutes apart), only the page's one EventSource can bring a change
# within seconds: these pages follow the 打棒 events of the stream.
STREAM_ONLY = pytest.mark.parametrize("floor_config", [{"WEB_POLL_SECONDS": 60}], indirect=True)


@STREAM_ONLY
@pytest.mark.parametrize("which", ["table", "match"])
def test_a_play_posted_through_the_api_appears_on_the_open_page_from_the_stream(floor_server, floor_page, api, which):
    table_id = new_table(api, f"Dabang {which}")["id"]
    match_id = new_match(api, table_id)["id"]
    number, _ = start_first_deal(api, match_id, seed=4)
    bury_and_pass(api, match_id, number, random.Random(1))
    url = f"/floor/tables/{table_id}" if which == "table" else f"/floor/dabang/matches/{match_id}"
    floor_page.goto(f"{floor_server.url}{url}?lang=en")
    expect(floor_page.locator("#live")).to_have_attribute("data-mode", "stream")
    expect(floor_page.locator('[data-field="phase"]')).to_have_attribute("data-value", "playing")
    floor_page.evaluate("window.sameDocument = true")
    trick = floor_page.locator('[data-field="current-trick"]')
    for expected in (1, 2):
        deal = state(api, match_id, "dealer")["current_deal"]
        seat, cards = next_legal_play(deal, random.Random(expected))
        played = api.post(f"/api/v1/matches/{match_id}/deals/{number}/plays", {"seat": seat, "cards": cards},
                          role="dealer")
        assert played.status_code == 201, played.json
        expect(trick.locator("[data-seat]")).to_have_count(expected, timeout=4000)
        face = trick.locator(f'[data-seat="{seat}"] [data-card="{cards[0]}"]')
        expect(face).to_have_count(len(cards))  # the play, as card faces
    assert floor_page.evaluate("window.sameDocument") is True
    shown = floor_page.locator("main [data-card]").evaluate_all("faces => faces.map(face => face.dataset.card)")
    played_cards = [code for play in state(api, match_id, "display")["current_trick"]["plays"] for code in play["cards"]]
    assert not Counter(shown) - Counter(["BJ", *played_cards])  # 抢亮's 大王 and the plays: no hand in the page


@STREAM_ONLY
def test_a_match_ending_advances_the_open_bracket_from_the_stream(floor_server, floor_page, api):
    bracket, ready, match = bracket_match(api, "Spring cup", "Dabang 4")
    match_id = match["id"]
    floor_page.goto(f"{floor_server.url}/floor/dabang/tournaments/{bracket['id']}?lang=en")
    expect(floor_page.locator("#live")).to_have_attribute("data-mode", "stream")
    slot = floor_page.locator(f'.slot[data-slot="1/{ready["index"]}"]')
    expect(slot.locator('[data-field="in-play"]')).to_be_visible()
    final = floor_page.locator(".bracket .round").nth(1).locator(".slot")
    expect(final.locator(".team", has_text=ready["teams"][1])).to_have_count(0)
    floor_page.evaluate("window.sameDocument = true")
    ended = api.post(f"/api/v1/matches/{match_id}/end", {"reason": "a player fell ill", "winner": "B"}, role="pitboss")
    assert ended.status_code == 200, ended.json
    expect(slot).to_have_attribute("data-winner", ready["teams"][1], timeout=4000)
    expect(slot.locator('[data-field="in-play"]')).to_have_count(0)
    expect(slot.locator(".team.winner")).to_have_text(ready["teams"][1])
    expect(final.locator(".team", has_text=ready["teams"][1])).to_have_count(1)  # on to the final
    assert floor_page.evaluate("window.sameDocument") is True
