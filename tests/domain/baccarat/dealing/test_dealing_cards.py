"""Card codes as tables and shoe readers send them, and the baccarat value of each card."""

from __future__ import annotations

import pytest

from roadsvc.domain.baccarat.dealing.cards import Card, full_deck, parse_card, points
from roadsvc.domain.errors import DomainError

RANK_CODES = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10, "T": 10,
              "J": 11, "Q": 12, "K": 13}
SUIT_CODES = {"S": "S", "H": "H", "D": "D", "C": "C", "♠": "S", "♥": "H", "♦": "D", "♣": "C"}
# Baccarat points, from the seeds: A is 1, 2-9 their face, 10 J Q K are 0.
VALUES = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 0, "T": 0,
          "J": 0, "Q": 0, "K": 0}


@pytest.mark.parametrize("rank", RANK_CODES)
@pytest.mark.parametrize("suit", SUIT_CODES)
def test_every_rank_and_suit_code_parses(rank: str, suit: str) -> None:
    card = parse_card(rank + suit)
    assert card == Card(RANK_CODES[rank], SUIT_CODES[suit])
    assert card.value == VALUES[rank]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("AS", Card(1, "S")),
        ("as", Card(1, "S")),
        ("aS", Card(1, "S")),
        ("10h", Card(10, "H")),
        ("10H", Card(10, "H")),
        ("TD", Card(10, "D")),
        ("td", Card(10, "D")),
        ("K♣", Card(13, "C")),
        ("k♣", Card(13, "C")),
        ("q♥", Card(12, "H")),
        ("j♦", Card(11, "D")),
        ("9♠", Card(9, "S")),
        ("A♤", Card(1, "S")),
        ("2♡", Card(2, "H")),
        ("3♢", Card(3, "D")),
        ("4♧", Card(4, "C")),
        ("  7c ", Card(7, "C")),
        ("\t10d\n", Card(10, "D")),
    ],
)
def test_accepted_forms(text: str, expected: Card) -> None:
    assert parse_card(text) == expected


@pytest.mark.parametrize("text", ["TD", "10D", "td", "10d", "T♦"])
def test_t_and_10_are_the_same_card(text: str) -> None:
    assert parse_card(text).code == "10D"


@pytest.mark.parametrize(("card", "code"), [(Card(1, "S"), "AS"), (Card(10, "H"), "10H"), (Card(13, "C"), "KC")])
def test_canonical_code_round_trips(card: Card, code: str) -> None:
    assert card.code == code == str(card)
    assert parse_card(code) == card


def test_every_card_of_a_deck_round_trips_through_its_code() -> None:
    deck = full_deck()
    assert len(deck) == len(set(deck)) == 52
    assert [parse_card(card.code) for card in deck] == deck


@pytest.mark.parametrize(("suit", "black"), [("S", True), ("C", True), ("H", False), ("D", False),
                                             ("♠", True), ("♣", True), ("♥", False), ("♦", False)])
def test_colours(suit: str, black: bool) -> None:
    assert parse_card("Q" + suit).is_black is black


@pytest.mark.parametrize(
    "text",
    [
        "", " ", "A", "S", "  K  ", "1X", "11S", "ZS", "0S", "01S", "100S", "AA", "AX", "A1", "10", "KK",
        "A S", "10 H", "AS AS", "A♤♠", "♠A", "S A", "AST", "\u00c5S",
    ],
)
def test_bad_codes_are_refused(text: str) -> None:
    with pytest.raises(DomainError) as refused:
        parse_card(text, "cards[2]")
    assert refused.value.code == "invalid_card"
    assert refused.value.field == "cards[2]"
    assert repr(text) in refused.value.message


@pytest.mark.parametrize("text", ["1S", "1h", "1♠"])
def test_one_is_not_an_ace(text: str) -> None:
    """Regression: `1` was taken as an ace. The codes are A 2-9 10 J Q K (T for ten); a
    reader that cut `10H` to `1H` must be refused, not scored as an ace."""
    with pytest.raises(DomainError) as refused:
        parse_card(text, "cards[0]")
    assert refused.value.code == "invalid_card"


@pytest.mark.parametrize("value", [None, 10, 1.5, ["AS"], {"rank": "A"}, b"AS", True])
def test_non_strings_are_refused(value: object) -> None:
    with pytest.raises(DomainError) as refused:
        parse_card(value, "cards.player[0]")  # type: ignore[arg-type]
    assert refused.value.code == "invalid_card"
    assert refused.value.field == "cards.player[0]"


@pytest.mark.parametrize(
    ("codes", "total"),
    [
        # The seeds' worked examples: 8 + 7 = 15 -> 5 (001); 4+2+6 = 2, 5+6+8 = 9, 10+10+10 = 0 (003).
        (["8S", "7H"], 5),
        (["4S", "2H", "6D"], 2),
        (["5S", "6H", "8D"], 9),
        (["10S", "10H", "10D"], 0),
        # 闲(A, 3, 5) = 9 and 庄(J, 2, A) = 3 (001).
        (["AS", "3H", "5D"], 9),
        (["JS", "2H", "AD"], 3),
        (["KS", "QH"], 0),
        (["9S", "9H", "9D"], 7),
        ([], 0),
    ],
)
def test_points_are_the_units_digit(codes: list[str], total: int) -> None:
    assert points([parse_card(code) for code in codes]) == total
