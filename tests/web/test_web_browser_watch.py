"""The watched-accounts page (issue 45) in headless Chromium: linked from the floor, the flagged counter first
with its evidence, in the page's language and theme."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect

from roadsvc.services.baccarat.play_watch import PlayWatch
from roadsvc.services.demo import DemoBettors, DemoDealer, ensure_watch_table

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def watched_floor(db) -> None:
    """The demo's watch table dealt for a shoe (seed 7: the counter is flagged at its close)."""
    table = ensure_watch_table(db)
    watch = PlayWatch(db)
    watch.step()
    dealer = DemoDealer(db, table.id, random.Random(7), bettors=DemoBettors(db, table.id, random.Random(1)))
    while dealer.shoes_finished < 1:
        dealer.step()
        watch.step()
    dealer.step()
    watch.step()


def test_the_pit_boss_finds_the_counter_from_the_floor(floor_server, floor_page, tmp_path):
    watched_floor(floor_server.db)
    floor_page.reload()
    floor_page.click('[data-field="watch-link"]')
    expect(floor_page).to_have_url(floor_server.url + "/floor/watch")
    floor_page.goto(floor_server.url + "/floor/watch?lang=zh-Hans&theme=light")
    rows = floor_page.locator("[data-account]")
    expect(rows.first).to_have_attribute("data-account", "demo-counter")
    expect(rows.first).to_have_attribute("data-flagged", "1")
    expect(rows.first.locator('[data-code="advantage_play"]')).to_have_text("优势投注")
    wash = floor_page.locator('[data-account="demo-wash-a"]')
    expect(wash.locator('[data-code="opposite_bets"]')).to_be_visible()
    expect(floor_page.locator('[data-account="demo-flat-1"]')).to_have_attribute("data-flagged", "0")
    floor_page.screenshot(path=str(tmp_path / "watch-zh-Hans-light.png"), full_page=True)
    floor_page.goto(floor_server.url + "/floor/watch?lang=en&theme=dark")
    expect(floor_page.locator('[data-account="demo-counter"] [data-code="advantage_play"]')).to_have_text(
        "Advantage play")
    expect(floor_page.locator("html")).to_have_attribute("data-theme", "dark")
    floor_page.screenshot(path=str(tmp_path / "watch-en-dark.png"), full_page=True)
    floor_page.goto(floor_server.url + "/floor/watch?lang=zh-Hant")
    expect(floor_page.locator("h1")).to_contain_text("監察賬戶")
