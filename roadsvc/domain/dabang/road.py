"""The match road (路单): one entry per deal, what everyone at the table saw. No hand, no hidden bottom."""

from __future__ import annotations

from roadsvc.domain.dabang.declaring_phase import Redeal
from roadsvc.domain.dabang.match import DealRecord, Match


def deal_entry(record: DealRecord) -> dict:
    end = record.end
    levels_after = {"A": record.levels_after[0], "B": record.levels_after[1]}
    if isinstance(end, Redeal):
        return {"number": end.start.number, "redeal": True, "level": end.start.level, "holder": None,
                "dealer_seat": end.start.dealer_seat, "trump": None, "points": None, "kou_di": None,
                "dry_pot": False, "blood": None, "levels_after": levels_after}
    score, cards = end.score, end.cards
    return {
        "number": cards.number, "redeal": False, "level": cards.order.level, "holder": score.holder,
        "dealer_seat": cards.dealer_seat, "trump": cards.order.trump, "points": score.points,
        "trick_points": score.trick_points, "bottom_points": score.bottom_points,
        "kou_di": score.kou_di, "dry_pot": score.dry_pot, "tribute_count": len(cards.tribute),
        "blood": score.blood, "levels_gained": dict(score.levels_gained), "levels_after": levels_after,
        "instant_win": score.instant_reason,
    }


def match_road(match: Match) -> dict:
    return {
        "levels": match.levels,
        "winner": match.winner,
        "reason": match.reason,
        "deals": [deal_entry(record) for record in match.deals],
    }
