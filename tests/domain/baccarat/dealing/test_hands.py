"""Hands in their three JSON forms (by side, in dealing order, by result), every fact a
bet or a road reads from them, and every refusal with its code and field."""

from __future__ import annotations

from typing import Any

import pytest

from roadsvc.domain.baccarat.dealing.cards import parse_card
from roadsvc.domain.errors import DomainError
from roadsvc.domain.baccarat.dealing.hands import BANKER, PLAYER, TIE, Hand, parse_hand


def cards(*codes: str) -> tuple:
    return tuple(parse_card(code) for code in codes)


def refusal(data: Any) -> DomainError:
    with pytest.raises(DomainError) as refused:
        parse_hand(data)
    return refused.value


# ---------------------------------------------------------------- facts from the cards


def test_a_banker_natural() -> None:
    hand = parse_hand({"cards": {"player": ["4S", "3H"], "banker": ["KD", "9C"]}})
    assert hand.result == BANKER
    assert (hand.player_total, hand.banker_total) == (7, 9)
    assert hand.natural is True
    assert (hand.side_natural(PLAYER), hand.side_natural(BANKER)) == (False, True)
    assert (hand.margin, hand.winner_total) == (2, 9)
    assert (hand.card_count(PLAYER), hand.card_count(BANKER)) == (2, 2)
    assert (hand.player_pair, hand.banker_pair) == (False, False)
    assert (hand.perfect_pair(PLAYER), hand.perfect_pair(BANKER)) == (False, False)
    assert hand.has_cards and hand.has_totals


def test_the_seed_example_player_nine_beats_banker_three() -> None:
    """001: 闲(A, 3, 5) = 9点 赢 庄(J, 2, A) = 3点, dealt P1 B1 P2 B2 P3 B3."""
    hand = parse_hand({"cards": ["AS", "JH", "3D", "2C", "5S", "AH"]})
    assert hand.player_cards == cards("AS", "3D", "5S")
    assert hand.banker_cards == cards("JH", "2C", "AH")
    assert (hand.result, hand.player_total, hand.banker_total) == (PLAYER, 9, 3)
    assert (hand.margin, hand.winner_total, hand.natural) == (6, 9, False)
    assert (hand.card_count(PLAYER), hand.card_count(BANKER)) == (3, 3)


def test_the_second_seed_example_player_eight() -> None:
    """001 (牛牛): 闲(A, 2, 5) = 8点 赢 庄(J, 2, A) = 3点."""
    hand = parse_hand({"cards": ["AC", "JD", "2S", "2H", "5C", "AD"]})
    assert (hand.result, hand.player_total, hand.banker_total, hand.margin) == (PLAYER, 8, 3, 5)
    assert hand.natural is False  # an 8 in three cards is not a natural
    assert hand.side_natural(PLAYER) is False


def test_a_tie_on_naturals() -> None:
    hand = parse_hand({"cards": {"player": ["9S", "KH"], "banker": ["4D", "5C"]}})
    assert (hand.result, hand.margin, hand.winner_total) == (TIE, 0, 9)
    assert hand.natural is True
    assert (hand.side_natural(PLAYER), hand.side_natural(BANKER)) == (True, True)


def test_pairs_and_perfect_pairs() -> None:
    """Pair: the first two cards of a side have the same rank; perfect: same rank and suit."""
    hand = parse_hand({"cards": ["7S", "QD", "7H", "QD", "2S", "6C"]})
    assert hand.player_cards == cards("7S", "7H", "2S")
    assert hand.banker_cards == cards("QD", "QD", "6C")
    assert (hand.player_pair, hand.banker_pair) == (True, True)
    assert (hand.perfect_pair(PLAYER), hand.perfect_pair(BANKER)) == (False, True)
    assert (hand.result, hand.player_total, hand.banker_total) == (TIE, 6, 6)


def test_same_value_different_rank_is_no_pair() -> None:
    hand = parse_hand({"cards": {"player": ["10S", "KS", "5H"], "banker": ["JD", "QD", "2C"]}})
    assert (hand.player_pair, hand.banker_pair) == (False, False)
    assert (hand.perfect_pair(PLAYER), hand.perfect_pair(BANKER)) == (False, False)


