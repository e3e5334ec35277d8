"""/floor and /floor/tables/<id> through the test client: what a pit boss sees, the feeds the
page's script reads, and the alert forms (with and without their CSRF token)."""

from __future__ import annotations

import re
from pathlib import Path

import roadsvc.web
from websupport import csrf_token
from roadsvc.persistence.models import ALERT_ACKNOWLEDGED
from roadsvc.services import alerts
from roadsvc.domain.texts import LANGUAGES

NATURAL = ["4S", "3H", "5D", "4C"]  # dealt P B P B: player 9, banker 7, a natural: player
REFUSED = ["4S", "3H", "5D", "2C", "6H"]  # no third card is drawn on these totals


def new_table(pages, name: str, shoe: bool = True) -> int:
    table = pages.api_post("/api/v1/tables", {"name": name}, role="pitboss").json
    if shoe:
        assert pages.api_post(f"/api/v1/tables/{table['id']}/shoes", {"decks": 8}).status_code == 201
    return table["id"]


def hand(pages, table_id: int, cards=NATURAL):
    return pages.api_post(f"/api/v1/tables/{table_id}/hands", {"cards": cards})


def tile_of(html: str, table_id: int) -> str:
    start = html.index(f'data-table-id="{table_id}"')
    return html[start:html.index("</article>", start)]


def field(tile: str, name: str) -> str:
    return re.search(rf'data-field="{name}"[^>]*>([^<]*)<', tile).group(1).strip()


def test_each_table_has_a_tile_with_its_figures(signed_in):
    dealing, idle = new_table(signed_in, "Baccarat 1"), new_table(signed_in, "Baccarat 2", shoe=False)
    for _ in range(3):
        assert hand(signed_in, dealing).status_code == 201
    html = signed_in.client.get("/floor?lang=en").get_data(as_text=True)
    tile = tile_of(html, dealing)
    assert field(tile, "hands") == "3" and field(tile, "status") == "dealing" and field(tile, "shoe") == "1"
    assert field(tile, "cards-left") == str(8 * 52 - 12)
    assert tile.count('class="dot player"') == 3 and "<svg" in tile and 'class="road"' in tile
    assert field(tile_of(html, idle), "status") == "idle"


def test_labels_follow_the_language(signed_in):
    table_id = new_table(signed_in, "T")
    for language in LANGUAGES:
        html = signed_in.client.get(f"/floor?lang={language}").get_data(as_text=True)
        assert f'<html lang="{language}"' in html
        shown = {"zh-Hans": "发牌中", "zh-Hant": "發牌中", "en": "dealing"}[language]
        assert field(tile_of(html, table_id), "status") == shown
    assert '<html lang="en"' in signed_in.client.get("/floor").get_data(as_text=True)  # kept in the session


def test_themes(signed_in):
    new_table(signed_in, "T")
    assert 'data-theme="dark"' in signed_in.client.get("/floor?theme=dark").get_data(as_text=True)
    assert 'data-theme="light"' in signed_in.client.get("/floor?theme=nonsense").get_data(as_text=True)


def test_filters_hide_tiles_on_the_first_render(signed_in):
    dealing, idle = new_table(signed_in, "A"), new_table(signed_in, "B", shoe=False)
    html = signed_in.client.get("/floor?status=idle").get_data(as_text=True)
    assert "hidden" in tile_of(html, dealing).split(">")[0] and "hidden" not in tile_of(html, idle).split(">")[0]
    hand(signed_in, dealing, REFUSED)  # a refused hand raises a warning at this table
    html = signed_in.client.get("/floor?severity=warning").get_data(as_text=True)
    assert "hidden" not in tile_of(html, dealing).split(">")[0] and "hidden" in tile_of(html, idle).split(">")[0]
    html = signed_in.client.get("/floor?severity=critical").get_data(as_text=True)
    assert "hidden" in tile_of(html, dealing).split(">")[0]


