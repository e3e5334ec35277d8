"""Recall of every deal of a whole 打棒 match (random legal moves through the API, a domain copy beside): each deal,
replayed alone from what the earlier deals left (levels, the 打家, the blood), recalls the copy's trump, tribute,
bottom, tricks and road entry. Both databases."""

from __future__ import annotations

import random
from datetime import datetime, timezone

import pytest
from dabang_api import PLAYERS, new_table
from dabang_match_play import ROUTES, apply_move, next_move

from roadsvc.api.dabang import CLOCK
from roadsvc.domain.dabang.declaring_phase import Redeal
from roadsvc.domain.dabang.match import Match
from roadsvc.domain.dabang.road import deal_entry

SEED = 15  # three deals, two of them after a tribute (test_dabang_api_whole_matches.py)
START = datetime(2026, 11, 25, 2, 0, tzinfo=timezone.utc)


@pytest.fixture(autouse=True)
def stopped_clock(app):
    app.extensions[CLOCK] = lambda: START


def codes(cards) -> list[str]:
    return [card.code for card in cards]


def test_every_deal_of_a_whole_match_recalls_what_the_domain_played(api):
    table_id = new_table(api)["id"]
    match_id = api.post(f"/api/v1/tables/{table_id}/matches", {"players": PLAYERS}, role="pitboss").json["id"]
    rng, mirror = random.Random(SEED), Match.start(START)
    while not mirror.over:
        kind, data = next_move(mirror, rng, SEED)
        url = f"/api/v1/matches/{match_id}/" + ROUTES[kind].format(n=mirror.next_number)
        assert api.post(url, data, role="dealer").status_code in (200, 201)
        mirror = apply_move(mirror, kind, data, START)
    answer = api.get(f"/api/v1/tables/{table_id}/recall", role="display", query_string={"last": 50})
    assert answer.status_code == 200, answer.json
    recalled = list(reversed(answer.json["deals"]))
    assert [deal["deal"] for deal in recalled] == list(range(1, len(mirror.deals) + 1))
    tributes = 0
    for deal, record in zip(recalled, mirror.deals):
        assert deal["result"] == deal_entry(record)
        if isinstance(record.end, Redeal):
            assert deal["status"] == "redealt" and deal["tricks"] == []
            continue
        cards = record.end.cards
        assert deal["status"] == "finished" and deal["trump"] == cards.order.trump
        assert deal["dealer_seat"] == cards.dealer_seat and deal["buried"] == codes(cards.bottom)
        assert deal["tribute"]["count"] == len(cards.tribute) and deal["tribute"]["cards"] == codes(cards.tribute)
        assert deal["tribute"]["returned_cards"] == codes(cards.returned)
        assert [[(p["seat"], p["cards"]) for p in trick["plays"]] for trick in deal["tricks"]] == [
            [(play.seat, codes(play.cards)) for play in trick.plays] for trick in record.end.tricks]
        assert [trick["winner"] for trick in deal["tricks"]] == [trick.winner for trick in record.end.tricks]
        tributes += bool(cards.tribute)
    assert tributes >= 1
