"""The floor page in headless Chromium (Debian's), against a real server on a free port."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from _floor import busy_floor
from websupport import sign_in
from roadsvc.jobs import MonitorJob
from roadsvc.services import alerts

pytestmark = [pytest.mark.browser, pytest.mark.slow]

NATURAL = {"cards": ["4S", "3H", "5D", "4C"]}
REFUSED = {"cards": ["4S", "3H", "5D", "2C", "6H"]}


def new_table(floor, name: str, settings: dict | None = None) -> int:
    table = floor.api("POST", "/api/v1/tables", {"name": name, "settings": settings or {}}, role="pitboss").json()
    assert floor.api("POST", f"/api/v1/tables/{table['id']}/shoes", {"decks": 8}).status_code == 201
    return table["id"]


def tile(page, table_id: int):
    return page.locator(f'[data-table-id="{table_id}"]')


def test_login_and_logout(floor_server, browser_page):
    page = browser_page
    page.goto(floor_server.url + "/floor")
    expect(page).to_have_url(floor_server.url + "/login?next=%2Ffloor")
    sign_in(page, floor_server, floor_server.keys["pitboss"])
    expect(page).to_have_url(floor_server.url + "/floor")
    cookies = page.context.cookies()
    assert [c["name"] for c in cookies] == ["roadsvc_session"]
    assert cookies[0]["httpOnly"] and cookies[0]["sameSite"] == "Strict"
    assert floor_server.keys["pitboss"] not in str(cookies)
    assert page.evaluate("document.cookie") == ""  # HttpOnly: no script can read it
    page.click('[data-action="logout"]')
    expect(page).to_have_url(floor_server.url + "/login")
    page.goto(floor_server.url + "/floor")
    expect(page).to_have_url(floor_server.url + "/login?next=%2Ffloor")


@pytest.mark.parametrize("role", [None, "display"])
def test_a_wrong_key_and_a_display_key_are_refused(floor_server, browser_page, role):
    key = floor_server.keys[role] if role else "rs_this-is-not-a-key"
    sign_in(browser_page, floor_server, key)
    expect(browser_page.locator('[data-field="login-error"]')).to_be_visible()
    expect(browser_page).to_have_url(floor_server.url + "/login")
    browser_page.goto(floor_server.url + "/floor")
    expect(browser_page).to_have_url(floor_server.url + "/login?next=%2Ffloor")


def test_a_posted_hand_appears_on_its_tile_within_2_seconds_without_reload(floor_server, browser_page):
    table_id = new_table(floor_server, "Baccarat 1")
    sign_in(browser_page, floor_server, floor_server.keys["pitboss"])
    page = browser_page
    hands = tile(page, table_id).locator('[data-field="hands"]')
    expect(hands).to_have_text("0")
    page.evaluate("window.sameDocument = true")
    for expected in ("1", "2"):
        assert floor_server.api("POST", f"/api/v1/tables/{table_id}/hands", NATURAL).status_code == 201
        expect(hands).to_have_text(expected, timeout=2000)
    assert page.evaluate("window.sameDocument") is True  # no reload
    expect(tile(page, table_id).locator('[data-field="recent"] .dot')).to_have_count(2)
    expect(page.locator("#live")).to_have_attribute("data-state", "live")


@pytest.mark.parametrize("floor_config", [{"WEB_POLL_SECONDS": 60}], indirect=True)
def test_with_the_event_stream_a_hand_arrives_without_waiting_for_a_poll(floor_server, floor_page):
    """Polls a minute apart (five between safety polls): only the page's one EventSource can
    bring the hand within 2 seconds."""
    table_id = new_table(floor_server, "Baccarat 9")
    lamp = floor_page.locator("#live")
    expect(lamp).to_have_attribute("data-mode", "stream")
    expect(lamp).to_have_attribute("data-state", "live")
    hands = tile(floor_page, table_id).locator('[data-field="hands"]')
    streams = []
    floor_page.on("request", lambda request: streams.append(request.url) if "/api/v1/events" in request.url else None)
    floor_page.reload()  # the new table's tile
    expect(lamp).to_have_attribute("data-mode", "stream")
    expect(hands).to_have_text("0")
    assert floor_server.api("POST", f"/api/v1/tables/{table_id}/hands", NATURAL).status_code == 201
    expect(hands).to_have_text("1", timeout=2000)
    assert streams == [floor_server.url + "/api/v1/events"]  # one stream for the whole page, every table


@pytest.mark.parametrize("floor_config", [{"WEB_POLL_SECONDS": 60}], indirect=True)
def test_a_stream_refused_once_is_opened_again_and_brings_the_hands(floor_server, browser_page):
    """A 502 (the proxy while roadsvc restarts) makes the browser give its EventSource up for good;
    the page opens a new one and is back on the stream, with polls a minute apart."""
    table_id = new_table(floor_server, "Baccarat 10")
    streams = []
    browser_page.on("response", lambda r: streams.append(r.status) if "/api/v1/events" in r.url else None)
    browser_page.route("**/api/v1/events", lambda route: route.fulfill(status=502, body="bad gateway"), times=1)
    sign_in(browser_page, floor_server, floor_server.keys["pitboss"])
    lamp = browser_page.locator("#live")
    expect(lamp).to_have_attribute("data-mode", "stream")
    assert streams == [502, 200]
    hands = tile(browser_page, table_id).locator('[data-field="hands"]')
    expect(hands).to_have_text("0")
    assert floor_server.api("POST", f"/api/v1/tables/{table_id}/hands", NATURAL).status_code == 201
    expect(hands).to_have_text("1", timeout=2000)


def test_a_stale_table_turns_its_tile_and_raises_an_alert(floor_server, floor_page):
    table_id = new_table(floor_server, "Baccarat 2", {"monitoring": {"stale_after_seconds": 60}})
    floor_server.api("POST", f"/api/v1/tables/{table_id}/hands", NATURAL)
    status = tile(floor_page, table_id).locator('[data-field="status"]')
    expect(status).to_have_attribute("data-value", "dealing")
    floor_server.clock.advance(300)  # the clock was read before the hand came in: well past 60 s
    MonitorJob(floor_server.db, floor_server.clock).run()  # the jobs' pass, on the same clock
    expect(status).to_have_attribute("data-value", "stale")
    expect(status).to_have_text("stale")
    expect(tile(floor_page, table_id).locator('[data-field="alerts"] [data-severity]')).to_have_count(1)
    expect(floor_page.locator('[data-alert-id]')).to_have_attribute("data-code", "stale_table")
    expect(floor_page.locator('[data-alert-id] [data-field="alert-title"]')).to_have_text(["Table stopped"])  # words, not the code


def test_acknowledging_an_alert_from_the_page(floor_server, floor_page):
    table_id = new_table(floor_server, "Baccarat 3")
    floor_server.api("POST", f"/api/v1/tables/{table_id}/hands", REFUSED)
    item = floor_page.locator("[data-alert-id]")
    expect(item).to_have_attribute("data-state", "open")
    floor_page.evaluate("window.sameDocument = true")
    item.locator('input[name="note"]').fill("dealer retrained")
    item.locator('button[data-action="acknowledge"]').click()
    expect(item).to_have_attribute("data-state", "acknowledged")
    expect(item.locator('button[data-action="acknowledge"]')).to_have_count(0)
    stored = alerts.find_alerts(floor_server.db, {})[0][0]
    assert stored.state == "acknowledged" and stored.acknowledged_note == "dealer retrained"
    assert floor_page.evaluate("window.sameDocument") is True


def test_a_post_without_the_csrf_token_is_refused(floor_server, floor_page):
    table_id = new_table(floor_server, "Baccarat 4")
    floor_server.api("POST", f"/api/v1/tables/{table_id}/hands", REFUSED)
    alert_id = alerts.find_alerts(floor_server.db, {})[0][0].id
    status = floor_page.evaluate("""async (id) => (await fetch(`/floor/alerts/${id}/resolve`, {method: 'POST',
        body: new URLSearchParams({note: 'forged'})})).status""", alert_id)
    assert status == 400
    # A form on another site posting to the floor: no token, and the cookie stays home (SameSite=Strict).
    floor_page.set_content(f"""<form method=post action="{floor_server.url}/floor/alerts/{alert_id}/resolve">
        <input name=note value=forged></form><script>document.forms[0].submit()</script>""")
    floor_page.wait_for_load_state()
    assert alerts.get_alert(floor_server.db, alert_id).state == "open"


def test_the_filters_and_the_keyboard(floor_server, floor_page):
    dealing, refused = new_table(floor_server, "A"), new_table(floor_server, "B")
    floor_server.api("POST", f"/api/v1/tables/{refused}/hands", REFUSED)
    expect(tile(floor_page, refused)).to_have_attribute("data-worst", "warning")
    floor_page.select_option('select[name="severity"]', "warning")
    expect(tile(floor_page, dealing)).to_be_hidden()
    expect(tile(floor_page, refused)).to_be_visible()
    assert "severity=warning" in floor_page.url
    floor_page.keyboard.press("Tab")  # the first stop is the skip link, then on through the page
    assert floor_page.evaluate("document.activeElement.className") == "skip"
    floor_page.keyboard.press("Enter")
    note = floor_page.locator('[data-alert-id] input[name="note"]')
    note.focus()
    floor_page.keyboard.type("seen on camera")
    floor_page.keyboard.press("Enter")  # submits its form with its first button: acknowledge
    expect(floor_page.locator("[data-alert-id]")).to_have_attribute("data-state", "acknowledged")


def test_the_page_works_with_100_tables(floor_server, browser_page):
    made = busy_floor(floor_server.db, 100, dealt_hands=(3, 12))
    sign_in(browser_page, floor_server, floor_server.keys["pitboss"])
    expect(browser_page.locator("[data-table-id]")).to_have_count(100)
    expect(browser_page.locator("[data-table-id] svg.road")).to_have_count(len([i for i in range(1, 101) if i % 9]))
    last = made[-1]
    hands = tile(browser_page, last).locator('[data-field="hands"]')
    before = int(hands.text_content())
    floor_server.api("POST", f"/api/v1/tables/{last}/hands", {"result": "banker"})
    expect(hands).to_have_text(str(before + 1), timeout=2000)


def test_the_table_page(floor_server, floor_page):
    table_id = new_table(floor_server, "Baccarat 8")
    floor_server.api("POST", f"/api/v1/tables/{table_id}/hands", NATURAL)
    floor_page.click(f'[data-table-id="{table_id}"] h3 a')
    expect(floor_page).to_have_url(f"{floor_server.url}/floor/tables/{table_id}")
    expect(floor_page.locator('[data-field="scoreboard"] svg')).to_have_count(1)
    expect(floor_page.locator('[data-field="hand-list"] tbody tr')).to_have_count(1)
    chart = floor_page.locator('[data-field="odds-chart"]')  # drawn by the API, read with the page's session
    chart.scroll_into_view_if_needed()
    floor_page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=chart.element_handle())
    floor_server.api("POST", f"/api/v1/tables/{table_id}/hands", NATURAL)
    expect(floor_page.locator('[data-field="hand-list"] tbody tr')).to_have_count(2)
