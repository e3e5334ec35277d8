"""The stakes of the round in play on the 百人牛牛 table page (issue 34): its section on the page and alone (what
the page's script puts in place at each slip), in the page's language, totals only: no account, no card
(a round being opened keeps its closed fourth cards as card backs elsewhere on the page). SQLite and
PostgreSQL."""

from __future__ import annotations

import re

import pytest

from niuniu_support import HANDS, by_order, hidden_codes_in, slip_body

SUITS = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}
HEADINGS = {"en": "Stakes on round 1", "zh-Hans": "第 1 局投注", "zh-Hant": "第 1 局投注"}


def section(html: str) -> str:
    found = re.search(r'<section class="card stakes".*?</section>', html, flags=re.S)
    assert found, "no stakes section"
    return found.group(0)


def cell(html: str, area: str, name: str) -> str:
    return re.search(rf'data-area="{area}".*?data-field="{name}">([^<]*)<', html, flags=re.S).group(1)


@pytest.fixture
def table(signed_in) -> int:
    return signed_in.api_post("/api/v1/tables", {"name": "Niu 41", "game": "niuniu"}, role="pitboss").json["id"]


def slip(signed_in, table: int, account: str, bets: dict) -> None:
    taken = signed_in.api_post(f"/api/v1/tables/{table}/slips", slip_body(1, account, "10000.00", bets),
                               role="game_server")
    assert taken.status_code == 201, taken.json


@pytest.mark.parametrize("lang", sorted(HEADINGS))
def test_the_page_shows_each_area_s_stakes_of_the_round_taking_bets(signed_in, table, lang):
    none = section(signed_in.client.get(f"/floor/tables/{table}?lang={lang}").get_data(as_text=True))
    assert 'data-field="stakes-none"' in none and "data-round" not in none
    slip(signed_in, table, "acct-a", {"player_1": "10.00", "player_4": "5.00"})
    slip(signed_in, table, "acct-b", {"player_1": "100.00"})
    html = signed_in.client.get(f"/floor/tables/{table}?lang={lang}").get_data(as_text=True)
    found = section(html)
    assert HEADINGS[lang] in found and 'data-phase="betting"' in found
    assert (cell(found, "player_1", "stake"), cell(found, "player_1", "slips")) == ("110.00", "2")
    assert (cell(found, "player_2", "stake"), cell(found, "player_2", "slips")) == ("0.00", "0")
    assert (cell(found, "total", "stake"), cell(found, "total", "slips")) == ("115.00", "2")
    assert "acct-a" not in found and "player_1" not in re.sub(r"<[^>]+>", "", found)  # words, not codes
    alone = signed_in.client.get(f"/floor/tables/{table}/stakes?lang={lang}").get_data(as_text=True)
    assert section(alone) == found  # the section the script puts in place is the page's


def test_the_section_follows_the_round_through_its_opening_without_a_card(signed_in, table):
    slip(signed_in, table, "acct-a", {"player_2": "20.00"})
    before = section(signed_in.client.get(f"/floor/tables/{table}/stakes").get_data(as_text=True))
    rounds = f"/api/v1/tables/{table}/rounds"
    assert signed_in.api_post(rounds, by_order(1)).status_code == 201
    assert signed_in.api_post(f"{rounds}/1/open", {"position": "player_1"}).status_code == 200
    page = signed_in.client.get(f"/floor/tables/{table}?lang=en").get_data(as_text=True)
    found = section(page)
    assert 'data-phase="opening"' in found and cell(found, "player_2", "stake") == "20.00"
    assert re.search(r'data-version="([^"]+)"', found).group(1) != re.search(r'data-version="([^"]+)"',
                                                                              before).group(1)
    faces = [code[:-1] + SUITS[code[-1]] for cards in HANDS.values() for code in cards]
    assert hidden_codes_in(found) == [] and not any(face in found for face in faces)
    assert hidden_codes_in(page) == []
    assert signed_in.api_post(f"{rounds}/1/open", {}).status_code == 200
    done = section(signed_in.client.get(f"/floor/tables/{table}/stakes").get_data(as_text=True))
    assert 'data-field="stakes-none"' in done


def test_the_section_alone_is_a_pit_boss_s(pages, signed_in, table):
    signed_in.client.post("/logout", data={"csrf_token": signed_in.token(f"/floor/tables/{table}")})
    answer = pages.client.get(f"/floor/tables/{table}/stakes")
    assert answer.status_code in (302, 401)
