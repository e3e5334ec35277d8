"""A finished game's proofs never carry a digest that hashes a card hidden now (docs/recall.md, "Who sees
what"). The chain is one for every table: a game finished after another table's game began (a held baccarat
hand, a 百人牛牛 round with closed fourth cards, an 打棒 deal under way) has links whose digests hash that
game's row through `prev`, so trying each card it can hide would find it. Recall withholds them, for every
reader (a pit boss's key, an admin's key, a signed-in page's cookie, the page), until the game opens; then the
same proofs carry their digests and they verify. Each game is once the hidden one and once the finished one;
both databases."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Callable

import pytest

from dabang_api import bury_and_pass, new_match, play_out, start_first_deal, whole_first_deal
from niuniu_support import by_order

from roadsvc.persistence.records import reading
from roadsvc.services.records import audit

GAMES_KEY = {"baccarat": "hands", "niuniu": "rounds", "dabang": "deals"}


class Client:
    """The signed-in page's client: the API with a role's key, or with the page's cookie alone."""

    def __init__(self, pages):
        self.pages = pages

    def get(self, url, role="display"):
        return self.post(url, None, role, "GET")

    def post(self, url, json=None, role="dealer", method="POST"):
        headers = {"Authorization": f"Bearer {self.pages.keys[role]}"} if role else {}
        return self.pages.client.open(url, method=method, json=json, headers=headers)

    def table(self, name: str, game: str, settings: dict | None = None) -> int:
        response = self.post("/api/v1/tables", {"name": name, "game": game}, role="pitboss")
        assert response.status_code == 201, response.json
        table_id = response.json["id"]
        if settings:
            assert self.post(f"/api/v1/tables/{table_id}", {"settings": settings}, "pitboss", "PATCH") \
                .status_code == 200
        if game == "baccarat":
            assert self.post(f"/api/v1/tables/{table_id}/shoes", {"decks": 8}).status_code == 201
        return table_id


@dataclass
class Hidden:
    table: str  # the chained table whose row holds the hidden cards
    open: Callable[[], None]


def hide_baccarat(client: Client) -> Hidden:
    table_id = client.table("Squeeze H", "baccarat", {"mode": "squeeze"})
    posted = client.post(f"/api/v1/tables/{table_id}/hands", {"cards": ["4S", "KD", "3H", "9C"]})
    assert posted.status_code == 201 and posted.json["held"] is True, posted.json

    def open_() -> None:
        assert client.post(f"/api/v1/tables/{table_id}/hands/1/open", {}).status_code == 201
    return Hidden("held_hands", open_)


def hide_niuniu(client: Client) -> Hidden:
    table_id = client.table("Niu H", "niuniu")
    assert client.post(f"/api/v1/tables/{table_id}/rounds", by_order(1)).status_code == 201  # closed fourth cards

    def open_() -> None:
        assert client.post(f"/api/v1/tables/{table_id}/rounds/1/open", {}).status_code == 200
    return Hidden("niuniu_rounds", open_)


def hide_dabang(client: Client) -> Hidden:
    match_id = new_match(client, client.table("Dabang H", "dabang"))["id"]
    rng = random.Random(4)
    number, _ = start_first_deal(client, match_id, 4)  # every seat's hand drawn, under way

    def open_() -> None:
        bury_and_pass(client, match_id, number, rng)
        play_out(client, match_id, number, rng)
    return Hidden("dabang_deals", open_)


def finish_baccarat(client: Client) -> int:
    table_id = client.table("Bac F", "baccarat")
    assert client.post(f"/api/v1/tables/{table_id}/hands", {"cards": ["2S", "3D", "3C", "2H", "4S", "8C"]}) \
        .status_code == 201
    return table_id


def finish_niuniu(client: Client) -> int:
    table_id = client.table("Niu F", "niuniu")
    assert client.post(f"/api/v1/tables/{table_id}/rounds", by_order(1)).status_code == 201
    assert client.post(f"/api/v1/tables/{table_id}/rounds/1/open", {}).status_code == 200
    return table_id


def finish_dabang(client: Client) -> int:
    table_id = client.table("Dabang F", "dabang")
    whole_first_deal(client, new_match(client, table_id)["id"], seed=7)
    return table_id


HIDE = {"baccarat": hide_baccarat, "niuniu": hide_niuniu, "dabang": hide_dabang}
FINISH = {"baccarat": finish_baccarat, "niuniu": finish_niuniu, "dabang": finish_dabang}


def read_every_way(client: Client, table_id: int, game: str) -> tuple[dict[str, dict], str]:
    """The finished game's recall as JSON with a pit boss's key, an admin's key and the page's cookie alone,
    and the recall page's HTML."""
    answers = {}
    for reader, role in (("pitboss", "pitboss"), ("admin", "admin"), ("cookie", None)):
        response = client.get(f"/api/v1/tables/{table_id}/recall?last=1", role=role)
        assert response.status_code == 200, response.json
        answers[reader] = response.json
    page = client.pages.client.get(f"/floor/tables/{table_id}/recall?last=1&lang=en")
    assert page.status_code == 200
    for answer in answers.values():
        assert answer[GAMES_KEY[game]][0]["links"], answer
    return answers, page.get_data(as_text=True)


