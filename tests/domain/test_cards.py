"""The cards every game shares: codes, jokers, decks."""

import pytest

from roadsvc.domain.cards import BIG_JOKER, SMALL_JOKER, Card, parse_card, parse_cards, standard_deck
from roadsvc.domain.errors import DomainError


@pytest.mark.parametrize(("text", "card"), [("AS", Card(1, "S")), ("10h", Card(10, "H")), ("TD", Card(10, "D")),
                                             ("K♣", Card(13, "C")), (" qs ", Card(12, "S"))])
def test_codes_parse_in_any_accepted_spelling(text, card):
    assert parse_card(text) == card


def test_jokers_parse_only_where_the_game_plays_them():
    assert parse_card("BJ", jokers=True) == BIG_JOKER and parse_card("sj", jokers=True) == SMALL_JOKER
    with pytest.raises(DomainError) as refused:
        parse_card("BJ", "cards[3]")
    assert refused.value.code == "invalid_card" and refused.value.field == "cards[3]"


@pytest.mark.parametrize("text", ["", "1S", "11H", "AX", "JJ", None, 7])
def test_anything_else_is_refused_with_the_field(text):
    with pytest.raises(DomainError) as refused:
        parse_card(text, "reveal", jokers=True)
    assert refused.value.code == "invalid_card" and refused.value.field == "reveal"
    assert "BJ SJ" in refused.value.message


def test_a_list_names_the_offending_item():
    with pytest.raises(DomainError) as refused:
        parse_cards(["AS", "ZZ"], "cards")
    assert refused.value.field == "cards[1]"
    with pytest.raises(DomainError) as not_a_list:
        parse_cards("AS", "cards")
    assert not_a_list.value.code == "invalid_cards"


def test_codes_round_trip_and_jokers_know_themselves():
    deck = standard_deck(jokers=True)
    assert len(deck) == 54 and len(set(deck)) == 54 and len(standard_deck()) == 52
    assert [parse_card(card.code, jokers=True) for card in deck] == deck
    assert BIG_JOKER.is_joker and BIG_JOKER.is_big_joker and not SMALL_JOKER.is_big_joker
    assert str(SMALL_JOKER) == "SJ" and not Card(1, "S").is_joker
