"""The dealers in headless Chromium (issue 45): the floor's Dealers link opens each dealer's shift, in the
page's language and theme; a dealer change at a table reaches its open page by the stream, no reload."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from test_web_browser import NATURAL, REFUSED, new_table

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def add_dealer(floor, badge: str, name: str) -> None:
    assert floor.api("POST", "/api/v1/dealers", {"badge": badge, "name": name}, role="pitboss").status_code == 201


def test_the_dealers_page_from_the_floor_in_each_theme_and_language(floor_server, floor_page):
    table_id = new_table(floor_server, "Baccarat 1")
    add_dealer(floor_server, "D-1", "Chan Mei Ling")
    assert floor_server.api("POST", f"/api/v1/tables/{table_id}/dealer", {"badge": "D-1"}).status_code == 201
    for hand in (NATURAL, REFUSED, NATURAL):
        floor_server.api("POST", f"/api/v1/tables/{table_id}/hands", hand)
    floor_server.clock.advance(5)  # the page's now: after the hands
    page = floor_page
    page.goto(floor_server.url + "/floor?lang=en")
    page.locator('[data-field="dealers-link"]').click()
    page.wait_for_url(floor_server.url + "/floor/dealers*")
    row = page.locator('tr[data-game="baccarat"]').first
    expect(row).to_contain_text("Chan Mei Ling")
    expect(row.locator('[data-field="games"]')).to_have_text("2")
    expect(row.locator('[data-field="refusals"]')).to_have_text("1 (50.0)")
    page.goto(floor_server.url + "/floor/dealers?lang=zh-Hant&theme=dark")
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    expect(page.locator("#dealers-title")).to_contain_text("本班荷官")
    light = page.evaluate("getComputedStyle(document.body).backgroundColor")
    page.goto(floor_server.url + "/floor/dealers?lang=zh-Hant&theme=light")
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") != light


def test_a_dealer_change_reaches_the_open_table_page_without_reload(floor_server, floor_page):
    table_id = new_table(floor_server, "Baccarat 2")
    add_dealer(floor_server, "D-1", "Chan Mei Ling")
    add_dealer(floor_server, "D-2", "Ho Ka Wai")
    floor_server.api("POST", f"/api/v1/tables/{table_id}/dealer", {"badge": "D-1"})
    page = floor_page
    page.goto(floor_server.url + f"/floor/tables/{table_id}?lang=en")
    now = page.locator('[data-field="dealer-now"]')
    expect(now).to_contain_text("Chan Mei Ling")
    page.evaluate("window.__marker = 1")  # gone if the page reloads
    assert floor_server.api("POST", f"/api/v1/tables/{table_id}/dealer", {"badge": "D-2"}).status_code == 201
    expect(now).to_contain_text("Ho Ka Wai", timeout=5000)
    assert page.evaluate("window.__marker") == 1
