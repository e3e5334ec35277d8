"""The fast odds engine: equal to the reference enumeration, to the published figures and to
dealing every ordering of small shoes, as exact fractions."""

from __future__ import annotations

import itertools
import random
from collections import Counter, defaultdict
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from roadsvc.domain.baccarat.bets.bet_odds import unit_net
from roadsvc.domain.baccarat.bets.facts import facts_of
from roadsvc.domain.baccarat.bets.odds import evaluate_bets
from roadsvc.domain.baccarat.bets.rule_sets import rule_set, rule_set_names
from roadsvc.domain.baccarat.dealing.cards import parse_card
from roadsvc.domain.errors import DomainError
from roadsvc.domain.baccarat.integrity.composition import Composition, composition_of, full_composition, remaining
from roadsvc.domain.baccarat.integrity.engine import engine_for
from roadsvc.domain.baccarat.dealing.shoe import deal_hand, shuffled_shoe

DEALINGS_8_DECKS = 416 * 415 * 414 * 413 * 412 * 411


def reference(composition, rules):
    return {odds.bet.code: odds for odds in evaluate_bets(composition.as_cards(), rules)}


def assert_same_as_reference(composition, rules):
    found = engine_for(rules).evaluate(composition).bets
    expected = reference(composition, rules)
    assert list(found) == list(expected)
    for code, odds in expected.items():
        assert dict(found[code].counts) == {label: n for label, n in odds.counts.items() if n}, code
        assert found[code].total == odds.total
        assert found[code].ev == odds.expected_net, code


@pytest.mark.parametrize("name", rule_set_names())
def test_a_full_shoe_equals_the_reference_enumeration(name):
    assert_same_as_reference(full_composition(8), rule_set(name))


def test_a_full_shoe_gives_the_published_figures():
    odds = engine_for(rule_set("classic")).evaluate(full_composition(8)).bets
    assert odds["banker"].total == DEALINGS_8_DECKS
    assert dict(odds["banker"].counts) == {"win:win": 2_292_252_566_437_888, "push": 475_627_426_473_216,
                                           "lose:lose": 2_230_518_282_592_256}
    assert round(float(-odds["banker"].ev) * 100, 4) == 1.0579
    assert round(float(-odds["player"].ev) * 100, 4) == 1.2351
    assert round(float(-odds["tie"].ev) * 100, 4) == 14.3596
    assert round(float(-odds["player_pair"].ev) * 100, 2) == 10.36


def dealt(seed: int, cards: int, decks: int = 8):
    """The composition left once `cards` cards of a shuffled shoe are seen (whole hands)."""
    stream = shuffled_shoe(random.Random(seed), decks)
    seen, position = [], 0
    while position < cards:
        hand = deal_hand(iter(stream[position:]))
        seen += hand.all_cards()
        position += len(hand.all_cards())
    return remaining(decks, seen)


@pytest.mark.parametrize("seed, cards, name", [(1, 150, "extended"), (2, 350, "extended"), (3, 350, "niuniu"),
                                               (4, 200, "classic_no_commission")])
def test_a_part_dealt_shoe_equals_the_reference_enumeration(seed, cards, name):
    assert_same_as_reference(dealt(seed, cards), rule_set(name))


def test_pays_overridden_by_a_table_change_the_ev_not_the_counts():
    rules = rule_set("extended", {"pays": {"tie": "9"}})
    composition = dealt(5, 300)
    odds = engine_for(rules).evaluate(composition).bets["tie"]
    plain = engine_for(rule_set("extended")).evaluate(composition).bets["tie"]
    assert odds.counts == plain.counts
    win = Fraction(odds.counts["win:win"], odds.total)
    assert odds.ev == 9 * win - (1 - win)


def test_banker_player_and_tie_alone_equal_the_whole_rule_set():
    composition = dealt(6, 250)
    alone = engine_for(rule_set("extended"), ["banker", "player", "tie"]).evaluate(composition).bets
    whole = engine_for(rule_set("extended")).evaluate(composition).bets
    assert list(alone) == ["banker", "player", "tie"]
    assert all(alone[code] == whole[code] for code in alone)


def brute_force(cards: tuple[str, ...], name: str) -> dict[str, tuple[Counter, Fraction]]:
    """Deal every ordering of six cards of a small shoe for real: each bet's outcomes and exact EV."""
    shoe = [parse_card(code) for code in cards]
    tallies: dict[str, Counter] = defaultdict(Counter)
    rules = rule_set(name)
    orderings = 0
    for order in itertools.permutations(shoe, 6):
        facts = facts_of(deal_hand(iter(order)))
        orderings += 1
        for bet in rules.bets.values():
            tallies[bet.code][bet.rule.decide(facts, bet.side).label] += 1
    return {code: (tally, sum((Fraction(unit_net(rules.bets[code], label)) * Fraction(n, orderings)
                               for label, n in tally.items()), Fraction(0)))
            for code, tally in tallies.items()}


SMALL_SHOES = [
    ("4D", "4D", "4C", "7H", "7H", "KS", "5D", "2C"),
    ("AS", "2H", "3D", "5C", "6S", "9H", "QD", "8C"),
    ("3D", "3D", "6H", "6C", "9S", "KD", "6H"),
]


@pytest.mark.parametrize("cards", SMALL_SHOES)
@pytest.mark.parametrize("name", ["extended", "niuniu"])
def test_small_shoes_equal_dealing_every_ordering_as_exact_fractions(cards, name):
    composition = composition_of(Counter(parse_card(code) for code in cards))
    found = engine_for(rule_set(name)).evaluate(composition).bets
    for code, (tally, ev) in brute_force(cards, name).items():
        assert dict(found[code].counts) == dict(tally), code
        assert found[code].ev == ev, code


def test_a_shoe_too_small_for_a_hand_is_refused():
    with pytest.raises(DomainError) as error:
        engine_for(rule_set("classic")).evaluate(composition_of(Counter(parse_card(c) for c in ("AS", "2S", "3S"))))
    assert error.value.code == "invalid_composition"


def test_a_card_seen_more_often_than_the_decks_hold_is_refused():
    with pytest.raises(DomainError) as error:
        remaining(1, [parse_card("AS"), parse_card("AS")])
    assert error.value.code == "impossible_card"


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 2), min_size=52, max_size=52).filter(lambda counts: sum(counts) >= 6))
def test_any_small_composition_equals_the_reference_enumeration(counts):
    """Up to two of each card: pairs, identical cards and missing types in every mix."""
    assert_same_as_reference(Composition(tuple(counts)), rule_set("extended"))
