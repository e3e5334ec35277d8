"""The domain's names on the pages (issue 36): baccarat's bets, 百人牛牛's areas and the good roads, which the
catalogues now translate, are the operator's names in the page's language (tests/i18n/operator_names.py), and
the pages that show them hold no Simplified character in zh-Hant and no Chinese in en but what was typed."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from languages import problems, shown_text
from niuniu_support import by_order, slip_body

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "i18n"))
import operator_names as names  # noqa: E402  (tests/i18n: the operator's names before the move)

from roadsvc.domain.texts import LANGUAGES  # noqa: E402

BANKER_NATURAL = ["3H", "4S", "4C", "5D"]  # player 7, banker 9
BETS = ("banker_no_commission", "banker_pair", "lucky_six", "player_dragon_bonus", "banker_char_siu")
AREAS = {"player_1": "100.00", "player_2": "200.00", "player_4": "400.00"}
BACCARAT, NIUNIU = "Hall 3", "Niu 3"


@pytest.fixture
def tables(signed_in):
    """An extended-rules baccarat table with money on five bets and a long banker (four banker hands), and a
    百人牛牛 table with money on three areas and a round dealt and opened."""
    def post(url, body, role="admin"):
        return signed_in.client.post(url, json=body, headers={"Authorization": f"Bearer {signed_in.keys[role]}"})

    bac = post("/api/v1/tables", {"name": BACCARAT, "rule_set": "extended"}).json["id"]
    assert post(f"/api/v1/tables/{bac}/shoes", {"decks": 8}, role="dealer").status_code == 201
    slip = {"client_slip_id": "names-1", "account_id": "acct-1", "account_range": {"min": "1.00", "max": "100000.00"},
            "bets": [{"bet": bet, "stake": "100.00"} for bet in BETS]}
    assert post(f"/api/v1/tables/{bac}/slips", slip, role="game_server").status_code == 201, "slip"
    for _ in range(4):
        assert post(f"/api/v1/tables/{bac}/hands", {"cards": BANKER_NATURAL}, role="dealer").status_code == 201
    niu = post("/api/v1/tables", {"name": NIUNIU, "game": "niuniu"}).json["id"]
    assert post(f"/api/v1/tables/{niu}/slips", slip_body(1, "acct-2", "100000.00", AREAS),
                role="game_server").status_code == 201
    assert post(f"/api/v1/tables/{niu}/rounds", by_order(1), role="dealer").status_code == 201
    assert post(f"/api/v1/tables/{niu}/rounds/1/open", {}, role="dealer").status_code == 200
    return {"baccarat": bac, "niuniu": niu}


@pytest.mark.parametrize("language", LANGUAGES)
def test_bets_areas_and_good_roads_are_named_in_the_page_s_language(signed_in, tables, language):
    column = LANGUAGES.index(language)
    floor = signed_in.client.get(f"/floor?lang={language}").get_data(as_text=True)
    baccarat = signed_in.client.get(f"/floor/tables/{tables['baccarat']}?lang={language}").get_data(as_text=True)
    niuniu = signed_in.client.get(f"/floor/tables/{tables['niuniu']}?lang={language}").get_data(as_text=True)
    long_banker = f'<li class="badge">{names.GOOD_ROADS["long_banker"][column]}</li>'
    assert long_banker in floor and long_banker in baccarat
    for bet in BETS:
        assert f'<tr data-bet="{bet}"><th scope="row">{names.BETS[bet][column]}</th>' in baccarat, bet
    for area in AREAS:
        assert f'<tr data-bet="{area}"><th scope="row">{names.AREAS[area][column]}</th>' in niuniu, area
    found = {page: problems(shown_text(html), language, (BACCARAT, NIUNIU, "acct-1", "acct-2", "test pitboss"))
             for page, html in (("floor", floor), ("baccarat", baccarat), ("百人牛牛", niuniu))}
    assert not any(found.values()), found
