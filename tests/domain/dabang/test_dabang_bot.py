"""The demo's 打棒 bot (roadsvc/domain/dabang/bot.py): whole matches played by it, every move one the rules
accept, every kind of move made, the match ending by a rule; its follows keep 死棒; the same seed plays the
same match."""

from __future__ import annotations

import random
from collections import Counter
from datetime import datetime, timezone

import pytest
from dabang_support import deal_cards

from roadsvc.domain.dabang.bot import next_move
from roadsvc.domain.dabang.draw import parse_draw
from roadsvc.domain.dabang.match import Match
from roadsvc.domain.dabang.moves import MOVES, apply_move
from roadsvc.domain.dabang.play_phase import Playing
from roadsvc.domain.dabang.tricks import Play
from roadsvc.domain.errors import DomainError

START = datetime(2026, 11, 27, 20, 0, tzinfo=timezone.utc)
ENDINGS = {"passed_ten", "zero_points", "four_hundred_points", "three_jokers"}


def played(match: Match, kind: str, data: dict) -> Match:
    if kind == "deal":
        return match.start_deal(parse_draw(data["draw"], data["first_drawer"]))
    return apply_move(match, kind, data)


def whole_match(seed: int, limit: int = 60) -> tuple[Match, list[tuple[str, dict]]]:
    rng, match, moves = random.Random(seed), Match.start(START), []
    while not match.over and match.next_number <= limit:
        kind, data = next_move(match, rng)
        match = played(match, kind, data)  # a refusal would raise here
        moves.append((kind, data))
    return match, moves


@pytest.mark.parametrize("seed", [1, 2])
def test_the_bot_plays_a_whole_match_to_its_end_with_moves_the_rules_accept(seed):
    match, moves = whole_match(seed)
    assert match.over and match.reason in ENDINGS and match.winner in ("A", "B"), match.outcome
    kinds = Counter(kind for kind, _ in moves)
    assert set(kinds) == {"deal", *MOVES}  # a draw, 亮主, the trump, 还贡, the bury, the joker turns, plays
    deals = [record.end for record in match.deals if hasattr(record.end, "score")]
    assert kinds["play"] == sum(len(play.cards) > 0 for deal in deals for trick in deal.tricks for play in trick.plays)
    assert all(len(trick.plays) == 4 for deal in deals for trick in deal.tricks)
    assert any(deal.cards.tribute for deal in deals) and kinds["tribute_return"] == sum(
        bool(deal.cards.tribute) for deal in deals)
    leads = Counter(len(trick.plays[0].cards) for deal in deals for trick in deal.tricks)
    assert leads[1] and leads[2] and leads[3]  # singles, 棒 and 三联 led
    if match.reason == "passed_ten":
        assert max(match.level_pair) > 10


def test_the_same_seed_plays_the_same_match():
    assert whole_match(5, limit=2)[1] == whole_match(5, limit=2)[1]


def test_a_follow_on_a_bang_plays_the_bang_held_in_the_suit_high_or_low():
    """死棒: seat 2 holds a 棒 of hearts among its hearts; the lowest two (4H 5H) would be refused."""
    hands = {1: "AH AH 9C 9D", 2: "4H 5H 7H 7H QH 3C", 3: "6C 6C 8C 8D", 4: "3D 4D 5D 6D"}
    lead = Playing.begin(deal_cards(hands)).play(1, [card for card in deal_cards(hands).hand(1)[:2]])
    match = Match(START, level_pair=(3, 3), dealer_seat=1, current=lead)
    assert isinstance(match.current, Playing) and match.current.current == (Play(1, lead.current[0].cards),)
    for seed in range(12):  # low and high follows both
        kind, data = next_move(match, random.Random(seed))
        assert (kind, data) == ("play", {"seat": 2, "cards": ["7H", "7H"]})


def test_a_seat_out_of_the_led_suit_plays_all_it_has_of_it_and_any_other_cards():
    hands = {1: "AH AH AH 9C", 2: "4H 3C 3D 9S 2C", 3: "6C 6C 8C 8D", 4: "3D 4D 5D 6D"}
    lead = Playing.begin(deal_cards(hands)).play(1, [card for card in deal_cards(hands).hand(1)[:3]])
    kind, data = next_move(Match(START, dealer_seat=1, current=lead), random.Random(0))
    assert kind == "play" and data["seat"] == 2 and "4H" in data["cards"] and len(data["cards"]) == 3


def test_the_bot_makes_no_move_on_a_finished_match():
    match, _ = whole_match(1)
    with pytest.raises(DomainError) as refused:
        next_move(match, random.Random(0))
    assert refused.value.code == "match_over"