@pytest.mark.parametrize("hidden_game, finished_game", [
    ("niuniu", "baccarat"), ("dabang", "niuniu"), ("baccarat", "dabang")])
def test_a_finished_game_s_proof_carries_no_digest_of_another_table_s_hidden_cards_until_they_open(
        signed_in, app, hidden_game, finished_game):
    client, db = Client(signed_in), app.extensions["roadsvc.db"]
    with db.read() as session:
        head = reading.head(session)
    before = 0 if head is None else head.seq
    hidden = HIDE[hidden_game](client)
    table_id = FINISH[finished_game](client)
    with db.read() as session:
        after_hidden = [link for link in reading.links(session, before + 1)]
    first_hidden = min(link.seq for link in after_hidden if link.table == hidden.table)
    hashing_it = {link.digest for link in after_hidden if link.seq >= first_hidden}

    answers, html = read_every_way(client, table_id, finished_game)
    for reader, answer in answers.items():
        links = answer[GAMES_KEY[finished_game]][0]["links"]
        assert min(link["seq"] for link in links) > first_hidden, reader  # the finished game's links come after
        assert [(link["digest"], link["digest_withheld"]) for link in links] == [(None, "in_play")] * len(links)
        assert answer["chain"]["withheld_from"] == first_hidden, reader
        assert not [digest for digest in hashing_it if digest in str(answer)], reader
    assert not [digest for digest in hashing_it if digest in html]
    assert html.count('data-withheld="in_play"') == len(links) and "data-digest" not in html
    assert "Withheld while a game in play" in html

    hidden.open()
    answers, html = read_every_way(client, table_id, finished_game)
    with db.read() as session:
        stored = {link.seq: link for link in reading.links(session, first_hidden)}
    for reader, answer in answers.items():
        assert answer["chain"]["withheld_from"] is None, reader
        links = answer[GAMES_KEY[finished_game]][0]["links"]
        for link in links:
            kept = stored[link["seq"]]
            assert link["digest_withheld"] is None and link["digest"] == kept.digest, reader
            assert kept.computed_digest() == link["digest"]  # the link follows from its row and the one before
            assert kept.prev == stored[link["seq"] - 1].digest  # the digest hashing the opened game's cards
    assert re.findall(r'data-digest="([0-9a-f]{64})"', html) == [link["digest"] for link in links]
    assert "data-withheld" not in html
    assert audit.verify(db).ok


def test_the_same_table_s_earlier_hand_corrected_while_the_next_is_held_shows_no_digest_until_it_opens(
        signed_in, app):
    """On a squeeze table hand 2 is held when the pit boss corrects hand 1: the correction's links come after
    the held hand's, so hand 1's proof withholds them (and only them) until hand 2 is opened."""
    client, db = Client(signed_in), app.extensions["roadsvc.db"]
    table_id = client.table("Squeeze S", "baccarat", {"mode": "squeeze"})
    for number, cards in ((1, ["4S", "KD", "3H", "9C"]), (2, ["9S", "3D", "KC", "4H"])):
        assert client.post(f"/api/v1/tables/{table_id}/hands", {"cards": cards}).status_code == 201
        if number == 1:
            assert client.post(f"/api/v1/tables/{table_id}/hands/1/open", {}).status_code == 201
    shoe = client.get(f"/api/v1/tables/{table_id}/shoes", role="pitboss").json[0]["id"]
    fixed = {"hand": {"cards": ["9S", "2D", "KH", "3C"]}, "reason": "misread card"}
    assert client.post(f"/api/v1/shoes/{shoe}/hands/1/correct", fixed, role="pitboss").status_code == 200
    with db.read() as session:
        held = min(link.seq for link in reading.links(session) if link.table == "held_hands" and link.op == "insert"
                   and '"number":2' in link.row)
    url = f"/api/v1/tables/{table_id}/recall?shoe={shoe}&hand=1"
    for role in ("pitboss", "admin", None):
        links = client.get(url, role=role).json["hands"][0]["links"]
        assert {link["digest"] is None for link in links if link["seq"] > held} == {True}
        assert all(len(link["digest"]) == 64 for link in links if link["seq"] < held)
        assert [link["digest_withheld"] for link in links] == [None if link["seq"] < held else "in_play"
                                                                for link in links]
    page = client.pages.client.get(f"/floor/tables/{table_id}/recall?shoe={shoe}&hand=1").get_data(as_text=True)
    assert page.count('data-withheld="in_play"') == len([link for link in links if link["seq"] > held]) > 0
    assert client.post(f"/api/v1/tables/{table_id}/hands/2/open", {}).status_code == 201
    links = client.get(url, role=None).json["hands"][0]["links"]
    with db.read() as session:
        assert [link["digest"] for link in links] == [reading.link_at(session, link["seq"]).digest for link in links]
