"""Exact odds: the published figures, and agreement with brute-force dealing of small shoes."""

from __future__ import annotations

import functools
import itertools
import json
from collections import Counter, defaultdict
from fractions import Fraction

import pytest

from roadsvc.cli import main
from roadsvc.domain.baccarat.bets.bet_odds import BetOdds
from roadsvc.domain.baccarat.bets.facts import facts_of
from roadsvc.domain.baccarat.bets.odds import evaluate_bets, odds_report, remaining_shoe
from roadsvc.domain.baccarat.bets.point_odds import evaluate_point_bets
from roadsvc.domain.baccarat.bets.rule_sets import rule_set, rule_set_names
from roadsvc.domain.baccarat.dealing.cards import parse_card
from roadsvc.domain.errors import DomainError
from roadsvc.domain.baccarat.dealing.shoe import deal_hand

DEALINGS_8_DECKS = 416 * 415 * 414 * 413 * 412 * 411


@pytest.fixture(scope="module")
def classic() -> dict[str, BetOdds]:
    return {odds.bet.code: odds for odds in odds_report(rule_set("classic"))}


def percent(value: Fraction, places: int) -> float:
    return round(float(value) * 100, places)


def test_published_combination_counts_are_exact(classic):
    banker = classic["banker"]
    assert banker.total == DEALINGS_8_DECKS
    assert banker.counts == {"win:win": 2_292_252_566_437_888, "push": 475_627_426_473_216,
                             "lose:lose": 2_230_518_282_592_256}


def test_published_probabilities(classic):
    banker = classic["banker"]
    assert [round(float(banker.probability(label)), 6) for label in ("win:win", "lose:lose", "push")] == [
        0.458597, 0.446247, 0.095156]


def test_published_edges_and_rtp(classic):
    assert percent(classic["banker"].house_edge, 4) == 1.0579
    assert percent(classic["banker"].rtp, 2) == 98.94
    assert percent(classic["player"].house_edge, 4) == 1.2351
    assert percent(classic["tie"].house_edge, 4) == 14.3596
    assert round(float(classic["player_pair"].probability("win:win")), 6) == 0.074699
    assert percent(classic["player_pair"].house_edge, 2) == 10.36
    assert percent(classic["lucky_six"].house_edge, 2) == 16.68


def test_published_no_commission_banker_edge():
    banker = evaluate_point_bets([128] + [32] * 9, rule_set("classic_no_commission"))["banker"]
    assert percent(banker.house_edge, 4) == 1.4581


@pytest.mark.parametrize("name", rule_set_names())
def test_every_bet_has_odds_whose_outcomes_cover_every_dealing(name):
    report = odds_report(rule_set(name))
    assert [odds.bet.code for odds in report] == list(rule_set(name).bets)
    for odds in report:
        assert sum(odds.counts.values()) == odds.total == DEALINGS_8_DECKS, odds.bet.code
        assert 0 < odds.rtp < 1, odds.bet.code


@functools.cache
def brute_force(cards: tuple[str, ...]) -> dict[tuple[str, str], Counter]:
    """Deal every ordering of six cards of a small shoe for real; tally every bet of every rule set."""
    shoe = [parse_card(code) for code in cards]
    dealings: Counter = Counter()
    for order in itertools.permutations(range(len(shoe)), 6):
        dealt = tuple(shoe[i] for i in order)
        dealings[dealt[: len(deal_hand(iter(dealt)).all_cards())]] += 1  # the cards the hand used
    tallies: dict[tuple[str, str], Counter] = defaultdict(Counter)
    for used, times in dealings.items():
        facts = facts_of(deal_hand(iter(used)))
        for name in rule_set_names():
            for bet in rule_set(name).bets.values():
                tallies[(name, bet.code)][bet.rule.decide(facts, bet.side).label] += times
    return tallies


SMALL_SHOES = [
    ("4D", "4D", "4C", "7H", "7H", "KS", "5D", "2C"),
    ("AS", "2H", "3D", "5C", "6S", "9H", "QD", "8C"),
    ("3D", "3D", "6H", "6C", "9S", "KD", "2S", "AH"),
]


@pytest.mark.parametrize("cards", SMALL_SHOES)
@pytest.mark.parametrize("name", rule_set_names())
def test_exact_odds_match_dealing_every_ordering_of_a_small_shoe(cards, name):
    counts = Counter(parse_card(code) for code in cards)
    expected = brute_force(cards)
    for odds in evaluate_bets(counts, rule_set(name)):
        found = {label: n for label, n in odds.counts.items() if n}
        assert found == dict(expected[(name, odds.bet.code)]), odds.bet.code


def test_a_part_dealt_shoe_is_evaluated_on_what_is_left():
    dealt = [parse_card(code) for code in ["AS", "2H", "5D", "JS", "2C", "AD"] * 4]
    odds = {o.bet.code: o for o in evaluate_bets(remaining_shoe(8, dealt), rule_set("classic"))}
    assert odds["banker"].total == 392 * 391 * 390 * 389 * 388 * 387
    assert sum(odds["player_pair"].counts.values()) == odds["player_pair"].total
    assert odds["player_pair"].probability("win:win") != Fraction(373_374_329_013_504, DEALINGS_8_DECKS)


@pytest.mark.parametrize("composition", [[32] * 9, [-1] + [32] * 9, [1, 1, 1, 1, 1, 0, 0, 0, 0, 0], ["32"] * 10])
def test_compositions_are_validated(composition):
    with pytest.raises(DomainError) as error:
        evaluate_point_bets(composition, rule_set("classic"))
    assert error.value.code == "invalid_composition"


def test_a_card_dealt_more_often_than_the_decks_hold_is_refused():
    with pytest.raises(DomainError) as error:
        remaining_shoe(1, [parse_card("AS")] * 2)
    assert error.value.code == "impossible_card"


def test_cli_prints_the_odds_as_json(capsys):
    assert main(["odds", "--rule-set", "classic_no_commission", "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    banker = next(bet for bet in document["bets"] if bet["bet"] == "banker")
    assert banker["outcomes"]["win:win_six"]["pays"] == "0.5"
    assert round(banker["house_edge"] * 100, 4) == 1.4581


def test_cli_prints_a_table_with_edges_and_rtp(capsys):
    assert main(["odds"]) == 0
    out = capsys.readouterr().out
    assert "banker (庄, Banker): house edge 1.0579%, RTP 98.9421%" in out
    assert "2,292,252,566,437,888" in out


def test_cli_refuses_an_impossible_shoe(capsys):
    assert main(["odds", "--decks", "9"]) == 2
    assert "invalid_decks" in capsys.readouterr().err
