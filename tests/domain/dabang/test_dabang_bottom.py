"""The bottom: 干锅, the tribute (喝血), the 打家's bury and the other players' joker bury."""

from __future__ import annotations

import pytest
from dabang_support import cards, deal_cards, draw_with_hands

from roadsvc.domain.dabang.bottom import is_dry_pot, tribute
from roadsvc.domain.dabang.bottom_phase import Burying, BuryingJokers, TributeReturn, after_declaring
from roadsvc.domain.dabang.declaring_phase import DealStart, Declaring
from roadsvc.domain.dabang.order import CardOrder, points
from roadsvc.domain.dabang.play_phase import Playing
from roadsvc.domain.errors import DomainError


def refused(move) -> DomainError:
    with pytest.raises(DomainError) as error:
        move()
    return error.value


@pytest.mark.parametrize(("bottom", "dry"), [
    ("4H 6H 7C 8C 9D JD", True),  # no spade at all
    ("3S 3S 6H 7C 8C 9D", True),  # the trump suit's 混牌 do not count
    ("2S 6H 7C 8C 9D JD", False),  # the trump suit's 2 is a card of the suit
    ("4S 6H 7C 8C 9D JD", False),
    ("4S 2H 3C BJ SJ 9S", True),  # only trumps
])
def test_dry_pot_no_trump_suit_card_or_only_trumps(bottom, dry):
    assert is_dry_pot(cards(bottom), CardOrder(3, "S")) is dry


def test_the_tribute_is_the_largest_non_point_cards_one_at_a_time():
    order = CardOrder(5, "H")
    hand = cards("BJ 5H 5S KH 10H 2H AH 4C QC")
    assert [c.code for c in tribute(hand, 3, order)] == ["BJ", "2H", "AH"]  # 5s, 10s and Ks are never given
    assert [c.code for c in tribute(cards("5S KD 10C 4C"), 3, order)] == ["4C"]


def test_the_service_makes_the_tribute_from_the_dealers_upper_seat():
    draw = draw_with_hands({4: cards("BJ AS")}, cards("4S 6H 7C 8C 9D JD"), first_drawer=1)
    start = DealStart(number=2, level=3, dealer_seat=1, blood=2)
    after = Declaring(start, draw).end(cards("4S"))
    given = after.cards.tribute
    assert len(given) == 2 and given[0].code == "BJ" and all(points(card) == 0 for card in given)
    order = after.cards.order
    kept = [card for card in after.cards.hand(4) if points(card) == 0]
    assert all(order.rank_key(given[1]) >= order.rank_key(card) for card in kept)
    assert len(after.cards.hand(4)) == 37 and len(after.cards.hand(1)) == 39 + 2
    assert isinstance(after, TributeReturn) and not after.cards.bottom_shown  # shown after the return


def tribute_return(blood: int = 2) -> TributeReturn:
    draw = draw_with_hands({4: cards("BJ AS"), 1: cards("3S 5D KD 4H"), 2: cards("5D 5D")}, cards("4S 6H 7C 8C 9D JD"),
                           first_drawer=1)
    return Declaring(DealStart(number=2, level=3, dealer_seat=1, blood=blood), draw).declare(1, cards("3S"), 1).end()


def test_the_dealer_gives_back_as_many_cards_as_received_and_every_seat_holds_39():
    phase = tribute_return()
    assert phase.phase == "tribute_return" and len(phase.cards.hand(1)) == 41
    after = phase.give_back(1, cards("5D KD"))  # the 打家's choice, point cards included
    assert isinstance(after, Burying) and after.cards.returned == tuple(cards("5D KD"))
    assert [len(after.cards.hand(seat)) for seat in (1, 2, 3, 4)] == [39, 39, 39, 39]
    assert cards("5D")[0] in after.cards.hand(4) and after.cards.bottom_shown  # declared: shown after the return
    assert [c.code for c in after.cards.bottom] == "4S 6H 7C 8C 9D JD".split()


@pytest.mark.parametrize(("seat", "given", "code"), [
    (1, "5D", "wrong_count"), (1, "5D KD 4H", "wrong_count"), (1, "5D 5D", "not_in_hand"), (4, "BJ AS", "invalid_seat"),
    (2, "5D KD", "invalid_seat"), (5, "5D KD", "invalid_seat"),
])
def test_a_wrong_return_is_refused_and_changes_nothing(seat, given, code):
    phase = tribute_return()
    before = phase
    assert refused(lambda: phase.give_back(seat, cards(given))).code == code
    assert phase == before


def test_the_first_deal_has_no_dry_pot_and_a_dry_pot_goes_straight_to_play():
    cards_ = deal_cards({1: "AS"}, "4H 6H 7C 8C 9D JD", dry_pot=True)
    assert isinstance(after_declaring(cards_, shows_bottom=True), Playing)


def burying(hand: str, bottom="4H 6H 7S 8C 9D JD", others: dict | None = None) -> Burying:
    return after_declaring(deal_cards({1: hand, **(others or {})}, bottom), shows_bottom=True)


