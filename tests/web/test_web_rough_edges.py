"""What new users found on the pages (issue 46, items 12-21), each held by a test that failed before its fix;
what is seen in a browser is in test_web_accessibility.py beside the axe-core check."""

from __future__ import annotations

import re

import pytest

from dabang_api import PLAYERS, TEAMS, bracket_match, finish, new_match, new_table
from niuniu_support import HANDS, by_position, slip_body
from test_web_languages import PageApi

from roadsvc.services import alerts

NATURAL = {"cards": ["4S", "3H", "5D", "4C"]}
REFUSED = {"cards": ["4S", "3H", "5D", "2C", "6H"]}


def baccarat_table(signed_in, name="Baccarat 1") -> int:
    table = signed_in.api_post("/api/v1/tables", {"name": name}, role="pitboss").json["id"]
    assert signed_in.api_post(f"/api/v1/tables/{table}/shoes", {"decks": 8}).status_code == 201
    return table


def page(signed_in, url: str) -> str:
    return signed_in.client.get(url).get_data(as_text=True)


@pytest.mark.parametrize("language, keyed", [("zh-Hans", "（密钥 "), ("zh-Hant", "（密鑰 "), ("en", " (key ")])
def test_a_key_s_number_after_a_person_s_name_is_in_the_page_s_language(signed_in, language, keyed):
    """Item 12: "(key 4)" stood after a name on Chinese pages and PDFs."""
    table = baccarat_table(signed_in)
    signed_in.api_post(f"/api/v1/tables/{table}/hands", NATURAL)
    shoe = PageApi(signed_in).get(f"/api/v1/tables/{table}/shoes", role="pitboss").json[0]["id"]
    PageApi(signed_in).post(f"/api/v1/shoes/{shoe}/hands/1/void", {"reason": "misdeal"}, role="pitboss")
    html = page(signed_in, f"/floor/tables/{table}?lang={language}")
    assert keyed in html
    assert language == "en" or "(key " not in html


@pytest.mark.parametrize("language, big, small", [("en", "Big joker", "Small joker"), ("zh-Hans", "大王", "小王")])
def test_jokers_are_named_in_the_page_s_language(signed_in, language, big, small):
    """Item 12: jokers were 大王/小王 on English pages."""
    table = signed_in.api_post("/api/v1/tables", {"name": "Niu", "game": "niuniu"}, role="pitboss").json["id"]
    hands = {**HANDS, "player_1": ["BJ", "7H", "KS", "5C", "SJ"]}
    assert signed_in.api_post(f"/api/v1/tables/{table}/rounds", by_position(1, hands)).status_code == 201
    signed_in.api_post(f"/api/v1/tables/{table}/rounds/1/open", {})
    html = page(signed_in, f"/floor/tables/{table}?lang={language}")
    assert f">{big}<" in html and f">{small}<" in html
    assert language != "en" or "大王" not in html


@pytest.mark.parametrize("language, total", [("zh-Hans", "合计"), ("zh-Hant", "合計"), ("en", "Total")])
def test_the_niuniu_stakes_sum_row_is_a_total(signed_in, language, total):
    """Item 13: the sum row said 点数 ("points")."""
    table = signed_in.api_post("/api/v1/tables", {"name": "Niu", "game": "niuniu"}, role="pitboss").json["id"]
    assert PageApi(signed_in).post(f"/api/v1/tables/{table}/slips", slip_body(1, "acct", "1000.00"),
                                   role="game_server").status_code == 201
    html = page(signed_in, f"/floor/tables/{table}?lang={language}")
    assert f'<tr data-area="total"><th scope="row">{total}</th>' in html


@pytest.mark.parametrize("language", ["zh-Hans", "en"])
def test_a_page_that_does_not_exist_is_not_found_in_a_sentence(signed_in, language):
    """Item 14: the title said "Refused (404)"; the English body was "No page at /floor/x."."""
    answer = signed_in.client.get(f"/floor/no-such-page?lang={language}")
    html = answer.get_data(as_text=True)
    assert answer.status_code == 404
    title = re.search(r"<title>(.*?)</title>", html).group(1)
    assert title.startswith({"zh-Hans": "未找到 (404)", "en": "Not found (404)"}[language])
    sentence = {"zh-Hans": "此地址没有页面：请检查链接，或返回牌桌总览。",
                "en": "There is no page at this address: check the link, or go back to the floor."}[language]
    assert f"<p>{sentence}</p>" in html
    missing = page(signed_in, f"/floor/tables/999999?lang={language}")
    assert "<title>" + {"zh-Hans": "未找到", "en": "Not found"}[language] in missing


def test_the_skip_links_say_where_they_go(signed_in):
    """Item 15: "Skip to the alerts" on every page, going to the whole main part."""
    floor = page(signed_in, "/floor?lang=en")
    assert '<a class="skip" href="#main">Skip to the main content</a>' in floor
    assert '<a class="skip" href="#alerts">Skip to the alerts</a>' in floor and 'id="alerts"' in floor
    table = page(signed_in, f"/floor/tables/{baccarat_table(signed_in)}?lang=en")
    assert '<a class="skip" href="#main">Skip to the main content</a>' in table and 'href="#alerts"' not in table


