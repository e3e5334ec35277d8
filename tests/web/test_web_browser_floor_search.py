"""Finding a table on the floor in headless Chromium (issue 36): the name typed and the game chosen hide the
other tiles at once, stay in the URL (a reload keeps them), and hold for the tiles the live updates bring."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from test_web_browser import new_table, tile

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_search_by_name_and_game_kept_in_the_url_and_through_live_updates(floor_server, floor_page):
    baccarat = new_table(floor_server, "Macau VIP 8")
    niuniu = floor_server.api("POST", "/api/v1/tables", {"name": "Niu VIP 2", "game": "niuniu"},
                              role="pitboss").json()["id"]
    other = new_table(floor_server, "Lobby 3")
    floor_page.reload()
    floor_page.fill('[data-field="search"]', "vip")
    expect(tile(floor_page, other)).to_be_hidden()
    expect(tile(floor_page, baccarat)).to_be_visible()
    floor_page.select_option('[data-field="game"]', "niuniu")
    expect(tile(floor_page, baccarat)).to_be_hidden()
    expect(tile(floor_page, niuniu)).to_be_visible()
    assert floor_page.url.endswith("/floor?q=vip&game=niuniu")
    floor_page.reload()
    expect(floor_page.locator('[data-field="search"]')).to_have_value("vip")
    expect(tile(floor_page, baccarat)).to_be_hidden()
    expect(tile(floor_page, niuniu)).to_be_visible()
    came = floor_server.api("POST", "/api/v1/tables", {"name": "Niu VIP 3", "game": "niuniu"},
                            role="pitboss").json()["id"]
    missed = floor_server.api("POST", "/api/v1/tables", {"name": "Niu 4", "game": "niuniu"}, role="pitboss").json()["id"]
    expect(tile(floor_page, came)).to_be_visible()  # brought by the live update, and it matches
    expect(tile(floor_page, missed)).to_be_hidden()
    floor_page.fill('[data-field="search"]', "")
    floor_page.select_option('[data-field="game"]', "")
    expect(tile(floor_page, missed)).to_be_visible()
    assert floor_page.url.endswith("/floor")
