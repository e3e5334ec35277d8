"""The 百人牛牛 table page as good as baccarat's (issue 34), in headless Chromium: its money in the shift, pit
notes posted through the API arriving without a reload, rounds with their times in the floor's zone, a Chinese
page with no raw code, the floor's tile with its labelled strip and the shift's win, and the trend road kept
readable on a phone (it scrolls sideways, opened at its newest rounds). A closed fourth card shows nowhere."""

from __future__ import annotations

import re
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from playwright.sync_api import expect

from niuniu_support import by_order, by_position, slip_body
from test_web_browser import tile
from websupport import sign_in

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
SUITS = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}
# The round left closed: none of its cards is in niuniu_support.HANDS (the settled rounds'), so a face of its
# fourth cards seen on the page can only be a leak.
CLOSED_ROUND = {
    "banker": ["KS", "QS", "JS", "10S", "9S"], "player_1": ["KH", "QH", "JH", "10H", "9H"],
    "player_2": ["KD", "QD", "JD", "10D", "9D"], "player_3": ["KC", "QC", "JC", "10C", "9C"],
    "player_4": ["8S", "8H", "8D", "8C", "7S"],
}
HIDDEN = {position: cards[3] for position, cards in CLOSED_ROUND.items()}
CODES = re.compile(r"\b(bull_\d|bull_bull|no_bull|silver_bull|gold_bull|bomb|betting|dealing|opening|settled|voided|"
                   r"win|lose|correction|leave|player_\d)\b")


def play(floor, rounds_count: int = 1, name: str = "Niu 31") -> int:
    """`rounds_count` settled rounds (niuniu_support.HANDS), round 1 with two slips (a wins 100.00 on player_1,
    b loses 160.00 on player_2: the house wins 60.00), then CLOSED_ROUND dealt and not opened."""
    table = floor.api("POST", "/api/v1/tables", {"name": name, "game": "niuniu"}, role="pitboss").json()["id"]
    rounds = f"/api/v1/tables/{table}/rounds"
    for account, bets in (("a", {"player_1": "10.00"}), ("b", {"player_2": "20.00"})):
        taken = floor.api("POST", f"/api/v1/tables/{table}/slips", slip_body(1, account, "1000.00", bets),
                          role="game_server")
        assert taken.status_code == 201, taken.json()
    for number in range(1, rounds_count + 1):
        assert floor.api("POST", rounds, by_order(number)).status_code == 201
        assert floor.api("POST", f"{rounds}/{number}/open", {}).status_code == 200
    assert floor.api("POST", rounds, by_position(rounds_count + 1, CLOSED_ROUND)).status_code == 201
    return table


def assert_no_closed_card(page) -> None:
    text = page.locator("body").inner_text()
    html = re.sub(r"<svg\b.*?</svg>", "", page.content(), flags=re.S)
    for code in HIDDEN.values():
        face = code[:-1] + SUITS[code[-1]]
        assert face not in text and face not in html, code


def test_money_notes_and_times_on_the_page(floor_server, floor_page):
    table = play(floor_server)
    floor_page.goto(f"{floor_server.url}/floor/tables/{table}?lang=en")
    money = floor_page.locator('[data-field="money"]')
    expect(money.locator('[data-field="turnover"]')).to_have_text("30.00")
    expect(money.locator('[data-field="win"]')).to_have_text("60.00")
    expect(money.locator('[data-field="hold"]')).to_have_text("200.00%")
    expect(money.locator('[data-field="by-bet"] tr')).to_have_text([re.compile("Player 1.*10.00"),
                                                                     re.compile("Player 2.*20.00")])
    expect(floor_page.locator("#live")).to_have_attribute("data-state", "live")
    floor_page.evaluate("window.sameDocument = true")
    posted = floor_server.api("POST", f"/api/v1/tables/{table}/notes", {"text": "seat 3 asked for the manager"},
                              role="pitboss")
    assert posted.status_code == 201
    expect(floor_page.locator('[data-field="notes"]')).to_contain_text("seat 3 asked for the manager", timeout=5000)
    assert floor_page.evaluate("window.sameDocument") is True  # arrived without a reload
    shown = floor_page.locator('tr[data-round="1"] [data-field="time"] time')
    instant = datetime.fromisoformat(shown.get_attribute("datetime")).astimezone(ZoneInfo("Asia/Macau"))
    expect(shown).to_have_text(instant.strftime("%H:%M:%S") + " Asia/Macau")
    assert_no_closed_card(floor_page)


