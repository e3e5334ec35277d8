"""The point-based bets' outcome counts for a composition: one matrix-vector product.

`point_odds` groups every value sequence the third-card rules can deal by the
multiset of values it uses and by its point key. Here the keys are folded into the
bets' outcome labels once per set of rules, giving a (labels x multisets) matrix of
orderings. For a composition, each multiset's weight is
prod_v ff(c_v, k_v) * ff(N - |m|, 6 - |m|) (ordered six-card dealings using it),
and the labels' counts are the matrix times those weights.

Exactness: every weight, product and partial sum is a count of dealings, an integer
no larger than N (N-1) ... (N-5) < 2**53 for up to 8 decks (416 cards), so float64
(BLAS) arithmetic on them is exact; the result is rounded back to integers.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np

from roadsvc.domain.baccarat.bets.point_odds import MAX_CARDS, VALUES, falling, key_facts, value_structure

Signature = tuple[tuple[str, str, "str | None"], ...]  # (bet code, rule name, side) per bet


class PointTable:
    """Outcome labels of some point-based bets, as rows over the value multisets."""

    def __init__(self, bets: Sequence):
        structure = value_structure()
        facts = [key_facts(key) for key in structure.keys]
        entry_key = np.repeat(np.arange(len(structure.keys)), np.diff(np.append(structure.key_starts,
                                                                                 len(structure.entry_mset))))
        self.labels: list[tuple[str, str]] = []
        rows = []
        for bet in bets:
            outcome_of = np.array([bet.rule.decide(f, bet.side).label for f in facts])
            for label in sorted(set(outcome_of.tolist())):
                keys = (outcome_of == label)[entry_key]
                rows.append(np.bincount(structure.entry_mset[keys], weights=structure.entry_count[keys],
                                        minlength=len(structure.multisets)))
                self.labels.append((bet.code, label))
        self.matrix = np.array(rows, dtype=np.float64).reshape(len(rows), len(structure.multisets))
        self.multisets = structure.multisets
        self.sizes = structure.sizes

    def counts(self, values: np.ndarray) -> np.ndarray:
        """Ordered six-card dealings per label for `values` (counts of values 0-9 left)."""
        steps = np.arange(MAX_CARDS)
        table = np.cumprod(np.concatenate([np.ones((VALUES, 1), np.int64),
                                           np.maximum(values[:, None] - steps[None, :], 0)], axis=1), axis=1)
        weights = np.prod(table[np.arange(VALUES), self.multisets], axis=1)
        total = int(values.sum())
        rest = np.array([falling(total - size, MAX_CARDS - size) for size in range(MAX_CARDS + 1)], np.int64)
        weights = (weights * rest[self.sizes]).astype(np.float64)
        return np.rint(np.einsum("lm,m->l", self.matrix, weights)).astype(np.int64)  # not BLAS: see card_table
