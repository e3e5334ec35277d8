"""A 百人牛牛 table's money alerts (issue 34) on its page and on the floor page, in the page's language: the
account and the round that made them, never a code; on SQLite and PostgreSQL."""

from __future__ import annotations

import re

import pytest

from niuniu_support import by_order, hidden_codes_in, slip_body
from roadsvc.services.pit.money_watch import MoneyWatch

WORDS = {
    "en": ("Large win", "Account a won 1,200.00 in this shift, past the limit on round 2"),
    "zh-Hans": ("大额赢钱", "账户 a 在本班（第 2 局超过上限）赢了 1,200.00"),
    "zh-Hant": ("大額贏錢", "帳戶 a 在本班（第 2 局超過上限）贏了 1,200.00"),
}


def play(signed_in, table: int, number: int, account: str, bets: dict) -> None:
    taken = signed_in.api_post(f"/api/v1/tables/{table}/slips", slip_body(number, account, "100000.00", bets),
                               role="game_server")
    assert taken.status_code == 201, taken.json
    rounds = f"/api/v1/tables/{table}/rounds"
    assert signed_in.api_post(rounds, by_order(number)).status_code == 201
    assert signed_in.api_post(f"{rounds}/{number}/open", {}).status_code == 200


@pytest.fixture
def alerted(signed_in) -> int:
    body = {"name": "Niu 31", "game": "niuniu", "settings": {"monitoring": {"large_win_amount": 1000}}}
    table = signed_in.api_post("/api/v1/tables", body, role="pitboss").json["id"]
    watch = MoneyWatch(signed_in.client.application.extensions["roadsvc.db"])
    watch.step()
    play(signed_in, table, 1, "a", {"player_1": "60.00"})
    play(signed_in, table, 2, "a", {"player_1": "60.00"})
    watch.step()
    return table


def alert_item(html: str) -> str:
    found = re.search(r'<li class="alert-item[^"]*"[^>]*data-code="large_win".*?</li>', html, flags=re.S)
    assert found, "no large_win alert on the page"
    return found.group(0)


@pytest.mark.parametrize("lang", sorted(WORDS))
def test_the_table_page_and_the_floor_show_the_large_win_in_the_page_s_language(signed_in, alerted, lang):
    title, message = WORDS[lang]
    for url in (f"/floor/tables/{alerted}?lang={lang}", f"/floor?lang={lang}"):
        html = signed_in.client.get(url).get_data(as_text=True)
        item = alert_item(html)
        assert title in item and message in item and "large_win" not in re.sub(r"<[^>]+>", "", item)
        assert hidden_codes_in(html) == []
