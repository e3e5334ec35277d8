"""Play: leads, following (死棒 with and without a 三联), trumping, equal cards, trick winners and points."""

from __future__ import annotations

import pytest
from dabang_support import cards, deal_cards

from roadsvc.domain.dabang.play_phase import Finished, Playing
from roadsvc.domain.errors import DomainError


def playing(hands: dict, **kw) -> Playing:
    """Seats not written hold a few diamonds, so tricks do not end early."""
    filled = {seat: hands.get(seat, "JD JD JD QD") for seat in (1, 2, 3, 4)}
    return Playing.begin(deal_cards(filled, "4C 4C 6D 7D 8D 9D", **kw))


def refused(phase, seat, text) -> str:
    with pytest.raises(DomainError) as error:
        phase.play(seat, cards(text))
    return error.value.code


def after(phase, *plays):
    for seat, text in plays:
        phase = phase.play(seat, cards(text))
    return phase


@pytest.mark.parametrize("lead", ["AH", "AH AH", "AH AH AH"])
def test_a_lead_is_a_single_a_bang_or_a_sanlian(lead):
    phase = playing({1: "AH AH AH QH"}).play(1, cards(lead))
    assert phase.current[0].cards == tuple(cards(lead)) and phase.seat == 2


@pytest.mark.parametrize("lead", ["AH QH", "AH AH QH", "3S 3H", "AH AH AH QH"])
def test_no_sequences_mixed_pairs_or_several_combinations(lead):
    assert refused(playing({1: "AH AH AH QH 3S 3H"}), 1, lead) == "invalid_lead"


def test_turn_and_hand_are_checked_first():
    phase = playing({1: "AH", 2: "KH KH"})
    assert refused(phase, 2, "KH") == "not_your_turn"
    assert refused(phase, 1, "QH") == "not_in_hand"
    assert refused(phase.play(1, cards("AH")), 2, "KH KH") == "wrong_count"


def test_follow_the_led_suit_while_holding_it():
    phase = playing({1: "AH", 2: "4H 9C 2S", 3: "9C"}).play(1, cards("AH"))
    assert refused(phase, 2, "9C") == "must_follow_suit"
    assert refused(phase, 2, "2S") == "must_follow_suit"  # a trump is no heart
    assert after(phase, (2, "4H"), (3, "9C")).seat == 4


def test_trumps_are_one_suit_for_following():
    # level 3, spades trump: 3H, 2C and BJ all follow a trump lead
    phase = playing({1: "4S", 2: "3H 7H", 3: "2C 4H", 4: "BJ AD"}).play(1, cards("4S"))
    assert refused(phase, 2, "7H") == "must_follow_suit"
    phase = after(phase, (2, "3H"), (3, "2C"), (4, "BJ"))
    assert phase.tricks[-1].winner == 4


def test_a_bang_led_forces_a_bang_of_the_suit():
    phase = playing({1: "AH AH", 2: "4H 4H 9H QC"}).play(1, cards("AH AH"))
    assert refused(phase, 2, "4H 9H") == "must_play_bang"
    assert after(phase, (2, "4H 4H")).seat == 3


def test_without_a_bang_two_cards_of_the_suit():
    phase = playing({1: "AH AH", 2: "4H 9H QC"}).play(1, cards("AH AH"))
    assert refused(phase, 2, "4H QC") == "must_follow_suit"
    assert after(phase, (2, "4H 9H")).seat == 3


def test_a_sanlian_is_not_a_bang_and_need_not_be_broken():
    phase = playing({1: "AH AH", 2: "4H 4H 4H 9H 6H"}).play(1, cards("AH AH"))
    assert after(phase, (2, "9H 6H")).seat == 3
    assert after(phase, (2, "4H 4H")).seat == 3  # breaking it to play a 棒 is allowed


def test_a_sanlian_led_forces_a_sanlian_then_a_bang_and_a_single():
    phase = playing({1: "AH AH AH", 2: "4H 4H 4H 9H", 3: "6H 6H 7H 8H", 4: "5H 7H 8H"}).play(1, cards("AH AH AH"))
    assert refused(phase, 2, "4H 4H 9H") == "must_play_sanlian"
    phase = phase.play(2, cards("4H 4H 4H"))
    assert refused(phase, 3, "6H 7H 8H") == "must_play_bang"
    phase = phase.play(3, cards("6H 6H 8H"))
    assert after(phase, (4, "5H 7H 8H")).tricks[-1].winner == 1


