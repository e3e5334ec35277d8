"""improbable_results: the shoe's longest streak or banker share is improbable under the
exact odds (p-values in roadsvc.domain.baccarat.monitoring.probability)."""

from __future__ import annotations

from roadsvc.domain.baccarat.dealing.hands import BANKER, PLAYER
from roadsvc.domain.baccarat.monitoring.facts import HandIn
from roadsvc.domain.baccarat.monitoring.probability import banker_share, longest_run_p, share_p
from roadsvc.domain.monitoring.registry import WARNING, Finding, Setting, Settings, rule

ANOMALY_P = Setting("anomaly_p", 1e-4, 1e-12, 0.01, float,
                    "improbable_results is raised below this p-value")


def longest_streak(results: list[str]) -> tuple[str | None, int]:
    """The longest run of banker or player wins (ties neither extend nor break it), and its side."""
    side, best_side, run, best = None, None, 0, 0
    for result in results:
        if result not in (BANKER, PLAYER):
            continue
        run = run + 1 if result == side else 1
        side = result
        if run > best:
            best, best_side = run, side
    return best_side, best


def run_p_at_least(n: int, longest: int, q: float) -> float:
    """A lower bound on longest_run_p, in O(1): n // longest disjoint blocks, each one
    run with probability q^L + (1 - q)^L. Used to skip the exact program when it cannot
    fall below any allowed threshold."""
    if longest <= 0 or longest > n:
        return 1.0 if longest <= 0 else 0.0
    one_block = q**longest + (1 - q) ** longest
    return 1 - (1 - one_block) ** (n // longest)


@rule("improbable_results", on=HandIn, settings=(ANOMALY_P,))
def improbable_results(fact: HandIn, settings: Settings) -> Finding | None:
    results = [hand.result for hand in fact.hands]
    side, longest = longest_streak(results)
    banker, player = results.count(BANKER), results.count(PLAYER)
    n, q = banker + player, banker_share(fact.decks)
    if n == 0:
        return None
    # The share's p-value is cheap; the streak's bound spares the program on most hands.
    # Neither reads the table's settings unless a p-value is below the highest allowed.
    p_share = share_p(n, banker, q)
    p_run = longest_run_p(n, longest, q) if run_p_at_least(n, longest, q) < ANOMALY_P.high else 1.0
    p_value = min(p_share, p_run)
    if p_value >= ANOMALY_P.high or p_value >= settings[ANOMALY_P.name]:
        return None
    details = {
        "p_value": p_value,
        "threshold": settings[ANOMALY_P.name],
        "decided_hands": n,
        "banker_probability": q,
        "streak": {"side": side, "longest": longest, "p_value": p_run},
        "banker_share": {"banker": banker, "player": player, "share": banker / n, "p_value": p_share},
    }
    what = (f"a {side} streak of {longest}" if p_run <= p_share
            else f"{banker} banker wins in {n} decided hands")
    return Finding("improbable_results", WARNING, f"{what}: p = {p_value:.2g} under the exact odds", details,
                   fact.hand_number)
