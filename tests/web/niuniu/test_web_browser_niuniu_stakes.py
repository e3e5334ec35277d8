"""The stakes of the round in play on the 百人牛牛 table page (issue 34), in headless Chromium: each slip a game
server sends puts the areas' totals and slip counts in place without a reload (a slip does not move the
floor's version: the page's script fetches the section alone at each `slip` event), the section follows
the round through its dealing and opening, and no closed fourth card shows anywhere meanwhile."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from niuniu_support import HANDS, HIDDEN, by_order, slip_body

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SUITS = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}


def face(code: str) -> str:
    return code[:-1] + SUITS[code[-1]]


def slip(floor, table: int, account: str, bets: dict) -> None:
    taken = floor.api("POST", f"/api/v1/tables/{table}/slips", slip_body(1, account, "10000.00", bets),
                      role="game_server")
    assert taken.status_code == 201, taken.json()


def row(page, area: str):
    return page.locator(f'[data-field="stakes"] tr[data-area="{area}"]')


def test_the_stakes_follow_each_slip_live_and_never_show_a_closed_card(floor_server, floor_page):
    table = floor_server.api("POST", "/api/v1/tables", {"name": "Niu 51", "game": "niuniu"}, role="pitboss").json()
    table = table["id"]
    floor_page.goto(f"{floor_server.url}/floor/tables/{table}?lang=en")
    expect(floor_page.locator("#live")).to_have_attribute("data-state", "live")
    expect(floor_page.locator('[data-field="stakes-none"]')).to_be_visible()
    floor_page.evaluate("window.sameDocument = true")

    slip(floor_server, table, "acct-a", {"player_1": "10.00", "player_4": "5.00"})
    stakes = floor_page.locator('[data-field="stakes"]')
    expect(stakes.locator("h2")).to_contain_text("Stakes on round 1 · betting", timeout=5000)
    expect(row(floor_page, "player_1").locator("td")).to_have_text(["10.00", "1"])
    slip(floor_server, table, "acct-b", {"player_1": "100.00", "player_3": "20.00"})
    expect(row(floor_page, "player_1").locator("td")).to_have_text(["110.00", "2"], timeout=5000)
    expect(row(floor_page, "player_3").locator("td")).to_have_text(["20.00", "1"])
    expect(row(floor_page, "player_2").locator("td")).to_have_text(["0.00", "0"])
    expect(row(floor_page, "total").locator("td")).to_have_text(["135.00", "2"])
    expect(row(floor_page, "player_1").locator("th")).to_have_text("Player 1")

    rounds = f"/api/v1/tables/{table}/rounds"
    assert floor_server.api("POST", rounds, by_order(1)).status_code == 201
    assert floor_server.api("POST", f"{rounds}/1/open", {"position": "player_1"}).status_code == 200
    expect(stakes.locator('[data-field="stakes-phase"]')).to_have_text("opening", timeout=5000)
    expect(row(floor_page, "total").locator("td")).to_have_text(["135.00", "2"])
    text, html = floor_page.locator("body").inner_text(), floor_page.content()
    html = re.sub(r"<svg\b.*?</svg>", "", html, flags=re.S)
    for position, hidden in HIDDEN.items():
        if position != "player_1":
            assert face(hidden) not in text and face(hidden) not in html, position
    assert "acct-a" not in text and "acct-b" not in text

    assert floor_server.api("POST", f"{rounds}/1/open", {}).status_code == 200
    expect(floor_page.locator('[data-field="stakes-none"]')).to_be_visible(timeout=5000)
    expect(floor_page.locator(f'tr[data-round="1"] td[data-position="banker"]')).to_contain_text(
        face(HANDS["banker"][3]))
    assert floor_page.evaluate("window.sameDocument") is True  # no reload