def test_forced_sets_apply_only_with_enough_cards_of_the_suit():
    phase = playing({1: "AH AH AH", 2: "4H 4H QC 9D"}).play(1, cards("AH AH AH"))
    assert refused(phase, 2, "4H QC 9D") == "must_follow_suit"
    assert after(phase, (2, "4H 4H 9D")).seat == 3


def test_a_trump_play_of_the_led_shape_beats_any_plain_play():
    phase = playing({1: "AH AH", 2: "4S 4S", 3: "KH KH", 4: "3S 3S"})
    phase = after(phase, (1, "AH AH"), (2, "4S 4S"), (3, "KH KH"))
    assert after(phase, (4, "3S 3S")).tricks[-1].winner == 4  # the trump suit's 混牌 pair over the 4S pair


def test_a_play_not_of_the_led_shape_cannot_win():
    phase = playing({1: "9H 9H", 2: "BJ SJ", 3: "4H 4H", 4: "6C 6C"})
    done = after(phase, (1, "9H 9H"), (2, "BJ SJ"), (3, "4H 4H"), (4, "6C 6C"))
    assert done.tricks[-1].winner == 1


def test_equal_cards_the_first_played_wins_and_a_later_stronger_one_overtakes():
    phase = playing({1: "7H", 2: "3C", 3: "3D", 4: "3S"})
    done = after(phase, (1, "7H"), (2, "3C"), (3, "3D"), (4, "3S"))
    assert done.tricks[-1].winner == 4  # the trump suit's 混牌 over the other 混牌
    phase = playing({1: "7H", 2: "3C", 3: "3D", 4: "2C"})
    assert after(phase, (1, "7H"), (2, "3C"), (3, "3D"), (4, "2C")).tricks[-1].winner == 2


def test_the_winner_takes_the_points_and_leads_the_next_trick():
    phase = playing({1: "5H 4D", 2: "KH 4D", 3: "AH 4D", 4: "10H 4D"})
    phase = after(phase, (1, "5H"), (2, "KH"), (3, "AH"), (4, "10H"))
    assert phase.tricks[-1].winner == 3 and phase.tricks[-1].points == 25 and phase.seat == 3
    assert phase.points_by_team() == {"A": 25, "B": 0}


def test_the_last_card_played_finishes_and_scores_the_deal():
    phase = playing({1: "AH", 2: "KH", 3: "4H", 4: "5H"}, dealer=1)
    done = after(phase, (1, "AH"), (2, "KH"), (3, "4H"), (4, "5H"))
    assert isinstance(done, Finished) and not done.score.kou_di and done.score.trick_points == 0


def test_a_sanlian_ranks_as_its_card_three_big_jokers_over_three_small_over_three_trump_level_cards():
    phase = playing({1: "3S 3S 3S", 2: "SJ SJ SJ", 3: "BJ BJ BJ", 4: "3H 3H 3H"})
    done = after(phase, (1, "3S 3S 3S"), (2, "SJ SJ SJ"), (3, "BJ BJ BJ"), (4, "3H 3H 3H"))
    assert done.tricks[-1].winner == 3
    phase = playing({1: "3H 3H 3H", 2: "3S 3S 3S", 3: "2S 2S 2S", 4: "SJ SJ SJ"})
    assert after(phase, (1, "3H 3H 3H"), (2, "3S 3S 3S"), (3, "2S 2S 2S")).tricks == ()
    assert after(phase, (1, "3H 3H 3H"), (2, "3S 3S 3S"), (3, "2S 2S 2S"), (4, "SJ SJ SJ")).tricks[-1].winner == 4


def test_a_bang_ranks_as_its_card_and_a_sanlian_holder_with_a_bang_must_play_the_bang():
    phase = playing({1: "AS AS", 2: "3S 3S", 3: "3H 3H", 4: "2S 2S"})
    done = after(phase, (1, "AS AS"), (2, "3S 3S"), (3, "3H 3H"), (4, "2S 2S"))
    assert done.tricks[-1].winner == 2  # the trump suit's 混牌 over the other 混牌 and the 2s
    phase = playing({1: "AH AH", 2: "4H 4H 4H 9H 9H 6H"}).play(1, cards("AH AH"))
    assert refused(phase, 2, "4H 6H") == "must_play_bang"
    assert after(phase, (2, "9H 9H")).seat == 3 and after(phase, (2, "4H 4H")).seat == 3