def test_the_tiles_say_what_their_figures_are(signed_in):
    """Item 16: 百人牛牛's "Round 14 · Rounds 14", 打棒's unexplained "1/4"."""
    niu = signed_in.api_post("/api/v1/tables", {"name": "Niu", "game": "niuniu"}, role="pitboss").json["id"]
    signed_in.api_post(f"/api/v1/tables/{niu}/rounds", by_position(1))
    floor = page(signed_in, "/floor?lang=en")
    assert "<dt>Round in play</dt>" in floor and "<dt>Rounds dealt</dt>" in floor and "<dt>Rounds</dt>" not in floor
    zh = page(signed_in, "/floor?lang=zh-Hans")
    assert "<dt>进行中的局</dt>" in zh and "<dt>已发局数</dt>" in zh


def test_an_empty_running_win_is_words_not_a_flat_line(signed_in):
    """Item 17: a shoe with no money drew a flat line over blank space."""
    table = baccarat_table(signed_in)
    signed_in.api_post(f"/api/v1/tables/{table}/hands", NATURAL)
    html = page(signed_in, f"/floor/tables/{table}?lang=en")
    assert 'class="win-chart"' not in html
    assert '<p class="muted" data-field="win-chart-none">No money has moved in this shoe yet.</p>' in html


def test_the_odds_chart_shows_the_bets_the_table_lists(signed_in):
    """Item 17: the chart drew six bets where the table above listed eight."""
    table = baccarat_table(signed_in)
    signed_in.api_post(f"/api/v1/tables/{table}/hands", NATURAL)
    html = page(signed_in, f"/floor/tables/{table}?lang=en")
    listed = re.findall(r'<tr data-bet="([a-z_0-9]+)"', html.split('data-field="bets"')[1].split("</table>")[0])
    chart = re.search(r'data-field="odds-chart" src="([^"]+)"', html).group(1)
    assert len(listed) > 6 and re.search(r"bets=([^&]+)", chart).group(1).replace("%2C", ",").split(",") == listed


def test_a_resolved_alert_keeps_its_acknowledgement_and_a_form_comes_back_to_its_alert(signed_in, app):
    """Item 19: a resolved alert lost its acknowledgement note; acknowledging returned to the page's top."""
    table = baccarat_table(signed_in)
    signed_in.api_post(f"/api/v1/tables/{table}/hands", REFUSED)
    database = app.extensions["roadsvc.db"]
    [alert], _ = alerts.find_alerts(database, {"table_id": table})
    html = page(signed_in, f"/floor/tables/{table}?lang=en")
    assert f'name="back" value="/floor/tables/{table}#alert-{alert.id}"' in html and f'id="alert-{alert.id}"' in html
    alerts.acknowledge(database, alert.id, "Li (key 4)", "looking into it")
    alerts.resolve(database, alert.id, "Li (key 4)", "dealer retrained")
    item = page(signed_in, f"/floor/tables/{table}?lang=en").split(f'id="alert-{alert.id}"')[1].split("</li>")[0]
    assert "acknowledged: Li (key 4) — looking into it" in item and "resolved: Li (key 4) — dealer retrained" in item


def test_the_game_pages_say_the_same_things_the_same_way(signed_in):
    """Item 20: 审计记录/没有审计记录 and "← 所有台" on baccarat, 审计/暂无 and "← 返回" on 百人牛牛."""
    bac = page(signed_in, f"/floor/tables/{baccarat_table(signed_in)}?lang=zh-Hans")
    niu_id = signed_in.api_post("/api/v1/tables", {"name": "Niu", "game": "niuniu"}, role="pitboss").json["id"]
    niu = page(signed_in, f"/floor/tables/{niu_id}?lang=zh-Hans")
    for words in ("← 所有台", '<h2 id="audit-title">审计记录</h2>', "没有审计记录。"):
        assert words in niu, words
    for words in ("← 所有台", '<h2 id="audit-title">审计记录</h2>'):
        assert words in bac, words


def test_a_tournament_match_is_won_by_its_team_s_name(signed_in, app):
    """Item 20: a tournament's match said "Team B won" instead of the team's name."""
    api = PageApi(signed_in)
    _, slot, match = bracket_match(api, "Cup", "Dabang 9")
    finish(app.extensions["roadsvc.db"], match["id"], "B", "passed_ten")
    casual_table = new_table(api, "Dabang 10")["id"]
    casual = new_match(api, casual_table)["id"]
    finish(app.extensions["roadsvc.db"], casual, "A", "passed_ten")
    html = page(signed_in, f"/floor/tables/{match['table_id']}?lang=en")
    assert f'data-value="B">{slot["teams"][1]} won</b>' in html and slot["teams"][1] in [t["name"] for t in TEAMS]
    assert "Team B won" not in html
    players = page(signed_in, f"/floor/tables/{casual_table}?lang=en")
    assert f'data-value="A">{PLAYERS["1"]} · {PLAYERS["3"]} won</b>' in players
