"""The match: levels move after each deal, who deals next, and how the match ends (with a controlled clock)."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest
from dabang_support import cards, deal_cards, draw_with_hands, shuffled_codes

from roadsvc.domain.dabang.declaring_phase import Redeal
from roadsvc.domain.dabang.draw import parse_draw
from roadsvc.domain.dabang.match import Match
from roadsvc.domain.dabang.play_phase import Playing
from roadsvc.domain.errors import DomainError

START = datetime(2026, 11, 25, 2, 0, tzinfo=timezone.utc)
# Dealer seat 1 (team A). Trick 1: B takes 90 points with the AH 三联; trick 2 is won by the declarers (保底).
BAO_DI = {1: "KH KH KH AC", 2: "AH AH AH 4C", 3: "KD KD KD 6C", 4: "10D 10D 10D 7C"}
# The same, but B wins the last trick with a trump over 100 points: 抠底 and 120 or more.
KOU_DI = {1: "KH KH KH 4C", 2: "AH AH AH 2S", 3: "KD KD KD 6C", 4: "10D 10D 10D 10C"}


def match_at(hands, levels=(3, 3), bottom="5C 5C 4C 6C 7C 8C") -> Match:
    cards_ = deal_cards(hands, bottom, level=levels[0], dealer=1)
    return Match(START, level_pair=levels, dealer_seat=1, current=Playing.begin(cards_))


def play_out(match: Match, now=START) -> Match:
    while isinstance(match.current, Playing):
        phase = match.current
        hand = phase.cards.hand(phase.seat)
        led = phase.current[0].cards if phase.current else None
        want = len(led) if led else 3 if hand.count(hand[0]) == 3 else 1
        suit = phase.cards.order.suit
        follow = [c for c in hand if led and suit(c) == suit(led[0])] or list(hand)
        match = match.play(phase.seat, (follow if led else list(hand))[:want], now=now)
    return match


def test_bao_di_under_120_the_declarers_level_up_and_the_partner_deals_next():
    match = play_out(match_at(BAO_DI))
    assert match.levels == {"A": 4, "B": 3} and match.dealer_seat == 3 and match.holder == "A"
    assert match.next_blood == 3 and match.deals[-1].levels_after == (4, 3) and match.current is None
    assert match.deal_start().level == 4 and match.deal_start().dealer_seat == 3


def test_kou_di_at_120_the_scorers_level_up_and_the_last_dealers_lower_seat_deals():
    match = play_out(match_at(KOU_DI))
    assert match.deals[-1].end.score.points == 100 + 20
    assert match.levels == {"A": 3, "B": 4} and match.dealer_seat == 2 and match.holder == "B"


def test_a_level_passing_ten_wins_the_match():
    match = play_out(match_at(BAO_DI, levels=(10, 7)))
    assert (match.winner, match.reason) == ("A", "passed_ten") and match.levels["A"] == 11
    with pytest.raises(DomainError) as refused:
        match.start_deal(parse_draw(shuffled_codes(1), 3))
    assert refused.value.code == "match_over"


def test_time_limit_the_deal_in_progress_finishes_then_the_higher_level_wins():
    late = START + timedelta(minutes=91)
    match = play_out(match_at(BAO_DI), now=late)
    assert (match.winner, match.reason) == ("A", "time_limit")


def test_time_limit_at_equal_levels_play_goes_on():
    late = START + timedelta(minutes=91)
    match = play_out(match_at(BAO_DI, levels=(3, 4)), now=late)
    assert match.levels == {"A": 4, "B": 4} and match.winner is None
    assert match.time_up(late + timedelta(hours=1)).winner is None


def test_time_up_between_deals_ends_the_match_when_levels_differ():
    match = play_out(match_at(BAO_DI))
    assert match.time_up(START + timedelta(minutes=89)).winner is None
    assert match.time_up(START + timedelta(minutes=90)).reason == "time_limit"
    in_deal = match_at(BAO_DI, levels=(5, 3))
    assert in_deal.time_up(START + timedelta(hours=2)) == in_deal  # the deal under way finishes first


def test_moves_belong_to_their_phase():
    match = match_at(BAO_DI)
    for move in (lambda: match.bury(1, cards("4C")), lambda: match.declare(1, cards("3S"), 4),
                 lambda: match.end_declaring(), lambda: match.bury_jokers(2, [], [])):
        with pytest.raises(DomainError) as refused:
            move()
        assert refused.value.code == "wrong_phase"
    with pytest.raises(DomainError) as busy:
        match.start_deal(parse_draw(shuffled_codes(1), 1))
    assert busy.value.code == "deal_in_progress"


def test_a_later_deal_is_drawn_from_its_dealer():
    match = play_out(match_at(BAO_DI))
    with pytest.raises(DomainError) as refused:
        match.start_deal(parse_draw(shuffled_codes(1), 1))
    assert refused.value.code == "wrong_first_drawer" and refused.value.field == "first_drawer"
    started = match.start_deal(parse_draw(shuffled_codes(1), 3))
    assert started.current.start.number == 2 and started.current.start.blood == 3


def test_a_redeal_is_recorded_and_the_same_dealer_draws_again():
    match = play_out(match_at(BAO_DI))
    draw = draw_with_hands({}, cards("SJ SJ SJ BJ BJ BJ"), first_drawer=3)
    after = match.start_deal(draw).end_declaring(cards("SJ SJ SJ BJ BJ BJ"))
    assert isinstance(after.deals[-1].end, Redeal) and after.current is None and after.dealer_seat == 3
    assert after.start_deal(parse_draw(shuffled_codes(2), 3)).current.start.number == 3
