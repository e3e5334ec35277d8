"""The pit boss's 百人牛牛 table in headless Chromium (Debian's /usr/bin/chromium through Playwright): its
tile on the floor, its page with the trend road, the floor monitor's alerts on both (a refused round
post, then a stopped table on the jobs' clock), and no closed hand's fourth card or type anywhere in
the page's text or HTML; the table's page following the rounds without a reload."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from niuniu_support import HANDS, HIDDEN, TYPES, by_order, by_position
from roadsvc.jobs.niuniu import RoundTablesMonitorJob
from test_web_browser import tile

pytestmark = [pytest.mark.browser, pytest.mark.slow]

# Round 1, settled: none of its cards is one of round 2's closed fourth cards (HIDDEN), so a face seen
# on the page can only be a leak. Types: bull_9 four times, the bomb at player_4.
ROUND_1 = {
    "banker": ["KS", "QS", "JS", "10S", "9S"], "player_1": ["KH", "QH", "JH", "10H", "9H"],
    "player_2": ["KD", "QD", "JD", "10D", "9D"], "player_3": ["KC", "QC", "JC", "10C", "9C"],
    "player_4": ["8S", "8H", "8D", "8C", "7S"],
}
SUITS = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}
CLOSED = [position for position in HANDS if position != "player_1"]  # round 2: only player_1 opened


def face(code: str) -> str:
    return code[:-1] + SUITS[code[-1]]


def without_svg(html: str) -> str:
    """The page's HTML without its inline SVG (the road's embedded font is bytes, not words)."""
    return re.sub(r"<svg\b.*?</svg>", "", html, flags=re.S)


def play(floor) -> int:
    table = floor.api("POST", "/api/v1/tables", {"name": "Niu Niu 88", "game": "niuniu"}, role="pitboss").json()["id"]
    rounds = f"/api/v1/tables/{table}/rounds"
    assert floor.api("POST", rounds, by_position(1, ROUND_1)).status_code == 201
    assert floor.api("POST", f"{rounds}/1/open", {}).status_code == 200
    assert floor.api("POST", rounds, by_order(2)).status_code == 201
    assert floor.api("POST", f"{rounds}/2/open", {"position": "player_1"}).status_code == 200
    repeated = {**HANDS, "player_3": [*HANDS["player_3"][:4], HIDDEN["player_3"]]}  # a hidden card, posted twice
    assert floor.api("POST", rounds, by_position(3, repeated)).status_code == 422
    return table


def test_the_pit_boss_sees_a_niuniu_table_its_trend_and_alerts_but_no_closed_card(floor_server, floor_page):
    table = play(floor_server)
    floor_page.reload()
    niuniu_tile = tile(floor_page, table)
    expect(niuniu_tile.locator('[data-game="niuniu"]')).to_be_visible()
    expect(niuniu_tile.locator('[data-field="round"]')).to_have_text("2")
    expect(niuniu_tile.locator('[data-field="alerts"] [data-severity="warning"]')).to_have_count(1)
    expect(floor_page.locator(f'[data-alert-table="{table}"] [data-field="alert-title"]')).to_have_text(
        ["Rounds refused"])

    floor_server.clock.advance(300)  # nothing since round 2's opening: past stale_after_seconds (120)
    assert RoundTablesMonitorJob(floor_server.db, floor_server.clock).run().raised_or_seen == 1
    expect(floor_page.locator(f'[data-alert-table="{table}"][data-code="stale_table"]')).to_have_count(1)

    floor_page.goto(f"{floor_server.url}/floor/tables/{table}?lang=en")
    expect(floor_page.locator("h1")).to_contain_text("Niu Niu 88")
    trend = floor_page.locator('[data-field="trend"] svg')
    expect(trend).to_be_visible()
    assert trend.bounding_box()["width"] > 300
    alerts = floor_page.locator('[data-field="alerts"] [data-alert-id]')
    # the floor's order: a refusal before a stopped table (both warnings), not the newest first
    expect(alerts.locator('[data-field="alert-title"]')).to_have_text(["Rounds refused", "Table stopped"])
    expect(alerts.locator('[data-field="alert-message"]').first).to_have_text(
        "1 round post refused at this table; the last (round 3): a card repeated")
    expect(floor_page.locator('tr[data-round="2"] td[data-position="player_1"]')).to_contain_text("5♣")

    text, html = floor_page.locator("body").inner_text(), without_svg(floor_page.content())
    for position in CLOSED:
        hidden = HIDDEN[position]
        assert face(hidden) not in text and face(hidden) not in html, position
        assert not re.search(rf"(?<![\w-]){re.escape(hidden)}(?![\w-])", html), position
    row = floor_page.locator('tr[data-round="2"]').inner_text()
    assert row.count("🂠") == len(CLOSED)
    backs = floor_page.locator('tr[data-round="2"] .card-face.back')  # drawn as a card's back, not a blank face
    assert backs.count() == len(CLOSED)
    assert "gradient" in backs.first.evaluate("e => getComputedStyle(e).backgroundImage")
    assert not [TYPES[position] for position in CLOSED if TYPES[position] in row]
    alert_text = floor_page.locator('[data-field="alerts"]').inner_text()
    assert not [kind for kind in TYPES.values() if kind in alert_text]


def test_the_table_page_follows_the_rounds_without_reload(floor_server, floor_page):
    table = floor_server.api("POST", "/api/v1/tables", {"name": "Niu Niu 89", "game": "niuniu"},
                             role="pitboss").json()["id"]
    floor_page.goto(f"{floor_server.url}/floor/tables/{table}?lang=en")
    expect(floor_page.locator("#live")).to_have_attribute("data-state", "live")
    floor_page.evaluate("window.sameDocument = true")
    rounds = f"/api/v1/tables/{table}/rounds"
    assert floor_server.api("POST", rounds, by_position(1, ROUND_1)).status_code == 201
    row = floor_page.locator('tr[data-round="1"]')
    expect(row).to_be_visible(timeout=3000)
    expect(row.locator("td.cards")).to_have_count(5)
    assert row.inner_text().count("🂠") == 5  # closed: every fourth card a card back
    assert face(ROUND_1["player_4"][3]) not in row.inner_text()
    assert floor_server.api("POST", f"{rounds}/1/open", {}).status_code == 200
    expect(row.locator('td[data-position="player_4"] [data-field="type"]')).to_be_visible(timeout=3000)
    expect(row).to_contain_text(face(ROUND_1["player_4"][3]))
    assert floor_page.evaluate("window.sameDocument") is True
