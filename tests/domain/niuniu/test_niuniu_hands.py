"""百人牛牛 hand types, multiples, jokers and comparison (spec: Hand types, Comparing two hands)."""

from itertools import combinations, product

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from roadsvc.domain.cards import BIG_JOKER, SMALL_JOKER, Card, parse_cards, standard_deck
from roadsvc.domain.niuniu.hands import MAX_MULTIPLE, TYPE_CODES, HandType, card_order, evaluate, points


def hand(codes: str):
    return evaluate(parse_cards(codes.split(), jokers=True))


@pytest.mark.parametrize(("codes", "code"), [
    ("KS QH JD KC QD", "gold_bull"),
    ("KS QH JD KC 10D", "silver_bull"),
    ("4S 4H 4D 4C 9D", "bomb"),
    ("3S 7H KD 5C 5D", "bull_bull"),
    ("3S 7H KD 5C 6D", "bull_1"),
    ("AS 2H 3D 4C 8H", "no_bull"),
    ("KS KH KD BJ 2D", "bomb"),
    ("AS 2H 4D SJ 9D", "bull_bull"),
])
def test_the_spec_worked_examples(codes, code):
    assert hand(codes).type.code == code


@pytest.mark.parametrize(("codes", "code"), [
    ("AS 9H KD 2C 7D", "bull_9"), ("AS 9H KD 2C 6D", "bull_8"), ("AS 9H KD 2C 5D", "bull_7"),
    ("AS 9H KD 2C 4D", "bull_6"), ("AS 9H KD 2C 3D", "bull_5"), ("AS 9H KD 2C 2D", "bull_4"),
    ("AS 9H KD AC 2D", "bull_3"), ("AS 9H KD AC AD", "bull_2"), ("2S 8H QD 10C AD", "bull_1"),
    ("10S JH QD KC 9D", "bull_9"),
])
def test_every_bull_value(codes, code):
    assert hand(codes).type.code == code


def test_the_bull_needs_exactly_three_cards():
    # 6 + 4 make ten with two cards and 2 + 3 + 1 + 4 with four; no three make a multiple of ten.
    assert hand("6S 4H AD 8C 2D").type.code == "no_bull"
    assert hand("AS 2H 3D 4C 9D").type.code == "no_bull"


def test_four_ten_valued_cards_and_a_low_card_are_an_ordinary_bull_not_silver():
    assert hand("KS QH JD 10C 3D").type.code == "bull_3"
    assert hand("KS QH 10D 10C JD").type.code == "bull_bull"  # only three faces: not silver


@pytest.mark.parametrize(("codes", "code"), [
    ("KS QH JD BJ SJ", "gold_bull"),       # jokers stand for faces
    ("KS QH JD BJ 10D", "silver_bull"),    # a face and a ten: silver, not gold (the 10 is real)
    ("KS QH JD KC SJ", "gold_bull"),
    ("KS KH BJ SJ 2D", "bomb"),            # both jokers complete a bomb
    ("AS AH AD SJ 5C", "bomb"),
    ("2S 3H 9D BJ 7C", "bull_bull"),       # 3 + 7 + joker as 10, 2 + ... best is 牛牛
    ("BJ SJ 2D 3C 4H", "bull_bull"),
])
def test_jokers_make_the_best_type(codes, code):
    assert hand(codes).type.code == code


@pytest.mark.parametrize(("code", "multiple"), [
    ("bomb", 10), ("gold_bull", 10), ("silver_bull", 10), ("bull_bull", 10), *[(f"bull_{n}", n) for n in range(1, 10)],
    ("no_bull", 1),
])
def test_multiples(code, multiple):
    assert HandType.from_code(code).multiple == multiple
    assert MAX_MULTIPLE == 10


def test_types_are_listed_best_first_and_strictly_ordered():
    assert TYPE_CODES[0] == "bomb" and TYPE_CODES[-1] == "no_bull" and len(TYPE_CODES) == 14
    strengths = [HandType.from_code(code).strength for code in TYPE_CODES]
    assert strengths == sorted(strengths, reverse=True) and len(set(strengths)) == 14


def test_a_better_type_wins_whatever_its_cards():
    assert hand("AS AH AD AC 2D").beats(hand("KS QH JD KC QD"))            # bomb over gold
    assert hand("AS 9H KD 2C 7D").beats(hand("KS QH JD 10C 2D"))           # bull 9 over bull 2 with a king
    assert not hand("AS 2H 3D 4C 8H").beats(hand("AC 9D KH 2S 5D"))


