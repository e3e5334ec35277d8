"""Alert priority in headless Chromium (issue 24): an acknowledged critical stays on top and
its tile stays red; a new critical flashes its tile, and beeps only with the sound turned on."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from test_web_browser import NATURAL, REFUSED, new_table, tile

pytestmark = [pytest.mark.browser, pytest.mark.slow]
RED = re.compile(r"\bworst-critical\b")


def refuse(floor, table_id: int, times: int) -> None:
    for _ in range(times):
        assert floor.api("POST", f"/api/v1/tables/{table_id}/hands", REFUSED).status_code == 422


def test_an_acknowledged_critical_stays_on_top_and_its_tile_red(floor_server, floor_page):
    critical, warning = new_table(floor_server, "Baccarat 1"), new_table(floor_server, "Baccarat 2")
    floor_page.reload()
    refuse(floor_server, critical, 3)  # three refusals in a shoe: critical
    refuse(floor_server, warning, 1)  # newer, a warning
    items = floor_page.locator("[data-alert-id]")
    expect(items).to_have_count(2)
    expect(items.first).to_have_attribute("data-severity", "critical")
    expect(tile(floor_page, critical)).to_have_class(RED)
    expect(floor_page.locator('[data-field="critical-count"]')).to_be_visible()
    items.first.locator('input[name="note"]').fill("surveillance called")
    items.first.locator('button[data-action="acknowledge"]').click()
    expect(items.first).to_have_attribute("data-state", "acknowledged")
    expect(items.first).to_have_attribute("data-severity", "critical")  # still first
    expect(tile(floor_page, critical)).to_have_attribute("data-worst", "critical")
    expect(tile(floor_page, critical)).to_have_class(RED)
    border = tile(floor_page, critical).evaluate("t => getComputedStyle(t).borderTopColor")
    assert border == "rgb(185, 28, 28)"  # --critical
    floor_page.select_option('select[name="severity"]', "critical")
    expect(tile(floor_page, critical)).to_be_visible()
    expect(tile(floor_page, warning)).to_be_hidden()
    expect(floor_page.locator('[data-field="alert-count"]')).to_have_text("2")


def test_a_new_critical_flashes_its_tile_and_beeps_only_when_asked(floor_server, floor_page):
    first, second = new_table(floor_server, "Baccarat 1"), new_table(floor_server, "Baccarat 2")
    floor_page.reload()
    sound = floor_page.locator('[data-field="sound"]')
    expect(sound).not_to_be_checked()  # off on a first visit
    refuse(floor_server, first, 3)
    expect(tile(floor_page, first)).to_have_attribute("data-flashed", "1")
    expect(tile(floor_page, first)).to_have_class(re.compile(r"\bnew-critical\b"))
    assert floor_page.evaluate("document.body.dataset.beeps") is None
    version = tile(floor_page, first).get_attribute("data-version")
    assert floor_server.api("POST", f"/api/v1/tables/{first}/hands", NATURAL).status_code == 201
    # the tile is put in place again (its hands moved): the flash goes on
    expect(tile(floor_page, first)).not_to_have_attribute("data-version", version)
    expect(tile(floor_page, first)).to_have_attribute("data-flashed", "1")
    sound.check()
    floor_page.reload()
    expect(floor_page.locator('[data-field="sound"]')).to_be_checked()  # kept in this browser
    refuse(floor_server, second, 3)
    expect(tile(floor_page, second)).to_have_attribute("data-flashed", "1")
    floor_page.wait_for_function("document.body.dataset.beeps === '1'")
    assert tile(floor_page, first).get_attribute("data-flashed") is None  # not flashed again after the reload
