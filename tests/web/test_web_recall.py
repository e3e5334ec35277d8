"""The recall page (/floor/tables/<id>/recall) for the signed-in pit boss: each game's cards drawn in the order
dealt, its steps and links; nothing hidden while a game is in play (a held hand, a closed fourth card, an 打棒
seat's hand, whatever the pit boss's key may read); every word in each language, in both themes; linked from each
game's table page."""

from __future__ import annotations

import json
import random
import re

import pytest

from dabang_api import bury_and_pass, card_codes, new_match, start_first_deal, state, whole_first_deal
from languages import problems, shown_text
from niuniu_support import HIDDEN, by_order, hidden_codes_in, slip_body

from roadsvc.domain.texts import LANGUAGES

SLIP = {"client_slip_id": "recall-1", "account_id": "acct-r", "account_range": {"min": "1.00", "max": "100000.00"},
        "bets": [{"bet": "banker", "stake": "250.00"}]}


class Tables:
    def __init__(self, signed_in):
        self.pages = signed_in

    def api(self, method, url, body=None, role="dealer"):
        headers = {"Authorization": f"Bearer {self.pages.keys[role]}"}
        return self.pages.client.open(url, method=method, json=body, headers=headers)

    def new(self, name, game="baccarat") -> int:
        response = self.api("POST", "/api/v1/tables", {"name": name, "game": game}, role="pitboss")
        assert response.status_code == 201, response.json
        return response.json["id"]

    def page(self, table_id, **query) -> str:
        response = self.pages.client.get(f"/floor/tables/{table_id}/recall", query_string=query)
        assert response.status_code == 200, response.get_data(as_text=True)[:500]
        return response.get_data(as_text=True)


@pytest.fixture
def tables(signed_in) -> Tables:
    return Tables(signed_in)


def baccarat_table(tables: Tables, settings=None) -> int:
    table_id = tables.new("Bac R")
    if settings:
        assert tables.api("PATCH", f"/api/v1/tables/{table_id}", {"settings": settings}, role="pitboss").status_code \
            == 200
    assert tables.api("POST", f"/api/v1/tables/{table_id}/shoes", {"decks": 8}).status_code == 201
    return table_id


def game_sections(html: str) -> list[str]:
    return re.findall(r'<section class="card recall-game".*?</section>', html, re.S)


def test_a_baccarat_hand_is_drawn_card_by_card_with_its_steps_bets_and_links(tables):
    table_id = baccarat_table(tables)
    assert tables.api("POST", f"/api/v1/tables/{table_id}/slips", SLIP, role="game_server").status_code == 201
    assert tables.api("POST", f"/api/v1/tables/{table_id}/hands", {"cards": ["2S", "3D", "3C", "2H", "4S", "8C"]}) \
        .status_code == 201
    html = tables.page(table_id, lang="en")
    [hand] = game_sections(html)
    assert re.findall(r'data-card="(\w+)"', hand) == ["2S", "3D", "3C", "2H", "4S", "8C"]
    assert [side for side in re.findall(r'data-side="(\w+)"', hand)] == ["player", "banker"] * 3
    assert 'data-step="dealt"' in hand and "acct-r" in hand and "250.00" in hand
    assert re.search(r'data-digest="[0-9a-f]{64}"', hand)


def test_a_held_hand_shows_no_card_on_the_page(tables):
    table_id = baccarat_table(tables, {"mode": "squeeze"})
    assert tables.api("POST", f"/api/v1/tables/{table_id}/hands", {"cards": ["4S", "KD", "3H", "9C"]}) \
        .status_code == 201
    html = tables.page(table_id, lang="en")
    [hand] = game_sections(html)
    assert 'data-state="held"' in hand and 'data-field="held"' in hand
    assert card_codes(hand) == [] and not re.search(r"[0-9AJQK]+[♠♥♦♣]", hand)
    assert "data-digest" not in hand and 'data-field="links-in-play"' in hand


