"""Exact odds of the point-based bets for any shoe composition, in about a millisecond.

A point-based bet depends only on the cards' values (totals, card counts, naturals,
the winner), so the dealing P1 B1 P2 B2 [P3] [B3] is enumerated by value (0-9), once:
every value sequence the third-card rules can deal, grouped by the multiset of values
it uses and by its "point key" (player total, banker total, player cards, banker
cards). Drawing without replacement, every ordering of one multiset is equally
likely, with weight prod over values v of c_v (c_v - 1) ... (k_v factors), for c_v
cards of value v left and k_v used. So for a composition, the number of ordered
six-card dealings giving each key is

    sum over multisets m of orderings(m, key) * prod_v ff(c_v, k_v) * ff(N - |m|, 6 - |m|)

(the last factor deals the unused cards, so every count is out of N (N-1) ... (N-5),
the published figures' base). The structure is built once per process (a few hundred
thousand leaves); each evaluation is a handful of int64 numpy operations, exact: for
an 8-deck shoe no count exceeds 416 x 415 x ... x 411 < 2**53.

Each bet's outcome per key comes from its rule (`rules`), the same code that
settles it, so the odds are the odds of the bets as settled.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from functools import cache
from typing import Sequence

import numpy as np

from roadsvc.domain.baccarat.bets.bet_odds import BetOdds, in_label_order
from roadsvc.domain.baccarat.bets.facts import CARD_COUNTS, NATURALS, RESULT, TOTALS, HandFacts
from roadsvc.domain.baccarat.bets.rule_sets import BetSpec, RuleSet
from roadsvc.domain.baccarat.dealing.drawing import banker_draws, player_draws
from roadsvc.domain.errors import DomainError
from roadsvc.domain.baccarat.dealing.hands import result_of

POINT_FACTS = frozenset({RESULT, TOTALS, NATURALS, CARD_COUNTS})
VALUES = 10
MAX_CARDS = 6

Key = tuple[int, int, int, int]  # player total, banker total, player cards, banker cards


def is_point_bet(bet: BetSpec) -> bool:
    return bet.needs <= POINT_FACTS


@dataclass(frozen=True)
class _Structure:
    keys: list[Key]
    multisets: np.ndarray  # (M, 10) values used per multiset
    sizes: np.ndarray  # (M,) cards used
    entry_mset: np.ndarray  # entries sorted by key: multiset index
    entry_count: np.ndarray  # orderings of the multiset giving the key
    key_starts: np.ndarray  # first entry of each key


# A multiset of values is coded as one integer, 3 bits per value (a hand uses at most
# 6 cards), so joining multisets is adding their codes.
_BITS = 3
_ONE = [1 << (_BITS * value) for value in range(VALUES)]


def _pairs() -> list[tuple[int, int, int]]:
    """Two-card value multisets: (code, two-card total, number of orderings)."""
    return [(_ONE[a] + _ONE[b], (a + b) % 10, 1 if a == b else 2) for a in range(VALUES) for b in range(a, VALUES)]


def _leaves():
    """(code of the values used, key, orderings) for every dealing the third-card rules allow."""
    for player, p2, player_orders in _pairs():
        for banker, b2, banker_orders in _pairs():
            yield from _draws(player + banker, p2, b2, player_orders * banker_orders)


def _draws(first: int, p2: int, b2: int, orders: int):
    if not player_draws(p2, b2):
        if banker_draws(p2, b2, None):
            for b3 in range(VALUES):
                yield first + _ONE[b3], (p2, (b2 + b3) % 10, 2, 3), orders
        else:
            yield first, (p2, b2, 2, 2), orders
        return
    for p3 in range(VALUES):
        pt, used = (p2 + p3) % 10, first + _ONE[p3]
        if banker_draws(p2, b2, p3):
            for b3 in range(VALUES):
                yield used + _ONE[b3], (pt, (b2 + b3) % 10, 3, 3), orders
        else:
            yield used, (pt, b2, 3, 2), orders


def _decode(code: int) -> list[int]:
    return [(code >> (_BITS * value)) & ((1 << _BITS) - 1) for value in range(VALUES)]


@cache
def _structure() -> _Structure:
    grouped: dict[Key, dict[int, int]] = defaultdict(lambda: defaultdict(int))
    for used, key, orders in _leaves():
        grouped[key][used] += orders
    mset_index: dict[int, int] = {}
    keys, entry_mset, entry_count, key_starts = sorted(grouped), [], [], []
    for key in keys:
        key_starts.append(len(entry_mset))
        for used, count in grouped[key].items():
            entry_mset.append(mset_index.setdefault(used, len(mset_index)))
            entry_count.append(count)
    multisets = np.array([_decode(code) for code in mset_index], dtype=np.int64)
    return _Structure(keys, multisets, multisets.sum(axis=1), np.array(entry_mset), np.array(entry_count, np.int64),
                      np.array(key_starts))


def value_structure() -> _Structure:
    """The dealing by value, grouped by multiset and point key (built once per process)."""
    return _structure()


def point_keys() -> list[Key]:
    """Every (player total, banker total, player cards, banker cards) a dealing can give."""
    return list(_structure().keys)


def key_facts(key: Key) -> HandFacts:
    """The facts of a hand with this point key (a side with 2 cards and 8 or 9 is a natural)."""
    player_total, banker_total, player_count, banker_count = key
    return HandFacts(
        result=result_of(player_total, banker_total),
        player_total=player_total,
        banker_total=banker_total,
        player_natural=player_count == 2 and player_total >= 8,
        banker_natural=banker_count == 2 and banker_total >= 8,
        player_count=player_count,
        banker_count=banker_count,
    )


def check_composition(composition: Sequence[int]) -> np.ndarray:
    """Counts of values 0-9 left in the shoe; at least six cards, so a hand can be dealt."""
    counts = list(composition)
    if len(counts) != VALUES or any(isinstance(c, bool) or not isinstance(c, (int, np.integer)) or c < 0
                                    for c in counts):
        raise DomainError("invalid_composition", "a composition is 10 counts (values 0-9), none negative",
                          "composition")
    if sum(counts) < MAX_CARDS:
        raise DomainError("invalid_composition", f"a hand can need {MAX_CARDS} cards; {sum(counts)} are left",
                          "composition")
    return np.array(counts, dtype=np.int64)


def falling(n: int, k: int) -> int:
    """n (n-1) ... (n-k+1)."""
    result = 1
    for i in range(k):
        result *= n - i
    return result


def key_counts(composition: Sequence[int]) -> tuple[np.ndarray, int]:
    """Ordered six-card dealings per point key, and their total N (N-1) ... (N-5)."""
    counts = check_composition(composition)
    structure = _structure()
    steps = np.arange(MAX_CARDS + 1)
    table = np.cumprod(np.concatenate([np.ones((VALUES, 1), np.int64),
                                       np.maximum(counts[:, None] - steps[None, :-1], 0)], axis=1), axis=1)
    weights = np.prod(table[np.arange(VALUES), structure.multisets], axis=1)
    total = int(counts.sum())
    rest = np.array([falling(total - size, MAX_CARDS - size) for size in range(MAX_CARDS + 1)], np.int64)
    weights = weights * rest[structure.sizes]
    per_entry = structure.entry_count * weights[structure.entry_mset]
    return np.add.reduceat(per_entry, structure.key_starts), falling(total, MAX_CARDS)


class PointBetEvaluator:
    """Exact odds of a rule set's point-based bets for any composition.

    Build once per rule set (it classifies every point key by every bet's rule),
    then `evaluate(composition)` costs about a millisecond.
    """

    def __init__(self, rule_set: RuleSet):
        self.bets = [bet for bet in rule_set.bets.values() if is_point_bet(bet)]
        facts = [key_facts(key) for key in point_keys()]
        self._labels: list[tuple[BetSpec, str]] = []
        rows = []
        for bet in self.bets:
            outcome_of = [bet.rule.decide(f, bet.side).label for f in facts]
            for label in sorted(set(outcome_of)):
                self._labels.append((bet, label))
                rows.append([label == o for o in outcome_of])
        self._matrix = np.array(rows, dtype=np.int64)

    def evaluate(self, composition: Sequence[int]) -> dict[str, BetOdds]:
        per_key, total = key_counts(composition)
        per_label = self._matrix @ per_key
        counts: dict[str, dict[str, int]] = {bet.code: {} for bet in self.bets}
        for (bet, label), count in zip(self._labels, per_label.tolist()):
            counts[bet.code][label] = count
        return {bet.code: BetOdds(bet, in_label_order(bet, counts[bet.code]), total) for bet in self.bets}


@cache
def _evaluator(rule_set: RuleSet) -> PointBetEvaluator:
    return PointBetEvaluator(rule_set)


def evaluate_point_bets(composition: Sequence[int], rule_set: RuleSet) -> dict[str, BetOdds]:
    """Exact odds of every point-based bet of `rule_set` for `composition` (values 0-9 left)."""
    return _evaluator(rule_set).evaluate(composition)