def test_one_type_compares_the_largest_card_then_its_suit():
    assert hand("3S 7H KS 5C 5D").beats(hand("3H 7C QD 5H 5S"))            # 牛牛 with K♠ over 牛牛 with Q♦
    assert hand("3S 7H KS 5C 5D").beats(hand("2S 8H KH 4C 6D"))            # K♠ over K♥
    assert hand("2S 8H KC 4C 6D").beats(hand("3S 7C KD 5H 5D"))            # K♣ over K♦


def test_the_jokers_are_the_largest_cards():
    with_big = hand("AS 2H 4D BJ 9D")
    with_small = hand("AC 2C 4H SJ 9H")
    plain = hand("3S 7H KS 5C 5D")
    assert with_big.type == with_small.type == plain.type == HandType.BULL_BULL
    assert with_big.beats(with_small) and with_small.beats(plain)
    assert hand("KS QH JD BJ 10D").beats(hand("KC QC JC KH 10H"))          # the best silver bull has 大王


def test_points_and_card_order():
    assert [points(rank) for rank in range(1, 14)] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]
    order = sorted(standard_deck(jokers=True), key=card_order)
    assert order[-1] == BIG_JOKER and order[-2] == SMALL_JOKER and order[-3] == Card(13, "S")
    assert [card.suit for card in order[:4]] == ["D", "C", "H", "S"] and order[0].rank == 1


def _brute_force(cards) -> HandType:
    """The spec read literally: every stand-in for each joker, every choice of three."""
    jokers = sum(card.is_joker for card in cards)
    concrete = [card.rank for card in cards if not card.is_joker]
    best = HandType.NO_BULL
    for stand_ins in product(range(1, 14), repeat=jokers):
        ranks = concrete + list(stand_ins)
        best = max(best, _literal_type(ranks), key=lambda t: t.strength)
    return best


def _literal_type(ranks) -> HandType:
    if any(ranks.count(rank) >= 4 for rank in ranks):
        return HandType.BOMB
    if all(rank > 10 for rank in ranks):
        return HandType.GOLD_BULL
    if sorted(ranks)[0] == 10 and all(rank > 10 for rank in sorted(ranks)[1:]):
        return HandType.SILVER_BULL
    best = HandType.NO_BULL
    values = [min(rank, 10) for rank in ranks]
    for three in combinations(range(5), 3):
        if sum(values[i] for i in three) % 10 == 0:
            rest = sum(values[i] for i in range(5) if i not in three) % 10
            found = HandType.BULL_BULL if rest == 0 else HandType[f"BULL_{rest}"]
            best = max(best, found, key=lambda t: t.strength)
    return best


hands_of_five = st.lists(st.sampled_from(standard_deck(jokers=True)), min_size=5, max_size=5, unique=True)
jokered_hands = st.lists(st.sampled_from(standard_deck()), min_size=3, max_size=4, unique=True).flatmap(
    lambda cards: st.lists(st.sampled_from([BIG_JOKER, SMALL_JOKER]), min_size=5 - len(cards),
                           max_size=5 - len(cards), unique=True).map(lambda jokers: cards + jokers))


@settings(max_examples=300)
@given(hands_of_five)
def test_the_evaluator_equals_the_brute_force(cards):
    assert evaluate(cards).type == _brute_force(cards)


@settings(max_examples=200)
@given(jokered_hands)
def test_the_evaluator_equals_the_brute_force_with_jokers(cards):
    assert evaluate(cards).type == _brute_force(cards)


@settings(max_examples=200)
@given(jokered_hands, st.data())
def test_a_joker_never_makes_a_hand_worse_than_a_concrete_stand_in(cards, data):
    stand_ins = [data.draw(st.sampled_from(standard_deck())) if card.is_joker else card for card in cards]
    assert evaluate(cards).type.strength >= evaluate(stand_ins).type.strength


@given(hands_of_five, hands_of_five)
def test_two_different_hands_never_tie_and_the_order_is_total(first, second):
    assume(not set(first) & set(second))  # one deck: hands at one table never share a card
    a, b = evaluate(first), evaluate(second)
    assert a.beats(b) != b.beats(a)