def test_the_dealer_takes_the_bottom_and_buries_six_point_cards_and_jokers_allowed():
    phase = burying("BJ BJ 5S KD 10H 4C 4D")
    assert len(phase.cards.hand(1)) == 7 and len(phase.cards.bottom) == 6 and phase.cards.bottom_shown
    after = phase.bury(1, cards("BJ BJ 5S KD 10H 4C"))
    assert after.cards.bottom_shown  # jokers buried: the bottom is shown
    assert len(after.cards.hand(1)) == 7


def test_without_jokers_the_bottom_stays_hidden():
    phase = burying("AS AS 5S KD 10H 4C 4D")
    after = phase.bury(1, cards("AS AS 5S KD 10H 4C"))
    assert not after.cards.bottom_shown


@pytest.mark.parametrize(("hand", "buried", "code"), [
    ("BJ SJ 4C 4D 4H 4S", "SJ 4C 4D 4H 4S 6H", "big_joker_first"),
    ("4C", "4C 4C 6H 7S 8C 9D", "not_in_hand"),
    ("4C", "4C 6H 7S 8C 9D", "wrong_count"),
])
def test_the_dealers_bury_is_checked(hand, buried, code):
    phase = burying(hand)
    assert refused(lambda: phase.bury(1, cards(buried))).code == code
    assert refused(lambda: phase.bury(2, cards("4C"))).code == "not_your_turn"


def test_a_small_joker_goes_in_once_every_big_joker_has():
    phase = burying("BJ SJ 4C 4D")
    assert phase.bury(1, cards("BJ SJ 4C 4D 6H 7S")).cards.bottom == tuple(cards("BJ SJ 4C 4D 6H 7S"))


def joker_round(bottom_after_bury="4C 4D 6H KS 5S 9D") -> BuryingJokers:
    phase = burying("AS", bottom_after_bury, {2: "BJ SJ SJ", 3: "SJ", 4: "BJ"})
    return phase.bury(1, cards(bottom_after_bury))


def test_others_bury_jokers_in_play_order_taking_back_the_smallest_non_point_cards():
    phase = joker_round()
    assert isinstance(phase, BuryingJokers) and phase.seat == 2
    assert refused(lambda: phase.bury_jokers(3, [], [])).code == "not_your_turn"
    after = phase.bury_jokers(2, cards("BJ"), cards("4C"))  # 4C and 4D tie: the player chooses
    assert after.seat == 3 and after.cards.bottom_shown and cards("4C")[0] in after.cards.hand(2)
    after = after.bury_jokers(3, cards("SJ"), cards("4D"))
    after = after.bury_jokers(4, [], [])
    assert isinstance(after, Playing) and sorted(c.code for c in after.cards.bottom) == sorted(
        "BJ SJ 6H KS 5S 9D".split())


@pytest.mark.parametrize(("jokers", "take", "code"), [
    ("SJ", "4C", "big_joker_first"),
    ("BJ", "6H", "not_smallest"),
    ("BJ", "KS", "not_takeable"),
    ("BJ BJ", "4C 4D", "not_in_hand"),
    ("BJ SJ", "4C", "wrong_count"),
    ("4S", "4C", "not_a_joker"),
    ("BJ", "7C", "not_in_bottom"),
])
def test_the_joker_bury_is_checked(jokers, take, code):
    assert refused(lambda: joker_round().bury_jokers(2, cards(jokers), cards(take))).code == code


def test_plain_cards_go_back_before_trumps():
    phase = joker_round("2H 3S 6H KS 5S 10D")  # 2H and 3S are trumps; 6H the only plain non-point card
    assert refused(lambda: phase.bury_jokers(2, cards("BJ"), cards("2H"))).code == "not_smallest"
    assert refused(lambda: phase.bury_jokers(2, cards("BJ SJ"), cards("6H 3S"))).code == "not_smallest"
    assert isinstance(phase.bury_jokers(2, cards("BJ SJ SJ"), cards("6H 2H 3S")), Playing)
    after = phase.bury_jokers(2, cards("BJ SJ"), cards("6H 2H"))  # then the lowest trump: the 2 under the 3S
    assert isinstance(after, BuryingJokers)


def test_no_more_jokers_than_cards_to_take_back_and_nobody_buries_when_nothing_is_left():
    phase = joker_round("4C KS 5S 10D KH 5H")
    assert refused(lambda: phase.bury_jokers(2, cards("BJ SJ"), cards("4C 4C"))).code == "nothing_to_take"
    assert isinstance(phase.bury_jokers(2, cards("BJ"), cards("4C")), Playing)  # only points and jokers left
    assert isinstance(burying("AS", bottom="KS 5S 10D KH 5H 10H").bury(1, cards("KS 5S 10D KH 5H 10H")), Playing)


def test_a_card_named_more_often_than_held_says_how_many_the_hand_holds():
    # issue 46 item 1: naming one 4S three times said "4S is not in the hand" when the hand held one
    from roadsvc.domain.dabang.bottom import remove
    with pytest.raises(DomainError) as refused:
        remove(cards("4S 5H 6D"), cards("4S 4S 4S"), "cards")
    assert (refused.value.code, refused.value.field) == ("not_in_hand", "cards")
    assert refused.value.message == "4S is named 3 times; the hand holds 1"
    with pytest.raises(DomainError) as absent:
        remove(cards("4S 5H 6D"), cards("7C"), "cards")
    assert absent.value.message == "7C is not in the hand"
