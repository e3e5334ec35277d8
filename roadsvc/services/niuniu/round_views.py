"""A stored round as readers see it, through the domain's one rule for hidden cards (`round_view`)."""

from __future__ import annotations

from typing import Any

from roadsvc.domain.cards import parse_card, parse_cards
from roadsvc.domain.niuniu.dealing import POSITIONS, Deal
from roadsvc.domain.niuniu.rounds import hands_of, results, round_view
from roadsvc.domain.niuniu.trend import SettledRound
from roadsvc.persistence.models import NiuniuRound


def deal_of(row: NiuniuRound) -> Deal:
    hands = {position: tuple(parse_cards(row.hands[position], jokers=True)) for position in POSITIONS}
    return Deal(hands, None if row.reveal is None else parse_card(row.reveal))


def public_round(row: NiuniuRound) -> dict[str, Any]:
    """The round for any reader: a hand's fourth card and type only once it is open."""
    opened = tuple(row.opened or ())
    return {"number": row.number, "phase": row.status, "opened": list(opened),
            **round_view(deal_of(row), opened),
            "void_reason": row.void_reason, "banker_account": row.banker_account,
            "created_at": row.created_at.isoformat(), "settled_at": row.settled_at and row.settled_at.isoformat()}


def settled_round(row: NiuniuRound) -> SettledRound:
    """What the trend road takes of a settled round (never called for one still being opened)."""
    hands = hands_of(deal_of(row))
    return SettledRound(row.number, {position: hand.type.code for position, hand in hands.items()}, results(hands))
