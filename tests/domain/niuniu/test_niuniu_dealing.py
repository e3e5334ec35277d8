"""百人牛牛 dealing: the reveal card, the first receiver, the dealing order, posting and its refusals."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from roadsvc.domain.cards import parse_card, standard_deck
from roadsvc.domain.errors import DomainError
from roadsvc.domain.niuniu.dealing import (
    OPENING_ORDER, POSITIONS, deal_by_position, deal_in_order, dealing_order, first_receiver,
)

DECK = [card.code for card in standard_deck(jokers=True)]


@pytest.mark.parametrize(("reveal", "first"), [
    ("AS", "banker"), ("2H", "player_1"), ("3D", "player_2"), ("4C", "player_3"), ("5S", "player_4"),
    ("6H", "banker"), ("7D", "player_1"), ("8C", "player_2"), ("9S", "player_3"), ("10H", "player_4"),
    ("JD", "banker"), ("QC", "player_1"), ("KS", "player_2"),
])
def test_the_first_receiver_for_every_reveal_value(reveal, first):
    assert first_receiver(parse_card(reveal)) == first


def test_the_dealing_order_goes_round_from_the_first_receiver():
    assert dealing_order("player_3") == ("player_3", "player_4", "banker", "player_1", "player_2")
    assert dealing_order("banker") == POSITIONS
    assert OPENING_ORDER == ("player_1", "player_2", "player_3", "player_4", "banker")


def test_cards_are_dealt_one_at_a_time_from_the_first_receiver():
    posted = [code for code in DECK if code != "3S"][:25]
    deal = deal_in_order("3S", posted)
    assert deal.first_receiver == "player_2" and deal.reveal.code == "3S"
    for seat, position in enumerate(dealing_order("player_2")):
        assert [card.code for card in deal.hands[position]] == posted[seat::5]
    assert deal.hands["player_2"][0].code == posted[0] and deal.hands["player_2"][1].code == posted[5]
    assert deal.hands["player_3"][0].code == posted[1] and deal.hands["banker"][0].code == posted[3]


@given(st.permutations(DECK))
def test_posting_by_order_and_by_position_agree(deck):
    reveal = next(code for code in deck if code not in ("BJ", "SJ"))
    cards = [code for code in deck if code != reveal][:25]
    by_order = deal_in_order(reveal, cards)
    by_position = deal_by_position(by_order.codes(), reveal)
    assert by_position == by_order
    assert sorted(code for hand in by_order.codes().values() for code in hand) == sorted(cards)


def _refusal(call, *args):
    with pytest.raises(DomainError) as refused:
        call(*args)
    return refused.value.code, refused.value.field


def test_refusals_when_posting_by_order():
    cards = DECK[1:26]
    assert _refusal(deal_in_order, "BJ", cards) == ("joker_reveal", "reveal")
    assert _refusal(deal_in_order, "1S", cards) == ("invalid_card", "reveal")
    assert _refusal(deal_in_order, "AS", cards[:24]) == ("wrong_card_count", "cards")
    assert _refusal(deal_in_order, "AS", cards + ["KD"]) == ("wrong_card_count", "cards")
    assert _refusal(deal_in_order, "AS", cards[:24] + ["ZZ"]) == ("invalid_card", "cards[24]")
    assert _refusal(deal_in_order, "AS", cards[:24] + [cards[3]]) == ("repeated_card", "cards[24]")
    assert _refusal(deal_in_order, cards[0], cards) == ("repeated_card", "cards[0]")
    assert _refusal(deal_in_order, "AS", "2S 3S") == ("invalid_cards", "cards")


def _by_position():
    cards = DECK[1:26]
    return {position: cards[5 * i:5 * i + 5] for i, position in enumerate(POSITIONS)}


def test_refusals_when_posting_by_position():
    hands = _by_position()
    assert _refusal(deal_by_position, {**hands, "player_5": ["AD"]}) == ("unknown_position", "hands.player_5")
    missing = {k: v for k, v in hands.items() if k != "player_4"}
    assert _refusal(deal_by_position, missing) == ("missing_position", "hands.player_4")
    assert _refusal(deal_by_position, {**hands, "player_2": hands["player_2"][:4]}) == \
        ("wrong_card_count", "hands.player_2")
    assert _refusal(deal_by_position, {**hands, "player_2": hands["player_2"] + ["AD"]}) == \
        ("wrong_card_count", "hands.player_2")
    repeated = {**hands, "banker": hands["banker"][:4] + [hands["player_3"][2]]}
    assert _refusal(deal_by_position, repeated) == ("repeated_card", "hands.player_3[2]")
    assert _refusal(deal_by_position, {**hands, "banker": ["XX"] * 5}) == ("invalid_card", "hands.banker[0]")
    assert _refusal(deal_by_position, hands, "SJ") == ("joker_reveal", "reveal")
    assert _refusal(deal_by_position, hands, hands["player_1"][0]) == ("repeated_card", "hands.player_1[0]")
    assert _refusal(deal_by_position, ["AS"]) == ("invalid_hands", "hands")


def test_by_position_the_reveal_is_optional():
    deal = deal_by_position(_by_position())
    assert deal.reveal is None and deal.first_receiver is None
    assert deal_by_position(_by_position(), "AS").first_receiver == "banker"
