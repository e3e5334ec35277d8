"""Random legal games played to the end through the domain: the rules' invariants hold at every step."""

from __future__ import annotations

import random
from collections import Counter
from datetime import datetime, timezone

from dabang_support import first_big_joker, legal_follow, legal_lead, shuffled_codes, turn_up_sequence
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from roadsvc.domain.cards import BIG_JOKER, SMALL_JOKER
from dabang_match_play import Tally, apply_move, at_trick_start, hand_sizes, next_move

from roadsvc.domain.dabang.bottom_phase import Burying, BuryingJokers
from roadsvc.domain.dabang.declaring_phase import Redeal
from roadsvc.domain.dabang.draw import parse_draw
from roadsvc.domain.dabang.match import Match
from roadsvc.domain.dabang.order import points
from roadsvc.domain.dabang.play_phase import Playing
from roadsvc.domain.errors import DomainError

START = datetime(2026, 11, 25, 2, 0, tzinfo=timezone.utc)


def bottom_moves(match: Match, rng: random.Random) -> Match:
    """The 打家 buries six random cards (大王 first), the others pass or bury a joker when they may."""
    while isinstance(match.current, (Burying, BuryingJokers)):
        phase = match.current
        if isinstance(phase, Burying):
            hand = list(phase.cards.hand(phase.cards.dealer_seat) + phase.cards.bottom)
            buried = rng.sample([c for c in hand if not c.is_joker], 6)
            if BIG_JOKER in hand and rng.random() < 0.5:
                buried[0] = BIG_JOKER
            match = match.bury(phase.cards.dealer_seat, buried)
        else:
            match = match.bury_jokers(phase.seat, *joker_choice(phase, rng))
    return match


def joker_choice(phase: BuryingJokers, rng: random.Random):
    hand, order = phase.cards.hand(phase.seat), phase.cards.order
    joker = BIG_JOKER if BIG_JOKER in hand else SMALL_JOKER if SMALL_JOKER in hand else None
    if joker is None or rng.random() < 0.5:
        return [], []
    takeable = [c for c in phase.cards.bottom if not c.is_joker and points(c) == 0]
    smallest = min(takeable, key=lambda c: (order.is_trump(c), order.strength(c)))
    return [joker], [smallest]


def declare_or_draw(match: Match, rng: random.Random) -> Match:
    """Later deals: the first seat to draw a 混牌 declares it (sometimes), else a card from the bottom."""
    phase = match.current
    level = phase.start.level
    for index, card in enumerate(phase.draw.cards[:156]):
        if card.rank == level and not card.is_joker and rng.random() < 0.7:
            return match.declare(phase.draw.drawer_of(index), [card], index + 1).end_declaring()
    bottom = phase.draw.bottom
    drawn = []
    for card in rng.sample(list(bottom), len(bottom)):
        drawn.append(card)
        if not card.is_joker:
            break
    return match.end_declaring(drawn)


def try_refused(match: Match, rng: random.Random) -> None:
    """A random play that the rules refuse leaves the match exactly as it was."""
    phase = match.current
    hand = phase.cards.hand(phase.seat)
    seat = rng.choice([1, 2, 3, 4])
    attempt = rng.sample(list(hand), min(len(hand), rng.randint(1, 3)))
    before = match
    try:
        match.play(seat, attempt)
    except DomainError as refused:
        assert refused.code in {"not_your_turn", "not_in_hand", "invalid_lead", "wrong_count", "must_follow_suit",
                                "must_play_bang", "must_play_sanlian"}
    assert match == before and match.current is phase


def play_deal(match: Match, rng: random.Random) -> Match:
    seen = Counter()
    while isinstance(match.current, Playing):
        phase = match.current
        hand = phase.cards.hand(phase.seat)
        cards = legal_follow(hand, phase.current[0].cards, phase.cards.order, rng) if phase.current else \
            legal_lead(hand, rng)
        if rng.random() < 0.2:
            try_refused(match, rng)
        match = match.play(phase.seat, cards, now=START)
        seen.update(cards)
    return match, seen


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), first=st.sampled_from([1, 2, 3, 4]), qiangliang=st.booleans())
def test_random_legal_deals_play_to_the_end_with_every_card_once_and_300_points(seed, first, qiangliang):
    rng = random.Random(seed)
    draw = parse_draw(shuffled_codes(seed), first)
    match = Match.start(START).start_deal(draw)
    shown = first_big_joker(draw)
    if qiangliang and shown:
        match = match.declare(shown[0], [BIG_JOKER], shown[1]).end_declaring()
    else:
        match = match.end_declaring(turn_up_sequence(draw.bottom, 3))
    if match.deals:
        assert isinstance(match.deals[-1].end, Redeal)
        return
    match, seen = play_deal(bottom_moves(match, rng), rng)
    end = match.deals[-1].end
    played = Counter(card for trick in end.tricks for play in trick.plays for card in play.cards)
    assert played == seen and sum(played.values()) + len(end.cards.bottom) == 162
    assert played + Counter(end.cards.bottom) == Counter(c for c in parse_draw(shuffled_codes(seed), first).cards)
    trick_total = sum(trick.points for trick in end.tricks)
    bottom_points = sum(points(card) for card in end.cards.bottom)
    assert trick_total + bottom_points == 300
    score = end.score
    assert score.points == score.trick_points + (2 * bottom_points if score.kou_di else 0)


WHOLE_MATCHES = 12  # whole matches played to their end in the domain in CI (seeded: the same every run)
MAX_DEALS = 60


def play_whole_match(seed: int, tally: Tally) -> Match:
    """A whole match of random legal moves, checking at every trick that the four hands are equal."""
    rng, match = random.Random(seed), Match.start(START)
    while not match.over and match.next_number <= MAX_DEALS:
        kind, data = next_move(match, rng, seed)
        levels = match.level_pair
        match = apply_move(match, kind, data, START)
        if at_trick_start(match):
            assert len(set(hand_sizes(match))) == 1, (seed, match.next_number, hand_sizes(match))
        if isinstance(match.current, Playing) and not match.current.tricks and not match.current.current:
            assert hand_sizes(match) == [39, 39, 39, 39]
        if match.current is None and kind != "deal":
            tally.deal_over(match)
            assert all(after >= was for after, was in zip(match.level_pair, levels))
            end = match.deals[-1].end
            if hasattr(end, "score"):
                assert sum(t.points for t in end.tricks) + sum(points(c) for c in end.cards.bottom) == 300
                assert all(len(trick.plays) == 4 for trick in end.tricks)
    tally.matches += 1
    return match


def test_whole_matches_keep_hands_equal_and_the_scorers_can_kou_di_after_a_tribute():
    tally = Tally()
    for seed in range(WHOLE_MATCHES):
        match = play_whole_match(seed, tally)
        if match.over:
            assert match.reason in {"passed_ten", "zero_points", "three_jokers", "four_hundred_points"}
            assert match.reason != "passed_ten" or match.levels[match.winner] > 10
    assert tally.tribute_deals > 20, vars(tally)
    assert 0 < tally.kou_di_after_tribute < tally.tribute_deals, vars(tally)  # either team can win the last trick
