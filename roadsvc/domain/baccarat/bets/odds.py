"""Exact odds of every bet of a rule set, for a fresh shoe or any shoe composition.

Point-based bets come from `point_odds` (enumeration by value), card-based bets
(pairs, suits, colours) from `card_odds` (combinatorial counting of the first two
cards' classes). Every bet falls in exactly one family: no rule reads both the
drawing and the suits.
"""

from __future__ import annotations

from collections import Counter
from typing import Iterable, Mapping

from roadsvc.domain.baccarat.bets.bet_odds import BetOdds
from roadsvc.domain.baccarat.bets.card_odds import evaluate_card_bets, full_shoe, is_card_bet, value_composition
from roadsvc.domain.baccarat.bets.point_odds import evaluate_point_bets, is_point_bet
from roadsvc.domain.baccarat.bets.rule_sets import RuleSet
from roadsvc.domain.baccarat.dealing.cards import Card
from roadsvc.domain.errors import DomainError
from roadsvc.domain.baccarat.dealing.shoe import DEFAULT_DECKS, check_decks


def remaining_shoe(decks: int = DEFAULT_DECKS, dealt: Iterable[Card] = ()) -> dict[Card, int]:
    """The card composition left once `dealt` (burned and played cards) are out of the shoe."""
    counts = full_shoe(check_decks(decks))
    for card, count in Counter(dealt).items():
        if count > counts[card]:
            raise DomainError("impossible_card", f"{card.code} dealt {count} times from {decks} decks", "cards")
        counts[card] -= count
    return counts


def evaluate_bets(counts: Mapping[Card, int], rule_set: RuleSet) -> list[BetOdds]:
    """Exact odds of every bet of `rule_set` for the card composition `counts`, in catalogue order."""
    odds = evaluate_point_bets(value_composition(counts), rule_set)
    if any(is_card_bet(bet) for bet in rule_set.bets.values()):
        odds |= evaluate_card_bets(counts, rule_set)
    for bet in rule_set.bets.values():
        if not (is_point_bet(bet) or is_card_bet(bet)):
            raise DomainError("unsupported_bet", f"{bet.code} needs both points and suits; no odds engine for it")
    return [odds[code] for code in rule_set.bets]


def odds_report(rule_set: RuleSet, decks: int = DEFAULT_DECKS) -> list[BetOdds]:
    """Exact odds of every bet of `rule_set` on a fresh shoe of `decks` decks."""
    return evaluate_bets(remaining_shoe(decks), rule_set)