def test_a_pair_in_a_third_card_does_not_count() -> None:
    hand = parse_hand({"cards": {"player": ["3S", "2S", "3H"], "banker": ["7D", "KD"]}})
    assert hand.player_pair is False


def test_the_fifth_card_goes_to_the_banker_when_the_player_stands() -> None:
    # Player 6 + K = 6 stands; banker 3 + 2 = 5 draws: the fifth card is the banker's.
    hand = parse_hand({"cards": ["6S", "3H", "KD", "2C", "9D"]})
    assert hand.player_cards == cards("6S", "KD")
    assert hand.banker_cards == cards("3H", "2C", "9D")
    assert (hand.result, hand.player_total, hand.banker_total) == (PLAYER, 6, 4)


def test_the_fifth_card_goes_to_the_player_when_the_player_draws() -> None:
    # Player 2 + 3 = 5 draws a 4; banker K + 7 = 7 stands.
    hand = parse_hand({"cards": ["2S", "KH", "3D", "7C", "4H"]})
    assert hand.player_cards == cards("2S", "3D", "4H")
    assert hand.banker_cards == cards("KH", "7C")
    assert (hand.result, hand.winner_total, hand.margin) == (PLAYER, 9, 2)


def test_the_dealing_order_and_the_by_side_forms_give_the_same_hand() -> None:
    by_order = parse_hand({"cards": ["as", "J♥", "3d", "2C", "5♠", "ah"]})
    by_side = parse_hand({"cards": {"player": ["AS", "3D", "5S"], "banker": ["JH", "2C", "AH"]}})
    assert by_order == by_side


@pytest.mark.parametrize(
    "data",
    [
        {"cards": {"player": ["4S", "3H"], "banker": ["KD", "9C"]}},
        {"cards": ["7S", "QD", "7H", "QD", "2S", "6C"]},
        {"result": "banker"},
        {"result": "tie", "banker_pair": True, "player_pair": True, "player_total": 6, "banker_total": 6},
        {"result": "player", "player_total": 8, "banker_total": 3, "natural": True},
    ],
)
def test_the_canonical_form_parses_back_to_the_same_hand(data: dict) -> None:
    hand = parse_hand(data)
    assert parse_hand(hand.to_dict()) == hand


def test_stated_facts_that_agree_with_the_cards_are_accepted() -> None:
    hand = parse_hand(
        {
            "cards": ["AS", "JH", "3D", "2C", "5S", "AH"],
            "result": "player",
            "player_total": 9,
            "banker_total": 3,
            "natural": False,
            "banker_pair": False,
            "player_pair": False,
        }
    )
    assert hand.result == PLAYER


# ---------------------------------------------------------------- by result


def test_a_bare_result() -> None:
    hand = parse_hand({"result": "banker"})
    assert hand == Hand(BANKER)
    assert (hand.banker_pair, hand.player_pair) == (False, False)
    assert not hand.has_cards and not hand.has_totals
    assert (hand.player_total, hand.banker_total, hand.natural) == (None, None, None)
    assert (hand.margin, hand.winner_total) == (None, None)
    for side in (PLAYER, BANKER):
        assert hand.card_count(side) is None
        assert hand.side_natural(side) is None
        assert hand.perfect_pair(side) is None
    assert hand.all_cards() == ()


@pytest.mark.parametrize(
    ("data", "winner_total", "margin"),
    [
        ({"result": "banker", "player_total": 2, "banker_total": 7}, 7, 5),
        ({"result": "player", "player_total": 8, "banker_total": 3, "natural": True}, 8, 5),
        ({"result": "player", "player_total": 9, "banker_total": 0, "natural": False}, 9, 9),
        ({"result": "tie", "player_total": 0, "banker_total": 0}, 0, 0),
        ({"result": "tie", "banker_pair": True, "player_pair": True, "player_total": 6, "banker_total": 6}, 6, 0),
        ({"result": "banker", "player_total": 8, "banker_total": 9, "natural": True}, 9, 1),
    ],
)
def test_a_result_with_totals(data: dict, winner_total: int, margin: int) -> None:
    hand = parse_hand(data)
    assert (hand.result, hand.winner_total, hand.margin) == (data["result"], winner_total, margin)
    assert (hand.player_total, hand.banker_total) == (data["player_total"], data["banker_total"])
    assert hand.banker_pair is data.get("banker_pair", False)
    assert hand.natural is data.get("natural")