def test_a_niuniu_round_in_play_shows_closed_fourth_cards_as_backs(tables):
    table_id = tables.new("Niu R", "niuniu")
    assert tables.api("POST", f"/api/v1/tables/{table_id}/slips", slip_body(1, "acct-n"), role="game_server") \
        .status_code == 201
    assert tables.api("POST", f"/api/v1/tables/{table_id}/rounds", by_order(1)).status_code == 201
    assert tables.api("POST", f"/api/v1/tables/{table_id}/rounds/1/open", {"position": "player_1"}).status_code == 200
    html = tables.page(table_id, lang="en")
    assert hidden_codes_in(html) == [HIDDEN["player_1"]]
    [round_] = game_sections(html)
    assert round_.count('data-card="hidden"') == 8  # four closed hands, each drawn twice (hands, dealing order)
    assert re.findall(r'data-order="\d+" data-position="(\w+)"', round_)[:5] == [
        "player_1", "player_2", "player_3", "player_4", "banker"]
    assert tables.api("POST", f"/api/v1/tables/{table_id}/rounds/1/open", {}).status_code == 200
    settled = game_sections(tables.page(table_id, lang="en"))[0]
    assert 'data-card="hidden"' not in settled and 'data-field="settlement"' in settled and "acct-n" in settled


def test_an_dabang_deal_under_way_shows_no_seat_s_hand(tables):
    table_id = tables.new("Dabang R", "dabang")
    api = _PageApi(tables)
    match_id = new_match(api, table_id)["id"]
    number, draw = start_first_deal(api, match_id, 4)
    bury_and_pass(api, match_id, number, random.Random(1))
    [deal] = game_sections(tables.page(table_id, lang="en"))
    assert 'data-field="hands"' not in deal and 'data-field="bottom-dealt"' not in deal
    public = json.dumps(state(api, match_id, "display")) + json.dumps(draw[:0])
    declared = {"BJ"}
    assert set(card_codes(deal)) <= set(card_codes(public)) | declared


def test_a_finished_deal_shows_every_trick_and_the_score(tables):
    table_id = tables.new("Dabang F", "dabang")
    api = _PageApi(tables)
    match_id = new_match(api, table_id)["id"]
    whole_first_deal(api, match_id, seed=4)
    [deal] = game_sections(tables.page(table_id, lang="en"))
    assert 'data-status="finished"' in deal and 'data-field="hands"' in deal and 'data-field="score"' in deal
    assert len(re.findall(r'data-trick="\d+"', deal)) >= 20


class _PageApi:
    """The API through the signed-in client (the shape tests/dabang_api.py drives)."""

    def __init__(self, tables: Tables):
        self.tables = tables

    def get(self, url, role="display"):
        return self.tables.api("GET", url, role=role)

    def post(self, url, json=None, role="admin"):
        return self.tables.api("POST", url, json, role=role)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_game_s_recall_is_in_the_page_s_language_in_both_themes(tables, language):
    bac = baccarat_table(tables)
    assert tables.api("POST", f"/api/v1/tables/{bac}/slips", SLIP, role="game_server").status_code == 201
    tables.api("POST", f"/api/v1/tables/{bac}/hands", {"cards": ["4S", "KD", "3H", "9C"]})
    shoe = tables.api("GET", f"/api/v1/tables/{bac}/shoes", role="pitboss").json[0]["id"]
    fixed = {"hand": {"cards": ["9S", "2D", "KH", "3C"]}, "reason": "misread"}
    assert tables.api("POST", f"/api/v1/shoes/{shoe}/hands/1/correct", fixed, role="pitboss").status_code == 200
    niu = tables.new("Niu L", "niuniu")
    assert tables.api("POST", f"/api/v1/tables/{niu}/slips", slip_body(1, "acct-n"), role="game_server") \
        .status_code == 201
    tables.api("POST", f"/api/v1/tables/{niu}/rounds", by_order(1))
    tables.api("POST", f"/api/v1/tables/{niu}/rounds/1/open", {})
    tables.api("POST", f"/api/v1/tables/{niu}/rounds", by_order(2))
    tables.api("POST", f"/api/v1/tables/{niu}/rounds/2/void", {"reason": "misdeal"}, role="pitboss")
    dab = tables.new("Dabang L", "dabang")
    match_id = new_match(_PageApi(tables), dab)["id"]
    whole_first_deal(_PageApi(tables), match_id, seed=4)
    typed = ("Bac R", "Niu L", "Dabang L", "Li", "Wang", "Zhao", "Chen", "acct-r", "acct-n", "misread", "misdeal",
             "test pitboss")
    for table_id in (bac, niu, dab):
        for theme in ("light", "dark"):
            html = tables.page(table_id, lang=language, theme=theme)
            assert f'data-theme="{theme}"' in html and f'lang="{language}"' in html
            digests = tuple(re.findall(r'data-digest="([0-9a-f]{64})"', html))
            assert digests
            found = problems(shown_text(html), language, typed + digests + _actors(html))
            assert not found, found[:5]


