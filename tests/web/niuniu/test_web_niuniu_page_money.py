"""The pit boss's 百人牛牛 table page as good as baccarat's (issue 34): the table's money in the shift, the pit
notes (those posted through the API too), the rounds with their times in the floor's zone written out, every
type, phase and audit action in the page's language (no raw code), and the tile's labelled strip and win."""

from __future__ import annotations

import re
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from niuniu_support import by_order, by_position, other_hands, slip_body
from roadsvc.domain.niuniu.hands import HandType
from roadsvc.domain.niuniu.rounds import PHASES
from roadsvc.translations import Words
from roadsvc.web.labels import WORDS

CODES = re.compile(r"\b(bull_\d|bull_bull|no_bull|silver_bull|gold_bull|bomb|betting|dealing|opening|settled|voided|"
                   r"win|lose|correction|leave|player_\d|banker)\b")


def visible_text(html: str) -> str:
    """What a reader sees: the page without its tags (their attributes hold codes on purpose), scripts and
    inline SVG."""
    html = re.sub(r"<(script|svg|style)\b.*?</\1>", "", html, flags=re.S)
    return re.sub(r"<[^>]+>", " ", html)


def table_with_rounds(signed_in, name: str = "Niu 21") -> int:
    """Round 1 settled with slips (a: 10.00 on player_1 wins 100.00; b: 20.00 on player_2 loses 160.00), c left;
    corrected; round 2 voided; round 3 dealt, player_1 opened (opening)."""
    table = signed_in.api_post("/api/v1/tables", {"name": name, "game": "niuniu"}, role="pitboss").json["id"]
    rounds = f"/api/v1/tables/{table}/rounds"
    for account, bets in (("a", {"player_1": "10.00"}), ("b", {"player_2": "20.00"}), ("c", {"player_3": "5.00"})):
        taken = signed_in.api_post(f"/api/v1/tables/{table}/slips", slip_body(1, account, "1000.00", bets),
                                   role="game_server")
        assert taken.status_code == 201, taken.json
    assert signed_in.api_post(rounds, by_order(1)).status_code == 201
    assert signed_in.api_post(f"{rounds}/1/leave", {"account_id": "c"}, role="game_server").status_code == 200
    assert signed_in.api_post(f"{rounds}/1/open", {}).status_code == 200
    assert signed_in.api_post(f"{rounds}/1/correct", {**by_position(hands=other_hands()), "reason": "misread"},
                              role="pitboss").status_code == 200
    assert signed_in.api_post(rounds, by_order(2)).status_code == 201
    assert signed_in.api_post(f"{rounds}/2/void", {"reason": "misdeal"}, role="pitboss").status_code == 200
    assert signed_in.api_post(rounds, by_order(3)).status_code == 201
    assert signed_in.api_post(f"{rounds}/3/open", {"position": "player_1"}).status_code == 200
    return table


def page(signed_in, table: int, lang: str) -> str:
    answer = signed_in.client.get(f"/floor/tables/{table}?lang={lang}")
    assert answer.status_code == 200
    return answer.get_data(as_text=True)


def field(html: str, name: str) -> str:
    return re.search(rf'data-field="{name}"[^>]*>([^<]*)<', html).group(1)


def test_the_page_shows_the_table_s_money_in_the_shift(signed_in):
    table = table_with_rounds(signed_in)
    html = page(signed_in, table, "en")
    money = signed_in.client.get(f"/api/v1/tables/{table}/money",
                                 headers={"Authorization": f"Bearer {signed_in.keys['pitboss']}"}).json["money"]
    assert (money["turnover"], money["win"], money["bets"]) == ("30.00", "60.00", 2)  # 160.00 - 100.00
    assert 'data-field="money"' in html
    assert (field(html, "turnover"), field(html, "win"), field(html, "hold")) == ("30.00", "60.00", "200.00%")
    assert (field(html, "bets"), field(html, "accounts"), field(html, "largest-win")) == ("2", "2", "100.00")
    by_bet = html[html.index('data-field="by-bet"'):html.index("</table>", html.index('data-field="by-bet"'))]
    assert "Player 1" in by_bet and "20.00" in by_bet and "player_3" not in visible_text(by_bet)  # c left


def test_notes_posted_through_the_api_are_on_the_page(signed_in):
    table = signed_in.api_post("/api/v1/tables", {"name": "Niu 23", "game": "niuniu"}, role="pitboss").json["id"]
    posted = signed_in.api_post(f"/api/v1/tables/{table}/notes", {"text": "seat 4 disputes round 7"},
                                role="pitboss")
    assert posted.status_code == 201, posted.json
    html = page(signed_in, table, "zh-Hans")
    notes = html[html.index('data-field="notes"'):html.index("</ol>", html.index('data-field="notes"'))]
    assert "seat 4 disputes round 7" in notes and 'data-action="pit-note"' in html


