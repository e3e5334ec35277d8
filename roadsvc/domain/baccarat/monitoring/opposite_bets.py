"""The `opposite_bets` rule (issue 45): one player on both sides of one hand.

Banker and player staked on the same hand by one account, or by accounts the operator linked into one
group, risk almost nothing and still earn turnover rebates (wash betting). The rule reads the hand's
accepted stakes on the two sides, by account, with each account's link group.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from roadsvc.domain.monitoring.registry import WARNING, Finding, Settings, rule

OPPOSITE_BETS = "opposite_bets"
SIDES = ("banker", "player")


@dataclass(frozen=True, slots=True)
class SideStake:
    account_id: str
    link_group: str | None
    side: str  # banker or player
    cents: int


@dataclass(frozen=True)
class HandSides:
    """The stakes on banker and player of one hand."""

    shoe_id: int
    hand_number: int
    stakes: Sequence[SideStake]


def players(fact: HandSides) -> dict[str, list[SideStake]]:
    """The stakes by player: a link group, or an account standing alone."""
    found: dict[str, list[SideStake]] = {}
    for stake in fact.stakes:
        found.setdefault(stake.link_group or f"account {stake.account_id}", []).append(stake)
    return found


def both_sides(fact: HandSides) -> list[tuple[str, list[SideStake]]]:
    """The players (group or account) with stakes on both sides of the hand."""
    return [(who, stakes) for who, stakes in players(fact).items() if {s.side for s in stakes} >= set(SIDES)]


def opposite_details(fact: HandSides, who: str, stakes: Sequence[SideStake]) -> dict:
    sides: Mapping[str, int] = {side: sum(s.cents for s in stakes if s.side == side) for side in SIDES}
    return {"shoe_id": fact.shoe_id, "hand_number": fact.hand_number,
            "link_group": stakes[0].link_group,
            "accounts": sorted({s.account_id for s in stakes}),
            "banker_staked": _money(sides["banker"]), "player_staked": _money(sides["player"]),
            "hands": [{"shoe_id": fact.shoe_id, "hand_number": fact.hand_number}]}


def _money(cents: int) -> str:
    return f"{cents // 100}.{cents % 100:02d}"


@dataclass(frozen=True)
class OppositeStakes:
    """One player's stakes on both sides of one hand (the fact the rule words)."""

    hand: HandSides
    who: str
    stakes: Sequence[SideStake]


@rule(OPPOSITE_BETS, on=OppositeStakes)
def opposite_bets(fact: OppositeStakes, settings: Settings) -> Finding | None:
    details = opposite_details(fact.hand, fact.who, fact.stakes)
    accounts = ", ".join(details["accounts"])
    message = (f"hand {fact.hand.hand_number}: {accounts} staked banker {details['banker_staked']} and player "
               f"{details['player_staked']}")
    return Finding(OPPOSITE_BETS, WARNING, message, details, fact.hand.hand_number, keep="hands")