def _actors(html: str) -> tuple[str, ...]:
    """The keys' names as the records keep them (typed by whoever made the key)."""
    return tuple(set(re.findall(r"[\w ]+ \(key \d+\)", html)) | set(re.findall(r"test \w+", html)))


def test_each_table_page_links_to_its_recall(tables):
    for game in ("baccarat", "niuniu", "dabang"):
        table_id = tables.new(f"Linked {game}", game)
        html = tables.pages.client.get(f"/floor/tables/{table_id}").get_data(as_text=True)
        assert f'href="/floor/tables/{table_id}/recall" data-field="recall-link"' in html


def test_a_bad_question_is_refused_and_a_page_needs_a_sign_in(tables, pages):
    table_id = baccarat_table(tables)
    assert tables.pages.client.get(f"/floor/tables/{table_id}/recall?last=500").status_code == 422
    assert tables.pages.client.get(f"/floor/tables/{table_id}/recall?round=1").status_code == 409
    assert tables.pages.client.get("/floor/tables/999999/recall").status_code == 404
    tables.pages.client.post("/logout", data={"csrf_token": tables.pages.token(f"/floor/tables/{table_id}")})
    assert tables.pages.client.get(f"/floor/tables/{table_id}/recall").status_code == 302


def test_the_api_read_with_the_page_s_cookie_hides_what_is_in_play(tables):
    """A signed-in page reads the API with its cookie (no key): it never reads hidden cards, whatever the pit
    boss's key may read, in any game."""
    squeeze = baccarat_table(tables, {"mode": "squeeze"})
    tables.api("POST", f"/api/v1/tables/{squeeze}/hands", {"cards": ["4S", "KD", "3H", "9C"]})
    niu = tables.new("Niu C", "niuniu")
    tables.api("POST", f"/api/v1/tables/{niu}/rounds", by_order(1))
    dab = tables.new("Dabang C", "dabang")
    api = _PageApi(tables)
    match_id = new_match(api, dab)["id"]
    start_first_deal(api, match_id, 4)
    read = {table_id: tables.pages.client.get(f"/api/v1/tables/{table_id}/recall") for table_id in (squeeze, niu, dab)}
    assert all(response.status_code == 200 for response in read.values())
    assert card_codes(read[squeeze].get_data(as_text=True)) == []
    assert hidden_codes_in(read[niu].get_data(as_text=True)) == []
    [deal] = read[dab].json["deals"]
    assert deal["hands"] is None and deal["bottom_dealt"] is None and deal["links"] is None
    assert read[dab].json["money"] is True  # the pit boss's session reads money


def test_the_pages_answer_a_refusal_by_its_kind_whatever_its_class():
    """The pages' error handler matches a refusal by class hierarchy: every subclass of NotFound and Conflict
    in the services (WrongGame, ReportFileAltered, ...) answers its kind's status, none falls to 400."""
    import importlib
    import pkgutil

    import roadsvc.services
    from roadsvc.services.errors import Conflict, NotFound
    from roadsvc.web.blueprint import status_of

    for module in pkgutil.walk_packages(roadsvc.services.__path__, "roadsvc.services."):
        importlib.import_module(module.name)

    def every(kind):
        for sub in kind.__subclasses__():
            yield sub
            yield from every(sub)

    found = {kind: list(every(kind)) for kind in (NotFound, Conflict)}
    assert "WrongGame" in {sub.__name__ for sub in found[Conflict]}
    for kind, status in ((NotFound, 404), (Conflict, 409)):
        for sub in found[kind]:
            assert status_of(sub.__new__(sub)) == status, sub
