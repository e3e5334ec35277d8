"""The floor monitor's rules about a dealer (issue 45), read on the jobs process's dealer pass over the
shift so far: `dealer_refusals` when the dealer's games are refused more often than the rest of the
floor's at that game (one-sided p < REFUSAL_ALPHA, from MIN_GAMES games), `dealer_pace` when their pace
strays from the floor's either way (|z| >= PACE_Z and by PACE_DIFFERENCE at least, from MIN_GAPS gaps: with
hundreds of games a z-score alone would call a dealer 3 % slower out of line). Both resolve by themselves at
the first pass that no longer sees them (a new shift starts every dealer's figures again).
The levels are stated, not settings: docs/dealers.md gives their false-alarm rates."""

from __future__ import annotations

from dataclasses import dataclass

from roadsvc.domain.dealers.statistics import Gaps, pace_z, refusal_p_value, two_sided_p
from roadsvc.domain.monitoring.registry import WARNING, Finding, Settings, rule

DEALER_REFUSALS, DEALER_PACE = "dealer_refusals", "dealer_pace"
REFUSAL_ALPHA = 0.001  # per dealer, game and pass: one-sided
MIN_GAMES = 20
PACE_Z = 3.29  # two-sided 0.001
PACE_DIFFERENCE = 0.15  # and the dealer's mean gap at least 15 % longer or shorter than the floor's
MIN_GAPS = 20


@dataclass(frozen=True, slots=True)
class DealerRefusals:
    """A dealer's refusals and games at one game in the period, and the rest of the floor's."""

    dealer_id: int
    name: str
    game: str
    period: str
    refusals: int
    games: int
    floor_refusals: int
    floor_games: int


@dataclass(frozen=True, slots=True)
class DealerPace:
    dealer_id: int
    name: str
    game: str
    period: str
    dealer: Gaps
    floor: Gaps


def _rate(refusals: int, games: int) -> float:
    return round(100 * refusals / games, 2) if games else 0.0


@rule(DEALER_REFUSALS, on=DealerRefusals, resolves_itself=True)
def dealer_refusals(fact: DealerRefusals, settings: Settings) -> Finding | None:
    if fact.games < MIN_GAMES:
        return None
    p = refusal_p_value(fact.refusals, fact.games, fact.floor_refusals, fact.floor_games)
    if p is None or p >= REFUSAL_ALPHA:
        return None
    details = {"dealer_id": fact.dealer_id, "name": fact.name, "game": fact.game, "period": fact.period,
               "refusals": fact.refusals, "games": fact.games, "per_100": _rate(fact.refusals, fact.games),
               "floor_refusals": fact.floor_refusals, "floor_games": fact.floor_games,
               "floor_per_100": _rate(fact.floor_refusals, fact.floor_games), "p_value": float(f"{p:.3g}"),
               "alpha": REFUSAL_ALPHA, "test": "conditional binomial (two Poisson rates), one-sided"}
    return Finding(DEALER_REFUSALS, WARNING,
                   f"dealer {fact.name}: {fact.refusals} refusals in {fact.games} {fact.game} games "
                   f"({details['per_100']}/100 against the floor's {details['floor_per_100']}/100, p={p:.2g})", details)


@rule(DEALER_PACE, on=DealerPace, resolves_itself=True)
def dealer_pace(fact: DealerPace, settings: Settings) -> Finding | None:
    if fact.dealer.n < MIN_GAPS:
        return None
    z = pace_z(fact.dealer, fact.floor)
    if z is None or abs(z) < PACE_Z or abs(fact.dealer.mean - fact.floor.mean) < PACE_DIFFERENCE * fact.floor.mean:
        return None
    details = {"dealer_id": fact.dealer_id, "name": fact.name, "game": fact.game, "period": fact.period,
               "games_per_hour": round(fact.dealer.games_per_hour or 0, 1),
               "floor_games_per_hour": round(fact.floor.games_per_hour or 0, 1), "gaps": fact.dealer.n,
               "z": round(z, 2), "p_value": float(f"{two_sided_p(z):.3g}"), "threshold": PACE_Z,
               "difference": round(fact.dealer.mean / fact.floor.mean - 1, 3), "least_difference": PACE_DIFFERENCE,
               "slower": z > 0}
    return Finding(DEALER_PACE, WARNING,
                   f"dealer {fact.name}: {details['games_per_hour']} {fact.game} games an hour against the floor's "
                   f"{details['floor_games_per_hour']} (z={z:.2f})", details)