# ---------------------------------------------------------------- refusals


@pytest.mark.parametrize(
    ("data", "code", "field"),
    [
        # card counts
        ({"cards": {"player": ["AS"], "banker": ["KD", "9C"]}}, "card_count", "cards.player"),
        ({"cards": {"player": [], "banker": ["KD", "9C"]}}, "card_count", "cards.player"),
        ({"cards": {"player": ["2S", "3S"], "banker": ["KD"]}}, "card_count", "cards.banker"),
        ({"cards": {"player": ["AS", "2S", "3S", "4S"], "banker": ["KD", "9C"]}}, "card_count", "cards.player"),
        ({"cards": {"player": ["2S", "3S", "4S"], "banker": ["AD", "AC", "AH", "AS"]}}, "card_count", "cards.banker"),
        ({"cards": []}, "card_count", "cards"),
        ({"cards": ["AS", "KD", "3H"]}, "card_count", "cards"),
        ({"cards": ["AS", "KD", "3H", "2C", "4D", "5S", "6H"]}, "card_count", "cards"),
        # malformed cards
        ({"cards": "AS KD 3H 9C"}, "invalid_cards", "cards"),
        ({"cards": 4}, "invalid_cards", "cards"),
        ({"cards": {"player": "AS 3H", "banker": ["KD", "9C"]}}, "invalid_cards", "cards.player"),
        ({"cards": {"player": ["AS", "3H"]}}, "invalid_cards", "cards.banker"),
        ({"cards": ["AS", "KD", "ZZ", "9C"]}, "invalid_card", "cards[2]"),
        ({"cards": ["AS", "KD", "3H", 9]}, "invalid_card", "cards[3]"),
        ({"cards": {"player": ["AS", "3H"], "banker": ["KD", "1C"]}}, "invalid_card", "cards.banker[1]"),
        # third-card rules, by side
        ({"cards": {"player": ["AS", "3H"], "banker": ["KD", "7C"]}}, "third_card_rule", "cards.player"),
        ({"cards": {"player": ["4S", "3H", "2C"], "banker": ["KD", "5C"]}}, "third_card_rule", "cards.player"),
        ({"cards": {"player": ["AS", "3H", "2C"], "banker": ["KD", "7C", "3D"]}}, "third_card_rule", "cards.banker"),
        ({"cards": {"player": ["6S", "KH"], "banker": ["KD", "5C"]}}, "third_card_rule", "cards.banker"),
        # missing or unknown result
        ({}, "missing_field", "result"),
        ({"banker_pair": True}, "missing_field", "result"),
        ({"cards": None}, "missing_field", "result"),
        ({"result": "B"}, "invalid_result", "result"),
        ({"result": "Banker"}, "invalid_result", "result"),
        ({"result": "draw"}, "invalid_result", "result"),
        ({"result": None}, "invalid_result", "result"),
        ({"result": 1}, "invalid_result", "result"),
        # flags
        ({"result": "tie", "banker_pair": "yes"}, "invalid_flag", "banker_pair"),
        ({"result": "tie", "player_pair": 1}, "invalid_flag", "player_pair"),
        ({"result": "tie", "natural": "no"}, "invalid_flag", "natural"),
        # totals
        ({"result": "banker", "banker_total": 5}, "totals_incomplete", "player_total"),
        ({"result": "banker", "player_total": 5}, "totals_incomplete", "banker_total"),
        ({"result": "banker", "player_total": 5, "banker_total": 10}, "invalid_total", "banker_total"),
        ({"result": "player", "player_total": -1, "banker_total": 0}, "invalid_total", "player_total"),
        ({"result": "player", "player_total": True, "banker_total": 0}, "invalid_total", "player_total"),
        ({"result": "banker", "player_total": 0, "banker_total": False}, "invalid_total", "banker_total"),
        ({"result": "banker", "player_total": 3.0, "banker_total": 5}, "invalid_total", "player_total"),
        ({"result": "banker", "player_total": 3, "banker_total": 5.5}, "invalid_total", "banker_total"),
        ({"result": "banker", "player_total": "3", "banker_total": 5}, "invalid_total", "player_total"),
        ({"result": "banker", "player_total": 5, "banker_total": 3}, "totals_contradict_result", "result"),
        ({"result": "banker", "player_total": 4, "banker_total": 4}, "totals_contradict_result", "result"),
        ({"result": "player", "player_total": 2, "banker_total": 7}, "totals_contradict_result", "result"),
        ({"result": "tie", "player_total": 5, "banker_total": 4}, "totals_contradict_result", "result"),
        ({"result": "banker", "player_total": 6, "banker_total": 7, "natural": True}, "totals_contradict_natural",
         "natural"),
        ({"result": "tie", "player_total": 3, "banker_total": 3, "natural": True}, "totals_contradict_natural",
         "natural"),
        # stated facts against the cards (4S 3H against KD 9C: banker 9 to 7, a natural, no pairs)
        ({"cards": ["4S", "KD", "3H", "9C"], "result": "player"}, "facts_contradict_cards", "result"),
        ({"cards": ["4S", "KD", "3H", "9C"], "result": "tie"}, "facts_contradict_cards", "result"),
        ({"cards": ["4S", "KD", "3H", "9C"], "player_total": 4}, "facts_contradict_cards", "player_total"),
        ({"cards": ["4S", "KD", "3H", "9C"], "banker_total": 0}, "facts_contradict_cards", "banker_total"),
        ({"cards": ["4S", "KD", "3H", "9C"], "natural": False}, "facts_contradict_cards", "natural"),
        ({"cards": ["4S", "KD", "3H", "9C"], "banker_pair": True}, "facts_contradict_cards", "banker_pair"),
        ({"cards": {"player": ["4S", "3H"], "banker": ["KD", "9C"]}, "player_pair": True},
         "facts_contradict_cards", "player_pair"),
    ],
)
def test_refusals_name_the_code_and_the_field(data: Any, code: str, field: str) -> None:
    error = refusal(data)
    assert (error.code, error.field) == (code, field), error.message
    assert error.as_dict() == {"code": code, "message": error.message, "field": field}
    assert error.message


