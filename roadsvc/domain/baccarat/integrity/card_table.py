"""The card-based bets' outcome counts for a composition, in closed form over 52 card types.

A card-based bet (pairs, suits, colours) reads only each side's first two cards, and
`card_odds` sorts a side's two cards into 94 classes the rules cannot tell apart. The
joint weight W[p, b] of (player class p, banker class b) is the number of ordered
four-card dealings P1 B1 P2 B2 giving them. With c the counts of the 52 types,
P_ab = c_a (c_b - [a = b]) the ordered player draws and d = e_a + e_b the cards they
take, the banker's draws from what is left are

    c'_x (c'_y - [x = y]) = (c_x c_y - [x = y] c_x) - (c_x d_y + d_x c_y - d_x d_y - [x = y] d_x)

with c' = c - d. The first part does not depend on the player's cards (it is the
banker's class weights G of the whole composition), the second is linear in e_a and
e_b. Summing over the player's draws:

    W = G (x) G - (X + Y)^T (R + L) + T

where, K[a, b] being the class of the ordered pair (a, b):
X[a] = sum_b P_ab e_K[a,b] and Y[b] = sum_a P_ab e_K[a,b] (the player's draws by
first and by second card), R[t] = sum_x c_x e_K[x,t] and L[t] = sum_y c_y e_K[t,y]
(the banker's draws that hold a card of type t), and
T = sum_ab P_ab e_K[a,b] (x) (2 e_K[a,a] + e_K[a,b] + e_K[b,a] + 2 e_K[b,b]).
Each is a bincount over the 2704 ordered type pairs or a (94 x 52)(52 x 94) product:
a fraction of a millisecond, exact (every figure is an integer below 2**53). Products
use numpy's own loops (einsum), not BLAS: a multi-threaded BLAS keeps its threads
spinning after each call, which on a web server's few cores slows every other request.

Each bet's outcome on each joint class comes from its rule applied to the classes'
representative cards (`card_odds.representative`), as the reference enumeration does.
"""

from __future__ import annotations

from functools import cache
from typing import Sequence

import numpy as np

from roadsvc.domain.baccarat.bets.card_odds import _side_facts, side_class
from roadsvc.domain.baccarat.bets.facts import HandFacts
from roadsvc.domain.baccarat.bets.point_odds import falling
from roadsvc.domain.baccarat.dealing.hands import BANKER, PLAYER
from roadsvc.domain.baccarat.integrity.composition import CARD_TYPES

TYPES = len(CARD_TYPES)


@cache
def _pair_classes() -> tuple[list, np.ndarray]:
    """Every side class, and K: the class index of each ordered pair of types (a-major, 2704)."""
    classes = sorted({side_class(a, b) for a in CARD_TYPES for b in CARD_TYPES}, key=repr)
    index = {cls: i for i, cls in enumerate(classes)}
    return classes, np.array([index[side_class(a, b)] for a in CARD_TYPES for b in CARD_TYPES], dtype=np.int64)


@cache
def _indices() -> dict[str, np.ndarray]:
    classes, k = _pair_classes()
    n = len(classes)
    first, second = np.repeat(np.arange(TYPES), TYPES), np.tile(np.arange(TYPES), TYPES)
    diagonal = k[np.arange(TYPES) * (TYPES + 1)]
    transposed = k[second * TYPES + first]
    joint = np.concatenate([k * n + diagonal[first], k * n + k, k * n + transposed, k * n + diagonal[second]])
    return {"first": first, "second": second, "same": (first == second).astype(np.int64), "k": k,
            "by_first": first * n + k, "by_second": second * n + k, "joint": joint}


def joint_weights(counts: np.ndarray) -> np.ndarray:
    """W[p, b]: ordered four-card dealings P1 B1 P2 B2 per (player class, banker class)."""
    n = len(_pair_classes()[0])
    ix = _indices()
    c = counts.astype(np.float64)
    draws = c[ix["first"]] * (c[ix["second"]] - ix["same"])
    banker = np.bincount(ix["k"], weights=draws, minlength=n)
    by_first = np.bincount(ix["by_first"], weights=draws, minlength=TYPES * n).reshape(TYPES, n)
    by_second = np.bincount(ix["by_second"], weights=draws, minlength=TYPES * n).reshape(TYPES, n)
    holding = (np.bincount(ix["by_second"], weights=c[ix["first"]], minlength=TYPES * n)
               + np.bincount(ix["by_first"], weights=c[ix["second"]], minlength=TYPES * n)).reshape(TYPES, n)
    twice = np.concatenate([2 * draws, draws, draws, 2 * draws])
    coincide = np.bincount(ix["joint"], weights=twice, minlength=n * n).reshape(n, n)
    return np.outer(banker, banker) - np.einsum("ti,tj->ij", by_first + by_second, holding) + coincide


class CardTable:
    """Outcome labels of some card-based bets, as rows over the joint classes."""

    def __init__(self, bets: Sequence):
        classes = _pair_classes()[0]
        self.labels: list[tuple[str, str]] = []
        rows = []
        facts = [HandFacts(**_side_facts(PLAYER, p), **_side_facts(BANKER, b)) for p in classes for b in classes]
        for bet in bets:
            outcome_of = np.array([bet.rule.decide(f, bet.side).label for f in facts])
            for label in sorted(set(outcome_of.tolist())):
                rows.append(outcome_of == label)
                self.labels.append((bet.code, label))
        self.matrix = np.array(rows, dtype=np.float64).reshape(len(rows), len(classes) ** 2)

    def counts(self, counts: np.ndarray) -> np.ndarray:
        """Ordered six-card dealings per label (four-card counts times the two cards after)."""
        four = np.rint(np.einsum("lk,k->l", self.matrix, joint_weights(counts).ravel())).astype(np.int64)
        return four * falling(int(counts.sum()) - 4, 2)
