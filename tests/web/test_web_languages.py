"""Every page in each language (issue 36), with realistic data at a table of each game: the floor, each game's
table page, a 打棒 match page, the tournaments and a bracket, the sign-in page, the error pages, and the shift
report's PDF. Each fails on an untranslated word, a raw code, a Simplified character on a zh-Hant page, or
Chinese on an en page other than what the operator typed and card faces (tests/web/languages.py)."""

from __future__ import annotations

import random
import re

import pytest

from _floor import Clock
from dabang_api import PLAYERS, bury_and_pass, new_match, start_first_deal
from niuniu_support import by_order, slip_body
from languages import problems, shown_text
from websupport import csrf_token

from roadsvc.api.dabang import CLOCK as MATCH_CLOCK
from roadsvc.domain.texts import LANGUAGES, bet_title
from roadsvc.persistence.models import utcnow
from roadsvc.services import alerts
from roadsvc.translations import reader

NATURAL = ["4S", "3H", "5D", "4C"]
REFUSED = ["4S", "3H", "5D", "2C", "6H"]
MONEY_BETS = ("banker", "player_pair", "tie")
# What the operator typed: shown as typed in every language.
BACCARAT, NIUNIU, DABANG, CUP = "龙虎厅 8", "Niu 1", "Dabang 1", "Winter cup"
DEALER = ("D-1", "Mei")  # a dealer's badge and name (short: a PDF cell does not wrap it)
TEAMS = [{"name": name, "players": [f"{name} 1", f"{name} 2"]} for name in ("East", "West", "North")]


@pytest.fixture
def floor(signed_in, app):
    """A floor with a table of each game at work: hands, a void and a refused hand (alerts) at baccarat; a
    settled round, one dealing and a refused post at 百人牛牛 (its alert resolved by the monitor); a 打棒 match in
    play and a tournament."""
    app.extensions["roadsvc.clock"] = app.extensions[MATCH_CLOCK] = Clock()
    api = PageApi(signed_in)
    bac = signed_in.api_post("/api/v1/tables", {"name": BACCARAT}, role="pitboss").json["id"]
    assert signed_in.api_post(f"/api/v1/tables/{bac}/shoes", {"decks": 8}).status_code == 201
    assert signed_in.api_post("/api/v1/dealers", {"badge": DEALER[0], "name": DEALER[1]}, role="pitboss").status_code == 201
    assert signed_in.api_post(f"/api/v1/tables/{bac}/dealer", {"badge": DEALER[0]}).status_code == 201  # issue 45
    signed_in.api_post(f"/api/v1/tables/{bac}/hands", {"cards": NATURAL})  # hand 1, voided below
    slip = {"client_slip_id": "lang-1", "account_id": "acct-1", "account_range": {"min": "1.00", "max": "100000.00"},
            "bets": [{"bet": bet, "stake": "1500.00"} for bet in MONEY_BETS]}  # the money sections: bets by name
    assert api.post(f"/api/v1/tables/{bac}/slips", slip, role="game_server").status_code == 201
    for cards in (["10S", "2H", "KD", "3C", "QH"], REFUSED):
        signed_in.api_post(f"/api/v1/tables/{bac}/hands", {"cards": cards})
    shoe = api.get(f"/api/v1/tables/{bac}/shoes", role="pitboss").json[0]["id"]
    api.post(f"/api/v1/shoes/{shoe}/hands/1/void", {"reason": "misdeal"}, role="pitboss")
    niu = signed_in.api_post("/api/v1/tables", {"name": NIUNIU, "game": "niuniu"}, role="pitboss").json["id"]
    rounds = f"/api/v1/tables/{niu}/rounds"
    niu_slip = slip_body(1, "acct-2", "100000.00", {"player_1": "1200.00", "player_3": "300.00"})
    assert api.post(f"/api/v1/tables/{niu}/slips", niu_slip, role="game_server").status_code == 201
    assert signed_in.api_post(rounds, by_order(1)).status_code == 201
    signed_in.api_post(f"{rounds}/1/open", {})
    signed_in.api_post(rounds, by_order(2))
    signed_in.api_post(rounds, {}, role="dealer")  # refused: an alert at the table
    dab = api.post("/api/v1/tables", {"name": DABANG, "game": "dabang"}, role="pitboss").json["id"]
    match = new_match(api, dab)["id"]
    number, _ = start_first_deal(api, match, seed=4)
    bury_and_pass(api, match, number, random.Random(1))
    database = app.extensions["roadsvc.db"]
    [refused], _ = alerts.find_alerts(database, {"table_id": niu})
    alerts.resolve(database, refused.id, alerts.SYSTEM_ACTOR, "the table closed for now: no round since")
    [late], _ = alerts.find_alerts(database, {"table_id": bac, "code": "refused_hands"})
    alerts.acknowledge(database, late.id, "test pitboss", "checking")
    cup = api.post("/api/v1/dabang/tournaments", {"name": CUP, "teams": TEAMS}, role="pitboss").json["id"]
    return {"baccarat": bac, "niuniu": niu, "dabang": dab, "match": match, "cup": cup}


