"""The floor's tools (issue 36): find a table by name and filter by game, kept in the URL; the shift reports
page linked from the floor, with the shift running now and the ones before it."""

from __future__ import annotations

import re
from datetime import datetime, timezone

from roadsvc.services.pit.shifts import FloorClock
from test_web_floor import new_table

CLOCK = FloorClock.from_settings({"FLOOR_TIME_ZONE": "Asia/Macau", "FLOOR_SHIFTS": "06:00,14:00,22:00"})


def hidden(html: str, table_id: int) -> bool:
    start = html.index(f'data-table-id="{table_id}"')
    return " hidden " in html[html.rindex("<article", 0, start):html.index(">", start)] + " "


def test_find_a_table_by_name_and_filter_by_game_from_the_query_string(signed_in):
    baccarat = new_table(signed_in, "Macau VIP 8")
    niuniu = signed_in.api_post("/api/v1/tables", {"name": "Niu vip 2", "game": "niuniu"}, role="pitboss").json["id"]
    dabang = signed_in.api_post("/api/v1/tables", {"name": "Dabang 1", "game": "dabang"}, role="pitboss").json["id"]
    html = signed_in.client.get("/floor?q=vip").get_data(as_text=True)  # any case
    assert [hidden(html, t) for t in (baccarat, niuniu, dabang)] == [False, False, True]
    assert 'name="q" value="vip"' in html
    html = signed_in.client.get("/floor?q=vip&game=niuniu").get_data(as_text=True)
    assert [hidden(html, t) for t in (baccarat, niuniu, dabang)] == [True, False, True]
    assert '<option value="niuniu" selected>' in html
    html = signed_in.client.get("/floor?game=chess").get_data(as_text=True)  # unknown: any game
    assert [hidden(html, t) for t in (baccarat, niuniu, dabang)] == [False, False, False]
    assert 'data-game="niuniu" data-name="Niu vip 2"' in html


def test_the_floor_links_the_shift_reports_and_the_page_lists_the_shifts(signed_in):
    floor = signed_in.client.get("/floor?lang=en").get_data(as_text=True)
    assert 'href="/floor/reports"' in floor
    page = signed_in.client.get("/floor/reports?lang=en").get_data(as_text=True)
    running = CLOCK.shift_at(datetime.now(timezone.utc))
    listed = re.findall(r'data-shift="([^"]+)"', page)
    assert len(listed) == 21 and listed[0] == running.key and listed[1] == CLOCK.previous(running).key
    assert "Asia/Macau (UTC+8)" in page and "running: provisional" in page
    assert not re.search(r"(?<![\w-])CST(?![\w-])", page)  # the zone's ambiguous abbreviation (a form's token may hold the letters)
    local = running.begins.astimezone(CLOCK.zone)
    assert f"{local:%Y-%m-%d %H:%M} – {running.ends.astimezone(CLOCK.zone):%H:%M}" in page
    first = f"/api/v1/reports/shifts/{running.day.isoformat()}/{running.name}?format=pdf&amp;lang=zh-Hant"
    assert first in page
    pdf = signed_in.client.get(first.replace("&amp;", "&"))  # the page's session reads it
    assert pdf.status_code == 200 and pdf.mimetype == "application/pdf"


def test_the_page_says_final_only_for_a_stored_report(signed_in, app):
    from roadsvc.services.pit import shift_reports

    now = datetime.now(timezone.utc)
    ended = CLOCK.previous(CLOCK.shift_at(now))
    assert shift_reports.write_due(app.extensions["roadsvc.db"], CLOCK, now) == ended.key
    page = signed_in.client.get("/floor/reports?lang=en").get_data(as_text=True)
    states = dict(re.findall(r'data-shift="([^"]+)">.*?data-field="state" data-final="(true|false)">([^<]*)<', page,
                             re.S)[i][::2] for i in range(3))
    assert states[ended.key].startswith("ended: final, stored ")
    assert states[CLOCK.previous(ended).key] == "ended: provisional, no final report stored"
    assert states[CLOCK.shift_at(now).key] == "running: provisional"