@pytest.mark.parametrize("data", ["banker", ["AS", "KD", "3H", "9C"], None, 5, ("result", "tie")])
def test_a_hand_must_be_an_object(data: Any) -> None:
    error = refusal(data)
    assert error.code == "invalid_hand"


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        ({"cards": ["4S", "KD", "3H", "9C", "2D"]}, "no third card on a natural: banker has 9"),
        ({"cards": ["9S", "2D", "KH", "3C", "2D"]}, "no third card on a natural: player has 9"),
        ({"cards": ["AS", "KD", "2H", "7C"]}, "player draws on 3"),
        ({"cards": ["AS", "KD", "2H", "7C", "5S", "4D"]}, "banker stands on 7"),
        ({"cards": ["AS", "KD", "2H", "6C", "8S", "4D"]}, "banker stands on 6 when the player's third card is 8"),
        ({"cards": ["AS", "KD", "2H", "3C", "9S"]}, "banker draws on 3 when the player's third card is 9"),
        ({"cards": ["6S", "KD", "KH", "5C"]}, "banker draws on 5 when the player stands"),
        ({"cards": {"player": ["7S", "KH", "2D"], "banker": ["KD", "5C"]}}, "player stands on 7"),
    ],
)
def test_third_card_refusals_name_the_rule(data: dict, reason: str) -> None:
    error = refusal(data)
    assert error.code == "third_card_rule"
    assert error.message == reason


def test_a_refusal_can_be_placed_under_a_hand_number() -> None:
    error = refusal({"cards": ["AS", "KD", "ZZ", "9C"]}).at("hands[4]")
    assert (error.code, error.field) == ("invalid_card", "hands[4].cards[2]")
    assert DomainError("invalid_hand", "not an object").at("hands[0]").field == "hands[0]"


@pytest.mark.parametrize(
    ("field", "stated"),
    [("player_total", True), ("banker_total", 9.0), ("natural", 1), ("banker_pair", 0), ("result", "BANKER")],
)
def test_stated_facts_must_have_the_right_type(field: str, stated: Any) -> None:
    """Regression: `true` stated as a total of 1 (or 9.0 as 9, 1 as true) passed, because
    True == 1 in Python. A stated fact must be the very value the cards give."""
    error = refusal({"cards": ["AS", "KD", "KH", "9C"], field: stated})  # player 1, banker 9, natural
    assert (error.code, error.field) == ("facts_contradict_cards", field)
