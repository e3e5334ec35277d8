"""百人牛牛 rounds: phases, the opening order, results, and the hidden fourth card."""

import pytest

from roadsvc.domain.errors import DomainError
from roadsvc.domain.niuniu.dealing import deal_by_position
from roadsvc.domain.niuniu.rounds import hand_view, hands_of, phase_of, results, round_view, to_open

HANDS = {
    "banker": ["3S", "7H", "KD", "5C", "6D"],     # bull 1, K♦
    "player_1": ["9S", "9H", "9D", "9C", "2D"],   # bomb
    "player_2": ["AS", "2H", "3D", "4C", "8H"],   # no bull
    "player_3": ["KS", "QH", "JD", "KC", "QD"],   # gold bull
    "player_4": ["AC", "2C", "3H", "6H", "5H"],   # bull 7: 2 + 3 + 5, A + 6
}


def deal():
    return deal_by_position(HANDS, "8S")


def test_phases():
    assert phase_of(False, ()) == "betting"
    assert phase_of(True, ()) == "dealing"
    assert phase_of(True, ("player_1",)) == "opening"
    assert phase_of(True, ("player_1", "player_2", "player_3", "player_4", "banker")) == "settled"
    assert phase_of(True, ("player_1",), voided=True) == "voided"


def test_opening_one_player_opens_it_alone_and_again_opens_nothing():
    assert to_open(("player_1",), "player_2") == ("player_2",)
    assert to_open(("player_1", "player_2"), "player_2") == ()
    with pytest.raises(DomainError) as early:  # issue 34: player_2 before player_1 was opened
        to_open((), "player_2")
    assert (early.value.code, early.value.field) == ("opening_out_of_order", "position")


def test_opening_the_banker_or_everything_opens_the_rest_in_the_spec_order():
    assert to_open(("player_1",), "banker") == ("player_2", "player_3", "player_4", "banker")
    assert to_open((), None) == ("player_1", "player_2", "player_3", "player_4", "banker")
    with pytest.raises(DomainError) as refused:
        to_open((), "player_9")
    assert (refused.value.code, refused.value.field) == ("unknown_position", "position")


def test_results_against_the_banker():
    hands = hands_of(deal())
    assert [hands[p].type.code for p in ("player_2", "player_4")] == ["no_bull", "bull_7"]
    assert results(hands) == {"player_1": "win", "player_2": "lose", "player_3": "win", "player_4": "win"}
    assert hands["banker"].type.code == "bull_1"


def test_a_closed_hand_hides_its_fourth_card_and_type():
    cards = deal().hands["player_1"]
    assert hand_view(cards, False) == {"cards": ["9S", "9H", "9D", None, "2D"], "open": False, "type": None,
                                       "multiple": None}
    assert hand_view(cards, True) == {"cards": ["9S", "9H", "9D", "9C", "2D"], "open": True, "type": "bomb",
                                      "multiple": 10}


def test_a_round_view_shows_results_only_once_settled():
    partly = round_view(deal(), ("player_1",))
    assert partly["results"] is None and partly["first_receiver"] == "player_2"
    assert partly["hands"]["player_1"]["type"] == "bomb" and partly["hands"]["banker"]["cards"][3] is None
    whole = round_view(deal(), ("player_1", "player_2", "player_3", "player_4", "banker"))
    assert whole["results"]["player_1"] == "win" and whole["hands"]["banker"]["cards"][3] == "5C"
    assert round_view(None, ())["hands"] is None
