"""Driving a 打棒 deal through the API for the tests (api, web, jobs): a table, a match, and legal moves
read off the dealer's view of the state. `api` is any client with `get(url, role=)` and `post(url, json, role=)`."""

from __future__ import annotations

import random
import re

from dabang_play import first_big_joker, legal_follow, legal_lead, shuffled_codes

from roadsvc.domain.cards import parse_cards
from roadsvc.domain.dabang.draw import parse_draw
from roadsvc.domain.dabang.order import CardOrder

PLAYERS = {"1": "Li", "2": "Wang", "3": "Zhao", "4": "Chen"}
CARD_CODE = re.compile(r"(?<![\w-])(?:10|[2-9AJQK])[SHCD](?![\w-])|(?<![\w-])[BS]J(?![\w-])")


def card_codes(text: str) -> list[str]:
    """Every card code in a text (a page, a JSON body): a check for a leaked card."""
    return CARD_CODE.findall(text)


def new_table(api, name="Dabang 1", game="dabang") -> dict:
    response = api.post("/api/v1/tables", {"name": name, "rule_set": "classic", "game": game}, role="pitboss")
    assert response.status_code == 201, response.json
    return response.json


def new_match(api, table_id, minutes=90) -> dict:
    response = api.post(f"/api/v1/tables/{table_id}/matches", {"players": PLAYERS, "time_limit_minutes": minutes},
                        role="pitboss")
    assert response.status_code == 201, response.json
    return response.json


TEAMS = [{"name": name, "players": [f"{name} 1", f"{name} 2"]} for name in ("East", "West", "North")]


def bracket_match(api, tournament: str, table_name: str) -> tuple[dict, dict, dict]:
    """A tournament of TEAMS (three: one bye), and the match of its first ready slot started at a new table:
    (the bracket, that slot, the match as created)."""
    bracket = api.post("/api/v1/dabang/tournaments", {"name": tournament, "teams": TEAMS}, role="pitboss").json
    ready = next(slot for slot in bracket["rounds"][0] if slot["how"] != "bye")
    table_id = new_table(api, table_name)["id"]
    url = f"/api/v1/dabang/tournaments/{bracket['id']}/rounds/1/matches/{ready['index']}"
    response = api.post(url, {"table_id": table_id}, role="pitboss")
    assert response.status_code == 201, response.json
    return bracket, ready, response.json


def state(api, match_id, role="pitboss") -> dict:
    response = api.get(f"/api/v1/matches/{match_id}", role=role)
    assert response.status_code == 200, response.json
    return response.json


def first_big_joker_body(codes: list[str]) -> dict:
    """The first deal's 抢亮 declaration of a draw drawn from seat 1."""
    seat, at = first_big_joker(parse_draw(codes, 1))
    return {"seat": seat, "cards": ["BJ"], "at": at}


def return_tribute(api, match_id, number, role="dealer") -> dict:
    """The 打家 gives back the first cards of the hand (还贡); the answer."""
    deal = state(api, match_id, role)["current_deal"]
    dealer = deal["dealer_seat"]
    given = deal["hands"][str(dealer)][:deal["tribute"]["count"]]
    response = api.post(f"/api/v1/matches/{match_id}/deals/{number}/tribute-return", {"seat": dealer, "cards": given},
                        role=role)
    assert response.status_code == 200, response.json
    return response.json


def start_first_deal(api, match_id, seed: int, role="dealer") -> tuple[int, list[str]]:
    """Post a shuffled draw, declare the first 大王 (抢亮), end declaring. Returns (deal number, draw)."""
    codes = shuffled_codes(seed)
    response = api.post(f"/api/v1/matches/{match_id}/deals", {"draw": codes, "first_drawer": 1}, role=role)
    assert response.status_code == 201, response.json
    number = response.json["number"]
    url = f"/api/v1/matches/{match_id}/deals/{number}"
    declared = api.post(f"{url}/declarations", first_big_joker_body(codes), role=role)
    assert declared.status_code == 201, declared.json
    ended = api.post(f"{url}/trump", {}, role=role)
    assert ended.status_code == 200, ended.json
    return number, codes


def bury_and_pass(api, match_id, number, rng: random.Random, role="dealer") -> None:
    url = f"/api/v1/matches/{match_id}/deals/{number}"
    deal = state(api, match_id, role)["current_deal"]
    if deal["phase"] == "burying":
        hand = deal["hands"][str(deal["dealer_seat"])] + deal["bottom"]  # the bottom taken and six buried
        buried = rng.sample([code for code in hand if code not in ("BJ", "SJ")], 6)
        response = api.post(f"{url}/bury", {"seat": deal["dealer_seat"], "cards": buried}, role=role)
        assert response.status_code == 200, response.json
    while (deal := state(api, match_id, role)["current_deal"])["phase"] == "burying_jokers":
        response = api.post(f"{url}/bury-jokers", {"seat": deal["turn"], "jokers": [], "take": []}, role=role)
        assert response.status_code == 200, response.json


def next_legal_play(deal: dict, rng: random.Random) -> tuple[int, list[str]]:
    seat = deal["turn"]
    hand = parse_cards(deal["hands"][str(seat)], jokers=True)
    order = CardOrder(deal["level"], deal["trump"])
    trick = deal["current_trick"]
    if trick:
        chosen = legal_follow(hand, parse_cards(trick["plays"][0]["cards"], jokers=True), order, rng)
    else:
        chosen = legal_lead(hand, rng)
    return seat, [card.code for card in chosen]


def play_out(api, match_id, number, rng: random.Random, role="dealer") -> dict:
    """Every play to the end of the deal; the last play's answer."""
    url = f"/api/v1/matches/{match_id}/deals/{number}/plays"
    while (deal := state(api, match_id, role)["current_deal"]) is not None:
        seat, cards = next_legal_play(deal, rng)
        response = api.post(url, {"seat": seat, "cards": cards}, role=role)
        assert response.status_code == 201, response.json
        last = response.json
    return last


def whole_first_deal(api, match_id, seed: int, role="dealer") -> dict:
    rng = random.Random(seed)
    number, _ = start_first_deal(api, match_id, seed, role)
    bury_and_pass(api, match_id, number, rng, role)
    return play_out(api, match_id, number, rng, role)


def finish(db, match_id: int, winner: str, reason: str) -> None:
    """End the match as its last deal would (the service's own ending, with the bracket's advance)."""
    from roadsvc.persistence.models import DabangMatch
    from roadsvc.services.dabang import moves

    with db.write() as session:
        match = session.get(DabangMatch, match_id)
        match.winner, match.reason, match.ended_at = winner, reason, match.started_at
        moves.tournaments.match_ended(session, match)
