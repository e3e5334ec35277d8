"""The exact odds of a 百人牛牛 table's settings: each hand type's probability, an area's chance against the
banker, the mean amounts won and lost, each area's EV and the house edge. Counted, not sampled.

A hand's type depends only on its rank multiset (a joker as wild), so a deck is its kinds with their
copies (54 cards: 13 ranks of 4 and the wild of 2) and a hand is a multiset of kinds, weighted by the
ways to pick its cards (the product of C(copies, count)). One hand: every multiset, C(54, 5) hands.

An area and the banker are dealt from one deck, 10 cards without replacement: an ordered pair of
disjoint hands, C(54, 5) x C(49, 5) of them. For hand A's multiset a, the hands B beside it number, per
multiset b, the product over kinds of C(copies - a_k, b_k): `joint_type_counts` sums that into a matrix
J[x][y] of the pairs whose A is of type x and B of type y (numpy, one product per multiset of A over the
kinds A holds, exact in float64: every count is below 2**53).

Who wins between two hands of one type depends on their largest cards, but A and B are exchangeable,
so of the pairs with both of type x, A wins exactly half. Hence, exactly and for any multiples:
P(area wins with type x) = (sum over y < x of J[x][y] + J[x][x] / 2) / pairs, and the banker's the same
with the roles swapped. With commission 0 an area's EV is 0 (the game is symmetric); the house lives on
the commission, or on the banker's result when it banks.

The type matrix does not depend on the settings: it is computed once per process (`deck_counts`,
cached) and each settings' report from it is a few dozen exact fraction operations (cached by the
caller on the settings). Commission is exact here (a share of the winnings); the service rounds each
commission down to the cent, which the per-unit figures leave out.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Iterator, Mapping, Sequence

import numpy as np

from roadsvc.domain.niuniu.dealing import PLAYERS
from roadsvc.domain.niuniu.hands import HAND_SIZE, WILD, HandType, best_type

RANKS = tuple(range(1, 14))
FULL_DECK = ((WILD, 2), *((rank, 4) for rank in RANKS))  # 54 cards: the jokers as one wild kind
TYPES = tuple(HandType)  # worst first
_INDEX = {hand_type: index for index, hand_type in enumerate(TYPES)}
PLACES = 12  # the probabilities' decimal places in the report


@dataclass(frozen=True, slots=True)
class DeckCounts:
    """What a deck makes, whatever the settings: hands per type, and ordered pairs of disjoint hands per
    (A's type, B's type)."""

    cards: int
    hands: dict[HandType, int]
    pairs: tuple[tuple[int, ...], ...]  # pairs[x][y], types indexed worst first

    @property
    def hand_total(self) -> int:
        return sum(self.hands.values())

    @property
    def pair_total(self) -> int:
        return sum(map(sum, self.pairs))


def multisets(deck: Sequence[tuple[int, int]], size: int = HAND_SIZE) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every multiset of `size` cards of the deck's kinds, as counts per kind, with its number of hands."""
    def extend(index: int, left: int, counts: tuple[int, ...], ways: int):
        if index == len(deck):
            if left == 0:
                yield counts, ways
            return
        copies = deck[index][1]
        for count in range(min(copies, left) + 1):
            yield from extend(index + 1, left - count, counts + (count,), ways * comb(copies, count))
    yield from extend(0, size, (), 1)


def type_of(deck: Sequence[tuple[int, int]], counts: Sequence[int]) -> HandType:
    ranks = tuple(sorted(kind for (kind, _), count in zip(deck, counts) for _ in range(count)))
    return best_type(ranks)


def typed_multisets(deck: Sequence[tuple[int, int]]) -> list[tuple[tuple[int, ...], int, HandType]]:
    return [(multiset, ways, type_of(deck, multiset)) for multiset, ways in multisets(deck)]


def hand_type_counts(deck: Sequence[tuple[int, int]] = FULL_DECK,
                     typed: list[tuple[tuple[int, ...], int, HandType]] | None = None) -> dict[HandType, int]:
    """Hands of five per type (every type present, 0 where none)."""
    counts = dict.fromkeys(TYPES, 0)
    for _, ways, hand_type in typed if typed is not None else typed_multisets(deck):
        counts[hand_type] += ways
    return counts


def joint_type_counts(deck: Sequence[tuple[int, int]] = FULL_DECK,
                      typed: list[tuple[tuple[int, ...], int, HandType]] | None = None
                      ) -> tuple[tuple[int, ...], ...]:
    """Ordered pairs (A, B) of disjoint hands of five by (A's type, B's type), worst first."""
    found = [(multiset, ways) for multiset, ways, _ in typed] if typed is not None else list(multisets(deck))
    counts = np.array([multiset for multiset, _ in found], dtype=np.int64)
    types = ([_INDEX[hand_type] for _, _, hand_type in typed] if typed is not None
             else [_INDEX[type_of(deck, multiset)] for multiset, _ in found])
    by_type = np.zeros((len(found), len(TYPES)))
    by_type[np.arange(len(found)), types] = 1.0
    # beside[k][c]: for each multiset b, the ways to pick b's cards of kind k once A took c of them
    beside = [[np.array([comb(copies - taken, b) for b in counts[:, kind]], dtype=np.float64)
               for taken in range(copies + 1)] for kind, (_, copies) in enumerate(deck)]
    joint = np.zeros((len(TYPES), len(TYPES)))
    everyone = np.prod([beside[kind][0] for kind in range(len(deck))], axis=0)
    for (multiset, ways), a_type in zip(found, types):
        ways_beside = everyone.copy()
        for kind, taken in enumerate(multiset):
            if taken:
                ways_beside *= beside[kind][taken] / beside[kind][0]
        joint[a_type] += ways * (ways_beside @ by_type)
    return tuple(tuple(int(round(value)) for value in row) for row in joint)