def test_the_state_answers_304_until_the_floor_moves(signed_in):
    table_id = new_table(signed_in, "T")
    first = signed_in.client.get("/floor/state")
    assert first.status_code == 200 and first.json["tables"][0][0] == table_id
    again = signed_in.client.get("/floor/state", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304
    hand(signed_in, table_id)
    moved = signed_in.client.get("/floor/state", headers={"If-None-Match": first.headers["ETag"]})
    assert moved.status_code == 200 and moved.json["tables"][0][1] != first.json["tables"][0][1]
    tiles = signed_in.client.get(f"/floor/tiles?ids={table_id}").get_data(as_text=True)
    assert f'data-version="{moved.json["tables"][0][1]}"' in tiles and field(tile_of(tiles, table_id), "hands") == "1"


def test_the_feeds_answer_401_json_to_a_signed_out_script(pages):
    response = pages.client.get("/floor/state", headers={"X-Roadsvc-Live": "1"})
    assert response.status_code == 401 and response.json["code"] == "signed_out"


def test_alerts_are_listed_most_severe_then_newest_first(app, signed_in):
    first, second = new_table(signed_in, "A"), new_table(signed_in, "B")
    hand(signed_in, first, REFUSED)
    hand(signed_in, second, REFUSED)
    db = app.extensions["roadsvc.db"]
    found = alerts.find_alerts(db, {})[0]
    by_table = {a.table_id: a for a in found}
    html = signed_in.client.get("/floor/alerts").get_data(as_text=True)
    ids = [int(i) for i in re.findall(r'data-alert-id="(\d+)"', html)]
    assert ids == [by_table[second].id, by_table[first].id]  # same severity: the newest first
    for _ in range(2):  # three refusals in a shoe make it critical
        hand(signed_in, first, REFUSED)
    html = signed_in.client.get("/floor/alerts").get_data(as_text=True)
    assert [int(i) for i in re.findall(r'data-alert-id="(\d+)"', html)] == [by_table[first].id, by_table[second].id]


def test_acknowledge_from_the_page_with_a_note(app, signed_in):
    table_id = new_table(signed_in, "A")
    hand(signed_in, table_id, REFUSED)
    alert = alerts.find_alerts(app.extensions["roadsvc.db"], {})[0][0]
    token = csrf_token(signed_in.client.get("/floor").get_data(as_text=True))
    url = f"/floor/alerts/{alert.id}/acknowledge"
    refused = signed_in.client.post(url, data={"csrf_token": token, "note": "  "}, headers={"X-Roadsvc-Live": "1"})
    assert refused.status_code == 422 and refused.json["field"] == "note"
    done = signed_in.client.post(url, data={"csrf_token": token, "note": "reader checked"})
    assert done.status_code == 302
    stored = alerts.get_alert(app.extensions["roadsvc.db"], alert.id)
    assert stored.state == ALERT_ACKNOWLEDGED and stored.acknowledged_note == "reader checked"
    assert stored.acknowledged_by.startswith("test pitboss")
    again = signed_in.client.post(url, data={"csrf_token": token, "note": "twice"}, headers={"X-Roadsvc-Live": "1"})
    assert again.status_code == 409 and again.json["code"] == "alert_acknowledged"


def test_a_post_without_the_csrf_token_is_refused_and_changes_nothing(app, signed_in):
    table_id = new_table(signed_in, "A")
    hand(signed_in, table_id, REFUSED)
    alert = alerts.find_alerts(app.extensions["roadsvc.db"], {})[0][0]
    for data in ({"note": "forged"}, {"note": "forged", "csrf_token": "not-the-token"}):
        response = signed_in.client.post(f"/floor/alerts/{alert.id}/resolve", data=data)
        assert response.status_code == 400 and 'data-error-code="csrf_failed"' in response.get_data(as_text=True)
    assert alerts.get_alert(app.extensions["roadsvc.db"], alert.id).state == "open"


def test_the_table_page_shows_the_shoe_in_full(app, signed_in):
    table_id = new_table(signed_in, "Baccarat 8")
    hand(signed_in, table_id)
    hand(signed_in, table_id, ["10S", "2H", "KD", "3C", "QH"])
    hand(signed_in, table_id, REFUSED)
    shoe_id = signed_in.client.get(f"/api/v1/tables/{table_id}/shoes",
                                   headers={"Authorization": f"Bearer {signed_in.keys['pitboss']}"}).json[0]["id"]
    signed_in.client.post(f"/api/v1/shoes/{shoe_id}/hands/1/void", json={"reason": "misdeal"},
                          headers={"Authorization": f"Bearer {signed_in.keys['pitboss']}"})
    html = signed_in.client.get(f"/floor/tables/{table_id}?lang=en").get_data(as_text=True)
    assert 'data-field="scoreboard"' in html and html.count("<svg") == 1  # the scoreboard (no money moved: no running win)
    assert 'data-field="win-chart-none"' in html
    assert re.search(r'data-field="hands">1<', html)  # hand 1 voided: one counted
    assert 'data-hand="2"' in html and "10♠" in html and "Q♥" in html
    assert 'data-hand="1" class="voided"' in html and "misdeal" in html
    assert 'data-code="refused_hands"' in html and "Hands refused" in html and 'data-field="odds"' in html
    assert 'data-bet="banker"' in html and f"/api/v1/tables/{table_id}/odds/chart.svg" in html
    chart = signed_in.client.get(f"/api/v1/tables/{table_id}/odds/chart.svg")  # the page's session reads it
    assert chart.status_code == 200 and chart.mimetype == "image/svg+xml"


def test_the_odds_chart_is_drawn_in_the_page_s_theme_and_language(signed_in):
    """Issue 36: the chart stayed a white box with English words on a dark zh page."""
    table_id = new_table(signed_in, "Baccarat 9")
    hand(signed_in, table_id)
    html = signed_in.client.get(f"/floor/tables/{table_id}?lang=zh-Hant&theme=dark").get_data(as_text=True)
    source = re.search(r'<img class="chart" data-field="odds-chart" src="([^"]+)"', html).group(1).replace("&amp;", "&")
    assert "theme=dark" in source and "language=zh-Hant" in source
    chart = signed_in.client.get(source).get_data(as_text=True)
    assert '<rect width="800" height="400" fill="#1c1f25"/>' in chart and ">莊<" in chart and "期望值" in chart


def test_a_table_without_cards_has_no_odds_and_says_why(signed_in):
    table = signed_in.api_post("/api/v1/tables", {"name": "By result", "settings": {"hands_by": "result"}},
                               role="pitboss")
    assert table.status_code == 201, table.json
    table_id = table.json["id"]
    signed_in.api_post(f"/api/v1/tables/{table_id}/shoes", {"decks": 8})
    assert signed_in.api_post(f"/api/v1/tables/{table_id}/hands", {"result": "banker"}).status_code == 201
    html = signed_in.client.get(f"/floor/tables/{table_id}?lang=en").get_data(as_text=True)
    assert 'data-field="odds-problem"' in html and 'data-bet=' not in html


def test_unknown_table_is_a_404_page(signed_in):
    response = signed_in.client.get("/floor/tables/999")
    assert response.status_code == 404 and 'data-error-code="table_not_found"' in response.get_data(as_text=True)


def test_the_favicon_is_the_pages_icon_answered_whole(pages):
    """Browsers ask /favicon.ico of every page and often drop the request: its answer is the icon's bytes, not a file
    left open for the server to stream (one such file, found by the garbage collector, failed a browser test)."""
    answer = pages.client.get("/favicon.ico")
    assert answer.status_code == 200 and answer.mimetype == "image/svg+xml"
    assert answer.get_data() == (Path(roadsvc.web.__file__).parent / "static" / "favicon.svg").read_bytes()
    assert answer.cache_control.max_age == 86400 and not answer.direct_passthrough
