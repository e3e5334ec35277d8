"""The recall page in headless Chromium (Debian's, through Playwright): opened from each game's table page, it
draws the cards (a closed 百人牛牛 fourth card as a card's back), lists the steps and shows the chain's links,
in the light and the dark theme."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from dabang_api import whole_first_deal
from niuniu_support import HIDDEN, by_order, slip_body

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SUITS = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}


class _Api:
    """floor.api in the shape tests/dabang_api.py drives (`.json` an attribute)."""

    def __init__(self, floor):
        self.floor = floor

    def _answer(self, response):
        response.json = response.json()
        return response

    def get(self, url, role="display"):
        return self._answer(self.floor.api("GET", url, role=role))

    def post(self, url, json=None, role="admin"):
        return self._answer(self.floor.api("POST", url, json, role=role))


def open_recall(page, floor, table_id: int, theme: str = "light") -> None:
    page.goto(f"{floor.url}/floor/tables/{table_id}?lang=en&theme={theme}")
    page.click('[data-field="recall-link"]')
    page.wait_for_url(re.compile(rf"/floor/tables/{table_id}/recall$"))
    expect(page.locator("section.recall-game").first).to_be_visible()


def test_a_baccarat_hand_is_drawn_and_its_correction_listed(floor_server, floor_page, browser_page):
    floor = floor_server
    table = floor.api("POST", "/api/v1/tables", {"name": "Bac Recall"}, role="pitboss").json()["id"]
    assert floor.api("POST", f"/api/v1/tables/{table}/shoes", {"decks": 8}).status_code == 201
    assert floor.api("POST", f"/api/v1/tables/{table}/hands", {"cards": ["4S", "KD", "3H", "9C"]}).status_code == 201
    shoe = floor.api("GET", f"/api/v1/tables/{table}/shoes", role="pitboss").json()[0]["id"]
    fixed = {"hand": {"cards": ["9S", "2D", "KH", "3C"]}, "reason": "misread card"}
    assert floor.api("POST", f"/api/v1/shoes/{shoe}/hands/1/correct", fixed, role="pitboss").status_code == 200
    open_recall(browser_page, floor, table, "dark")
    hand = browser_page.locator('section[data-game="baccarat"][data-hand="1"]')
    dealt = hand.locator("ol.dealt .card-face")
    expect(dealt).to_have_count(4)
    assert dealt.all_inner_texts() == ["9♠", "2♦", "K♥", "3♣"]
    expect(hand.locator('tr[data-step="corrected"]')).to_contain_text("misread card")
    hand.locator('details[data-field="links"] summary').click()
    expect(hand.locator(".digest").first).to_be_visible()
    assert browser_page.locator("html").get_attribute("data-theme") == "dark"


def test_a_niuniu_round_in_play_draws_closed_cards_as_backs(floor_server, floor_page, browser_page):
    floor = floor_server
    table = floor.api("POST", "/api/v1/tables", {"name": "Niu Recall", "game": "niuniu"}, role="pitboss").json()["id"]
    rounds = f"/api/v1/tables/{table}/rounds"
    assert floor.api("POST", f"/api/v1/tables/{table}/slips", slip_body(1, "acct-b"), role="game_server") \
        .status_code == 201
    assert floor.api("POST", rounds, by_order(1)).status_code == 201
    assert floor.api("POST", f"{rounds}/1/open", {"position": "player_1"}).status_code == 200
    open_recall(browser_page, floor, table)
    round_ = browser_page.locator('section[data-game="niuniu"][data-round="1"]')
    expect(round_.locator('[data-card="hidden"]')).to_have_count(8)
    expect(round_.locator("ol.dealt li")).to_have_count(25)
    text = browser_page.locator("body").inner_text()
    for position, code in HIDDEN.items():
        face = code[:-1] + SUITS[code[-1]]
        assert (face in text) == (position == "player_1"), position
    expect(round_.locator('[data-field="links-in-play"]')).to_be_attached()


def test_an_dabang_deal_is_drawn_trick_by_trick(floor_server, floor_page, browser_page):
    floor = floor_server
    api = _Api(floor)
    table = api.post("/api/v1/tables", {"name": "Dabang Recall", "game": "dabang"}, role="pitboss").json["id"]
    match = api.post(f"/api/v1/tables/{table}/matches", {"players": {"1": "Li", "2": "Wang", "3": "Zhao", "4": "Chen"}},
                     role="pitboss").json["id"]
    whole_first_deal(api, match, seed=4)
    open_recall(browser_page, floor, table)
    deal = browser_page.locator('section[data-game="dabang"][data-deal="1"]')
    expect(deal.locator('[data-field="tricks"] tbody tr').first).to_be_visible()
    assert deal.locator('[data-field="tricks"] .card-face').count() >= 156
    expect(deal.locator('[data-field="score"]')).to_be_visible()