def test_rounds_have_their_times_in_the_floor_s_zone_written_out(signed_in):
    table = table_with_rounds(signed_in, "Niu 24")
    signed_in.api_post(f"/api/v1/tables/{table}/notes", {"text": "checked"}, role="pitboss")
    html = page(signed_in, table, "en")
    for section in ("round-list", "audit", "notes"):
        part = html[html.index(f'data-field="{section}"'):]
        part = part[:part.index("</section>")]
        assert "CST" not in visible_text(part), section
        instant, shown = re.search(r'<time datetime="([^"]+)"[^>]*>([^<]+)</time>', part).groups()
        local = datetime.fromisoformat(instant).astimezone(ZoneInfo("Asia/Macau"))
        assert shown == local.strftime("%H:%M:%S") + " Asia/Macau", section
    row = html[html.index('data-round="1"'):]
    assert re.search(r'data-field="time"><time datetime=', row)


@pytest.mark.parametrize("lang", ["zh-Hans", "zh-Hant"])
def test_no_raw_code_on_a_chinese_page(signed_in, lang):
    table = table_with_rounds(signed_in, f"Niu {lang}")
    html = page(signed_in, table, lang)
    text = visible_text(html)
    assert not CODES.findall(text), CODES.findall(text)
    assert ("牛牛" in text and "炸弹" in text) if lang == "zh-Hans" else ("牛牛" in text and "炸彈" in text)
    assert ("中途离场" in text and "更正" in text) if lang == "zh-Hans" else ("中途離場" in text and "更正" in text)
    floor = visible_text(signed_in.client.get(f"/floor?lang={lang}").get_data(as_text=True))
    assert not CODES.findall(floor)


@pytest.mark.parametrize("lang", ["zh-Hans", "zh-Hant", "en"])
def test_every_type_and_phase_has_its_words(lang):
    words = Words(WORDS, lang)
    for hand_type in HandType:
        shown = words[f"niuniu_type_{hand_type.code}"]
        assert shown == Words({"name": hand_type.name_en}, lang)["name"]  # the hand type's own name
        assert shown != hand_type.code and (lang == "en" or re.search(r"[\u4e00-\u9fff]", shown))
    for phase in PHASES:
        shown = words[f"niuniu_phase_{phase}"]
        assert shown != phase or lang == "en"
        assert lang == "en" or re.search(r"[\u4e00-\u9fff]", shown)


def test_the_tile_labels_its_strip_and_shows_the_shift_s_win(signed_in):
    table = table_with_rounds(signed_in, "Niu 25")
    html = signed_in.client.get("/floor?lang=zh-Hans").get_data(as_text=True)
    tile = html[html.index(f'data-table-id="{table}"'):]
    tile = tile[:tile.index("</article>")]
    strip = tile[tile.index('data-field="recent"'):tile.index("</ol>", tile.index('data-field="recent"'))]
    assert [name for name in re.findall(r'class="area-name">([^<]+)<', strip)] == ["闲一", "闲二", "闲三", "闲四"]
    assert 'aria-label="各闲家最近一局对庄的输赢"' in strip
    assert 'data-field="win" data-value="60.00"' in tile and "60.00" in visible_text(tile)
    text = visible_text(tile)
    assert "百人牛牛" not in text and "/h" not in text and "局" in text and "每小时局数" in text


def test_the_floor_sorts_niuniu_tiles_by_their_money(signed_in):
    """Niu 26 wins 60.00 on 30.00 (hold 200 %); Niu 27 wins 80.00 on 10.00 (hold 800 %, player_3 loses 8x)
    but turns over less; Niu 28 has no money."""
    won = table_with_rounds(signed_in, "Niu 26")
    small = signed_in.api_post("/api/v1/tables", {"name": "Niu 27", "game": "niuniu"}, role="pitboss").json["id"]
    assert signed_in.api_post(f"/api/v1/tables/{small}/slips", slip_body(1, "d", "1000.00", {"player_3": "10.00"}),
                              role="game_server").status_code == 201
    assert signed_in.api_post(f"/api/v1/tables/{small}/rounds", by_order(1)).status_code == 201
    assert signed_in.api_post(f"/api/v1/tables/{small}/rounds/1/open", {}).status_code == 200
    idle = signed_in.api_post("/api/v1/tables", {"name": "Niu 28", "game": "niuniu"}, role="pitboss").json["id"]

    def order(sort: str) -> list[int]:
        html = signed_in.client.get(f"/floor?sort={sort}").get_data(as_text=True)
        shown = [int(found) for found in re.findall(r'<article class="tile[^"]*" data-table-id="(\d+)"', html)]
        return [table for table in shown if table in (won, small, idle)]

    assert order("win") == [small, won, idle]
    assert order("turnover") == [won, small, idle]
    assert order("hold") == [small, won, idle]