def enumerate_deck(deck: tuple[tuple[int, int], ...] = FULL_DECK) -> DeckCounts:
    """The settings-free counts of a deck, by enumeration (seconds for the 54 cards)."""
    typed = typed_multisets(deck)
    return DeckCounts(sum(copies for _, copies in deck), hand_type_counts(deck, typed), joint_type_counts(deck, typed))


@lru_cache(maxsize=1)
def deck_counts() -> DeckCounts:
    """The 54-card deck's counts: `enumerate_deck()`'s output, kept in roadsvc/domain/niuniu/odds_counts.py
    (a test enumerates again and compares), so a cold report takes milliseconds, not seconds."""
    from roadsvc.domain.niuniu.odds_counts import HANDS, PAIRS
    return DeckCounts(54, {HandType.from_code(code): count for code, count in HANDS.items()}, PAIRS)


def odds_report(multiples: Mapping[HandType, int], commission_percent: Fraction | int | str,
                counts: DeckCounts | None = None) -> dict:
    """The exact figures of one table's multiples and commission (see the module's docstring)."""
    counts = counts or deck_counts()
    total = counts.pair_total
    win, lose = _by_type(counts)
    gross_won, won, lost = _per_unit(counts, multiples, commission_percent)
    p_win, p_lose = sum(win), sum(lose)
    ev = won - lost
    changing_hands = gross_won + lost
    area = {"win_probability": _decimal(p_win), "lose_probability": _decimal(p_lose),
            "won_per_unit": _decimal(won), "lost_per_unit": _decimal(lost),
            "mean_won_when_winning": _decimal(won / p_win), "mean_lost_when_losing": _decimal(lost / p_lose),
            "ev": _decimal(ev)}
    return {
        "deck": counts.cards,
        "hands": counts.hand_total,
        "pairs": total,
        "commission_percent": str(commission_percent),
        "types": [{"type": hand_type.code, "multiple": multiples[hand_type], "hands": counts.hands[hand_type],
                   "probability": _decimal(Fraction(counts.hands[hand_type], counts.hand_total)),
                   "area_wins_with": _decimal(win[index]), "banker_wins_with": _decimal(lose[index])}
                  for index, hand_type in reversed(list(enumerate(TYPES)))],
        "areas": {area_code: area for area_code in PLAYERS},
        "house_edge": {"of_stake": _decimal(-ev), "of_money_changing_hands": _decimal(-ev / changing_hands),
                       "commission_per_unit": _decimal(gross_won - won)},
        "exact": {"area_win": _fraction(p_win), "area_ev": _fraction(ev)},
    }


def house_edge(multiples: Mapping[HandType, int], commission_percent: Fraction | int | str,
               counts: DeckCounts | None = None) -> Fraction:
    """The house's exact expected win per unit staked on an area (the commission's: the banker's result,
    whoever banks, is worth 0 on average)."""
    _, won, lost = _per_unit(counts or deck_counts(), multiples, commission_percent)
    return lost - won


def _by_type(counts: DeckCounts) -> tuple[list[Fraction], list[Fraction]]:
    """P(an area wins holding type x) and P(the banker wins holding type y), types worst first."""
    total = counts.pair_total
    win = [Fraction(2 * sum(counts.pairs[x][:x]) + counts.pairs[x][x], 2 * total) for x in range(len(TYPES))]
    lose = [Fraction(2 * sum(counts.pairs[x][y] for x in range(y)) + counts.pairs[y][y], 2 * total)
            for y in range(len(TYPES))]
    return win, lose


def _per_unit(counts: DeckCounts, multiples: Mapping[HandType, int], commission_percent: Fraction | int | str
              ) -> tuple[Fraction, Fraction, Fraction]:
    """Per unit staked on an area: the mean winnings before and after commission, and the mean loss."""
    win, lose = _by_type(counts)
    commission = Fraction(str(commission_percent)) / 100
    gross_won = sum(p * multiples[hand_type] for p, hand_type in zip(win, TYPES))
    lost = sum(p * multiples[hand_type] for p, hand_type in zip(lose, TYPES))
    return gross_won, gross_won * (1 - commission), lost


def table_multiples() -> dict[HandType, int]:
    """The spec's multiples (a table's settings keep them)."""
    return {hand_type: hand_type.multiple for hand_type in TYPES}


def _decimal(value: Fraction) -> str:
    negative = value < 0
    scaled = round(abs(value) * 10 ** PLACES)
    text = f"{scaled // 10 ** PLACES}.{scaled % 10 ** PLACES:0{PLACES}d}"
    return f"-{text}" if negative and scaled else text


def _fraction(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"
