"""Whole matches through the API, on SQLite and PostgreSQL: random legal moves (tests/dabang_match_play.py)
posted one by one while a domain copy of the match takes the same moves. At every trick the four hands are
equal (the tribute is given back); the bottom the answers show is the bottom on the table; every deal's road
entry is the copy's; and the scorers win the last trick (抠底) in a deal after a tribute."""

from __future__ import annotations

import random
from datetime import datetime, timezone

import pytest
from dabang_api import PLAYERS, new_table, state
from dabang_match_play import ROUTES, Tally, apply_move, at_trick_start, next_move

from roadsvc.api.dabang import CLOCK
from roadsvc.domain.dabang.bottom_phase import TributeReturn
from roadsvc.domain.dabang.match import Match
from roadsvc.domain.dabang.road import deal_entry
from roadsvc.services.events import events_after

# One whole match per database in CI (about 600 requests: 3 deals, 2 of them after a tribute, both 抠底);
# tests/domain/dabang/test_dabang_random_games.py plays twelve in the domain alone.
SEEDS = (15,)
START = datetime(2026, 11, 25, 2, 0, tzinfo=timezone.utc)


@pytest.fixture(autouse=True)
def stopped_clock(app):
    """The matches' clock stands still: two reads of a match differ only if the match changed."""
    app.extensions[CLOCK] = lambda: START


def _post(api, match_id: int, number: int, kind: str, data: dict) -> dict:
    url = f"/api/v1/matches/{match_id}/" + ROUTES[kind].format(n=number)
    response = api.post(url, data, role="dealer")
    assert response.status_code in (200, 201), (kind, data, response.json)
    return response.json


def _check_answer(kind: str, answer: dict, mirror: Match) -> None:
    if kind in ("trump", "tribute_return") and mirror.current is not None:
        cards = mirror.current.cards
        assert answer["bottom"] == ([c.code for c in cards.bottom] if cards.bottom_shown else None)
        assert "returned_cards" not in answer["tribute"] and "cards" not in answer["tribute"]


def play_match_through_the_api(api, table_id: int, seed: int, tally: Tally) -> None:
    created = api.post(f"/api/v1/tables/{table_id}/matches", {"players": PLAYERS}, role="pitboss")
    match_id, rng, mirror = created.json["id"], random.Random(seed), Match.start(START)
    while not mirror.over:
        kind, data = next_move(mirror, rng, seed)
        number = mirror.next_number
        answer = _post(api, match_id, number, kind, data)
        mirror = apply_move(mirror, kind, data, START)
        _check_answer(kind, answer, mirror)
        if at_trick_start(mirror):
            counts = state(api, match_id, "display")["current_deal"]["hand_counts"]
            assert len(set(counts.values())) == 1, (seed, number, counts)
        if mirror.current is None and kind != "deal":
            tally.deal_over(mirror)
            assert answer["result"] == deal_entry(mirror.deals[-1])
    final = state(api, match_id, "display")
    assert (final["winner"], final["reason"], final["levels"]) == (mirror.winner, mirror.reason, mirror.levels)
    tally.matches += 1


def test_whole_matches_through_the_api_keep_hands_equal_and_let_the_scorers_kou_di_after_a_tribute(api):
    table_id, tally = new_table(api)["id"], Tally()
    for seed in SEEDS:
        play_match_through_the_api(api, table_id, seed, tally)
    assert tally.matches == 1 and tally.tribute_deals == 2 and tally.kou_di_after_tribute >= 1, vars(tally)


def _to_the_tribute_return(api, seed: int = 15) -> tuple[int, int, Match]:
    """A match played (through the API) up to its first tribute to give back."""
    table_id = new_table(api)["id"]
    match_id = api.post(f"/api/v1/tables/{table_id}/matches", {"players": PLAYERS}, role="pitboss").json["id"]
    rng, mirror = random.Random(seed), Match.start(START)
    while not isinstance(mirror.current, TributeReturn):
        kind, data = next_move(mirror, rng, seed)
        _post(api, match_id, mirror.next_number, kind, data)
        mirror = apply_move(mirror, kind, data, START)
    return match_id, mirror.next_number, mirror


def test_the_tribute_is_given_back_by_the_dealer_and_only_the_dealer_and_pit_boss_see_its_cards(api, app):
    match_id, number, mirror = _to_the_tribute_return(api)
    cards, url = mirror.current.cards, f"/api/v1/matches/{match_id}/deals/{number}"
    dealer, count = cards.dealer_seat, len(cards.tribute)
    giver = (dealer + 2) % 4 + 1  # the 打家's 上家
    hand = [c.code for c in cards.hand(dealer)]
    before = state(api, match_id, "pitboss")
    assert before["current_deal"]["phase"] == "tribute_return" and before["current_deal"]["turn"] == dealer
    public = state(api, match_id, "display")["current_deal"]
    assert public["bottom"] is None and public["dry_pot"] is None and public["tribute"]["count"] == count
    assert public["hand_counts"][str(dealer)] == 39 + count and public["hand_counts"][str(giver)] == 39 - count
    not_held = next(code for code in ("AS", "AH", "AC", "AD", "KS", "QS", "JS") if code not in hand)
    for path, body, status, code in (
        ("tribute-return", {"seat": dealer, "cards": hand[:count + 1]}, 422, "wrong_count"),
        ("tribute-return", {"seat": dealer, "cards": []}, 422, "wrong_count"),
        ("tribute-return", {"seat": dealer, "cards": [not_held] + hand[:count - 1]}, 422, "not_in_hand"),
        ("tribute-return", {"seat": giver, "cards": hand[:count]}, 422, "invalid_seat"),
        ("bury", {"seat": dealer, "cards": hand[:6]}, 409, "wrong_phase"),
        ("plays", {"seat": dealer, "cards": hand[:1]}, 409, "wrong_phase"),
        ("bury-jokers", {"seat": giver, "jokers": [], "take": []}, 409, "wrong_phase"),
    ):
        response = api.post(f"{url}/{path}", body, role="dealer")
        assert (response.status_code, response.json["code"]) == (status, code), (path, body, response.json)
    assert state(api, match_id, "pitboss") == before
    given = hand[-count:]
    answer = api.post(f"{url}/tribute-return", {"seat": dealer, "cards": given}, role="dealer").json
    assert answer["tribute"] == {"from_seat": giver, "to_seat": dealer, "blood": cards.blood, "count": count,
                                 "returned": True}
    bottom = [c.code for c in cards.bottom]
    assert answer["bottom"] == (bottom if mirror.current.shows_bottom else None)
    after = state(api, match_id, "display")["current_deal"]
    assert after["hand_counts"] == {"1": 39, "2": 39, "3": 39, "4": 39} and "returned_cards" not in after["tribute"]
    for role in ("dealer", "pitboss"):
        seen = state(api, match_id, role)["current_deal"]["tribute"]
        assert seen["returned_cards"] == given and seen["cards"] == [c.code for c in cards.tribute]
    [event] = [r.data for r in events_after(app.extensions["roadsvc.db"], 0) if r.data.get("kind") == "tribute_return"]
    assert event["bottom"] == answer["bottom"] and "returned_cards" not in event["tribute"]