class PageApi:
    """The API through the signed-in client, with a role's key (the shape tests/dabang_api.py drives)."""

    def __init__(self, pages):
        self.pages = pages

    def get(self, url, role="display"):
        return self.pages.client.get(url, headers={"Authorization": f"Bearer {self.pages.keys[role]}"})

    def post(self, url, json=None, role="admin"):
        return self.pages.client.post(url, json=json, headers={"Authorization": f"Bearer {self.pages.keys[role]}"})


def typed() -> tuple[str, ...]:
    names = [BACCARAT, NIUNIU, DABANG, CUP, "misdeal", "checking", "test pitboss", "test dealer", "test admin",
             "acct-1", "acct-2", *DEALER]
    names += [team["name"] for team in TEAMS] + [p for team in TEAMS for p in team["players"]]
    return tuple(names + list(PLAYERS.values()))


def pages_of(ids: dict) -> dict[str, str]:
    return {"floor": "/floor", "baccarat table": f"/floor/tables/{ids['baccarat']}",
            "百人牛牛 table": f"/floor/tables/{ids['niuniu']}", "打棒 table": f"/floor/tables/{ids['dabang']}",
            "打棒 match": f"/floor/dabang/matches/{ids['match']}", "tournaments": "/floor/dabang/tournaments",
            "bracket": f"/floor/dabang/tournaments/{ids['cup']}", "shift reports": "/floor/reports",
            "dealers": "/floor/dealers",
            "watched accounts": "/floor/watch",
            "not found: a table": "/floor/tables/999999", "not found: a match": "/floor/dabang/matches/999999",
            "not found: an address": "/floor/no-such-page"}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_speaks_the_page_s_language(signed_in, floor, language):
    found = {}
    for name, url in pages_of(floor).items():
        response = signed_in.client.get(f"{url}?lang={language}")
        assert response.status_code == (404 if name.startswith("not found") else 200), name
        assert response.mimetype == "text/html", name  # a page, never the API's English JSON
        found[name] = problems(shown_text(response.get_data(as_text=True)), language, typed())
    refused = signed_in.client.post(f"/floor/tables/{floor['baccarat']}/notes?lang={language}", data={"text": "x"})
    assert refused.status_code == 400
    found["CSRF refusal"] = problems(shown_text(refused.get_data(as_text=True)), language, typed())
    monitor = {"zh-Hans": "系统监控 — 牌台暂停：此后没有新牌局", "zh-Hant": "系統監控 — 牌台暫停：此後沒有新牌局",
               "en": "roadsvc monitor — the table closed for now: no round since"}[language]
    assert monitor in signed_in.client.get(f"/floor/tables/{floor['niuniu']}").get_data(as_text=True)
    money = signed_in.client.get(f"/floor/tables/{floor['baccarat']}").get_data(as_text=True)
    for bet in MONEY_BETS:  # the money section, its bets named in the page's language
        row = f'<tr data-bet="{bet}"><th scope="row">{bet_title(bet, reader(language))}</th><td>1,500.00</td>'
        assert row in money, (bet, re.findall(r"data-bet=.{0,80}", money))
    bad = [f"{name}: {problem}" for name, listed in found.items() for problem in listed]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_shift_report_pdf_speaks_the_reader_s_language(signed_in, floor, app, language):
    import pypdfium2

    shift = app.extensions["roadsvc.floor_clock"].shift_at(utcnow())
    api = PageApi(signed_in)
    answer = api.get(f"/api/v1/reports/shifts/{shift.day.isoformat()}/{shift.name}?format=pdf&lang={language}",
                     role="pitboss")
    assert answer.status_code == 200 and answer.mimetype == "application/pdf"
    document = pypdfium2.PdfDocument(answer.data)
    lines = [line.strip() for index in range(len(document))
             for line in document[index].get_textpage().get_text_range().splitlines() if line.strip()]
    assert any(BACCARAT in line for line in lines)
    bad = problems(lines, language, typed())
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_sign_in_page_speaks_the_page_s_language(pages, language):
    html = pages.client.get(f"/login?lang={language}").get_data(as_text=True)
    assert problems(shown_text(html), language, ()) == []
    assert 'name="csrf_token"' not in html  # the sign-in form holds no token: no session before signing in
