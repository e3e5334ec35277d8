"""The floor's layout in headless Chromium (issue 24) at 1920x1080, 1366x768 and a phone, with
screenshots saved for a person to look at (tmp, or docs/images with ROADSVC_DOC_SHOTS=1):
24 tiles at 1366x768, the alerts first on a phone, the whole scoreboard on a phone's table
page, the money on the tiles, a VIP tile's mode, charter, held hand and countdown (never its
cards), the dealer change from the page, and an alert's words following the language."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from playwright.sync_api import expect

from _floor import busy_floor
from roadsvc.domain.baccarat.dealing.shoe import deal_shoe
from test_web_browser import NATURAL, REFUSED, new_table, tile
from websupport import sign_in

pytestmark = [pytest.mark.browser, pytest.mark.slow]

DOCS = Path(__file__).resolve().parents[2] / "docs" / "images"
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
VIP_HAND = {"cards": ["4S", "KD", "3H", "9C"]}  # player 7, banker 9


def shot(page, tmp_path, name: str) -> Path:
    folder = DOCS if os.environ.get("ROADSVC_DOC_SHOTS") == "1" else tmp_path
    path = folder / f"{name}.png"
    page.screenshot(path=str(path))
    return path


def signed_in_page(chromium, floor, **context):
    browser = chromium.new_context(**context)
    browser.set_default_timeout(10_000)
    page = browser.new_page()
    sign_in(page, floor, floor.keys["pitboss"])
    page.wait_for_url(floor.url + "/floor")
    return browser, page


def deal_with_bets(floor, table_id: int, hands: int, seed: int) -> None:
    """`hands` real hands, each with a few slips from three accounts before it."""
    rng = random.Random(seed)
    for number, hand in enumerate(deal_shoe(rng).hands[:hands], start=1):
        for account in ("acct-1", "acct-2", "acct-3"):
            stakes = [{"bet": rng.choice(["banker", "player", "tie"]), "stake": f"{rng.choice([100, 200, 500, 1000])}.00"}]
            body = {"client_slip_id": f"t{table_id}-h{number}-{account}", "account_id": account,
                    "account_range": {"min": "1.00", "max": "100000.00"}, "bets": stakes}
            assert floor.api("POST", f"/api/v1/tables/{table_id}/slips", body, role="game_server").status_code == 201
        assert floor.api("POST", f"/api/v1/tables/{table_id}/hands", {"cards": hand.to_dict()["cards"]}).status_code == 201


def test_24_tiles_fit_at_1366x768(floor_server, chromium, tmp_path):
    busy_floor(floor_server.db, 24, dealt_hands=(5, 30))
    browser, page = signed_in_page(chromium, floor_server, viewport={"width": 1366, "height": 768})
    tiles = page.locator("[data-table-id]")
    expect(tiles).to_have_count(24)
    for index in range(24):
        box = tiles.nth(index).bounding_box()
        assert box["y"] + box["height"] <= 768 and box["x"] + box["width"] <= 1366, index
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 1366  # no sideways scroll
    shot(page, tmp_path, "floor-1366x768")
    browser.close()


def test_the_floor_with_its_money_at_1920x1080(floor_server, chromium, tmp_path):
    made = [new_table(floor_server, f"Baccarat {n}") for n in range(1, 13)]
    for index, table_id in enumerate(made[:8]):
        deal_with_bets(floor_server, table_id, 6 + index, seed=index)
    floor_server.api("POST", f"/api/v1/tables/{made[9]}/hands", REFUSED)
    browser, page = signed_in_page(chromium, floor_server, viewport={"width": 1920, "height": 1080})
    expect(tile(page, made[0]).locator('[data-field="win"]')).to_be_visible()
    expect(page.locator('[data-field="floor-win"]')).not_to_have_text("0.00")
    for index in range(12):
        box = page.locator("[data-table-id]").nth(index).bounding_box()
        assert box["y"] + box["height"] <= 1080
    page.select_option('select[name="sort"]', "win")
    wins = lambda: [float(v) for v in page.eval_on_selector_all('[data-field="win"]', "ns => ns.map(n => n.dataset.value)")]
    page.wait_for_function("new URLSearchParams(location.search).get('sort') === 'win'")
    expect(page.locator("[data-table-id]").first).to_have_attribute("data-table-id", str(max(
        made, key=lambda t: float(tile(page, t).locator('[data-field="win"]').get_attribute("data-value")))))
    assert wins() == sorted(wins(), reverse=True)
    shot(page, tmp_path, "floor-money")
    page.goto(f"{floor_server.url}/floor/tables/{made[0]}")
    expect(page.locator('[data-field="win-chart"] svg')).to_have_attribute("data-points", "6")
    shot(page, tmp_path, "table-money")
    browser.close()


def test_on_a_phone_the_alerts_come_first_and_the_table_shows_every_road(floor_server, chromium, tmp_path):
    quiet, refused = new_table(floor_server, "Baccarat 1"), new_table(floor_server, "Baccarat 2")
    for table_id in (quiet, refused):
        for hand in deal_shoe(random.Random(table_id)).hands[:40]:
            floor_server.api("POST", f"/api/v1/tables/{table_id}/hands", {"cards": hand.to_dict()["cards"]})
    floor_server.api("POST", f"/api/v1/tables/{refused}/hands", REFUSED)
    browser, page = signed_in_page(chromium, floor_server, **PHONE)
    alerts = page.locator("#alerts").bounding_box()
    first_tile = page.locator("[data-table-id]").first.bounding_box()
    assert alerts["y"] < first_tile["y"] and alerts["y"] < 400
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 390
    shot(page, tmp_path, "floor-phone")
    page.goto(f"{floor_server.url}/floor/tables/{quiet}")
    board = page.locator('[data-field="scoreboard"] svg').bounding_box()
    assert board["width"] <= 390 and board["x"] >= 0  # drawn whole, to the screen's width
    shot(page, tmp_path, "table-phone")
    browser.close()


def test_an_alert_follows_the_language_switch(floor_server, floor_page):
    table_id = new_table(floor_server, "Baccarat 5")
    floor_server.api("POST", f"/api/v1/tables/{table_id}/hands", REFUSED)
    title = floor_page.locator('[data-alert-id] [data-field="alert-title"]')
    expect(title).to_have_text("Hands refused")
    expect(floor_page.locator('[data-alert-id] [data-field="alert-message"]')).to_contain_text("1 hand refused")
    floor_page.click('a[lang="zh-Hant"]')
    expect(title).to_have_text("牌局被拒")
    expect(floor_page.locator('[data-alert-id] [data-field="alert-message"]')).to_contain_text("本靴有 1 局被拒")
    expect(floor_page.locator('[data-alert-id] time').first).to_contain_text("Asia/Macau")


def test_a_vip_tile_shows_its_mode_charter_and_held_hand_never_its_cards(floor_server, floor_page, tmp_path):
    table_id = new_table(floor_server, "VIP 1", {"mode": "vip", "open_seconds": 90})
    assert floor_server.api("POST", f"/api/v1/tables/{table_id}/charter", {"account_id": "acct-vip"},
                            role="game_server").status_code == 201
    body = {"client_slip_id": "vip-1", "account_id": "acct-vip", "account_range": {"min": "1.00", "max": "100000.00"},
            "bets": [{"bet": "banker", "stake": "1000.00"}]}
    assert floor_server.api("POST", f"/api/v1/tables/{table_id}/slips", body, role="game_server").status_code == 201
    assert floor_server.api("POST", f"/api/v1/tables/{table_id}/hands", VIP_HAND).json()["held"] is True
    asked = floor_server.api("POST", f"/api/v1/tables/{table_id}/requests",
                             {"kind": "change_dealer", "account_id": "acct-vip"}, role="game_server")
    assert asked.status_code == 201
    vip = tile(floor_page, table_id).locator('[data-field="vip"]')
    expect(vip.locator('[data-field="held"]')).to_contain_text("Hand 1 held")
    expect(vip).to_contain_text("acct-vip")
    countdown = vip.locator('[data-field="countdown"]')
    expect(countdown).to_contain_text("opens in")
    left = int(countdown.get_attribute("data-seconds-left"))
    assert 0 < left <= 90
    expect(tile(floor_page, table_id).locator('[data-field="status"]')).to_have_attribute("data-value", "dealing")
    shot(floor_page, tmp_path, "floor-vip")
    for page_path in ("/floor", f"/floor/tables/{table_id}"):
        floor_page.goto(floor_server.url + page_path)
        html = floor_page.content()
        assert "K♦" not in html and "9♣" not in html and '"KD"' not in html
    expect(floor_page.locator('[data-field="held"]')).to_be_visible()  # the odds panel: closed while held
    assert set(floor_page.locator('[data-field="bet-state"]').all_text_contents()) == {"closed"}
    floor_page.goto(floor_server.url + "/floor")
    floor_page.click(f'[data-table-id="{table_id}"] [data-action="dealer-changed"]')
    expect(tile(floor_page, table_id).locator("[data-request-id]")).to_have_count(0)