@pytest.mark.parametrize("lang", ["zh-Hans", "zh-Hant"])
def test_a_chinese_page_shows_no_raw_code(floor_server, floor_page, lang):
    table = play(floor_server, name=f"Niu {lang}")
    rounds = f"/api/v1/tables/{table}/rounds"
    assert floor_server.api("POST", f"{rounds}/2/open", {"position": "player_1"}).status_code == 200  # opening
    floor_page.goto(f"{floor_server.url}/floor/tables/{table}?lang={lang}")
    expect(floor_page.locator('tr[data-round="2"] [data-field="phase"]')).to_have_text(
        "开牌中" if lang == "zh-Hans" else "開牌中")
    expect(floor_page.locator('tr[data-round="1"] [data-position="player_1"] [data-field="type"]')).to_have_text("牛牛")
    text = floor_page.locator("main").inner_text()
    assert not CODES.findall(text), CODES.findall(text)
    floor_page.goto(f"{floor_server.url}/floor?lang={lang}")
    assert not CODES.findall(tile(floor_page, table).inner_text())


def test_the_tile_labels_its_strip_and_shows_the_shift_s_win(floor_server, floor_page):
    table = play(floor_server, name="Niu 33")
    floor_page.goto(f"{floor_server.url}/floor?lang=zh-Hans")
    found = tile(floor_page, table)
    expect(found.locator('[data-field="recent"] .area-name')).to_have_text(["闲一", "闲二", "闲三", "闲四"])
    expect(found.locator('[data-field="recent"] .dot')).to_have_text(["✔", "✘", "✘", "✔"])
    expect(found.locator('[data-field="win"]')).to_have_text("60.00")
    expect(found.locator('dt').first).to_have_text("进行中的局")
    text = found.inner_text()
    assert "百人牛牛" not in text and "/h" not in text and "每小时局数" in text
    box, strip = found.bounding_box(), found.locator('[data-field="recent"]').bounding_box()
    assert strip["x"] + strip["width"] <= box["x"] + box["width"] + 1  # the labelled strip stays in its tile


def test_the_trend_road_scrolls_on_a_phone_rather_than_shrinks(floor_server, chromium):
    table = play(floor_server, rounds_count=30, name="Niu 34")
    context = chromium.new_context(**PHONE)
    context.set_default_timeout(10_000)
    page = context.new_page()
    sign_in(page, floor_server, floor_server.keys["pitboss"])
    page.wait_for_url(floor_server.url + "/floor")
    page.goto(f"{floor_server.url}/floor/tables/{table}?lang=en")
    road = page.locator('[data-field="trend"]')
    svg = road.locator("svg")
    drawn = svg.bounding_box()
    natural = float(svg.get_attribute("width"))
    assert drawn["width"] == pytest.approx(natural, abs=1) and natural > 390  # its own size, not shrunk
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 390  # the page itself does not scroll
    assert road.evaluate("element => element.scrollWidth > element.clientWidth")  # the road scrolls
    frame = road.bounding_box()
    assert drawn["x"] + drawn["width"] == pytest.approx(frame["x"] + frame["width"], abs=2)  # the newest in view
    road.evaluate("element => { element.scrollLeft = -element.scrollWidth; }")
    assert svg.bounding_box()["x"] == pytest.approx(frame["x"], abs=2)  # the oldest a scroll away
    assert_no_closed_card(page)
    context.close()
