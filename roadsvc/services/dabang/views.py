"""What a reader of a match sees. Everyone: the declarations shown, the played cards, the points taken,
the bottom when the rules show it, levels and scores. With `hidden` (the dealer and the pit boss only):
also the seats' hands, a hidden bottom and the tribute's cards (given and given back). Nothing here reads a hand unless `hidden`."""

from __future__ import annotations

from datetime import datetime

from roadsvc.domain.dabang.bottom_phase import Burying, BuryingJokers, TributeReturn
from roadsvc.domain.dabang.declaring_phase import Declaring
from roadsvc.domain.dabang.match import Match
from roadsvc.domain.dabang.play_phase import Playing, team_points
from roadsvc.domain.dabang.seats import SEATS, TEAMS, previous_seat
from roadsvc.persistence.models import DabangMatch


def codes(cards) -> list[str]:
    return [card.code for card in cards]


def match_view(row: DabangMatch, state: Match, results: list[dict], now: datetime, *, hidden: bool) -> dict:
    deal = deal_view(state.current, hidden) if state.current is not None else None
    last = results[-1] if results else None
    left = max(0, int((state.ends_at - now).total_seconds()))
    return {
        "id": row.id, "table_id": row.table_id, "players": row.players, "teams": {t: list(s) for t, s in TEAMS.items()},
        "levels": state.levels, "holder": state.holder, "dealer_seat": state.current_dealer,
        "trump": (deal or {}).get("trump") or (last or {}).get("trump"), "level_card": _level_card(state, deal),
        "started_at": row.started_at.isoformat(), "ends_at": state.ends_at.isoformat(),
        "time_limit_minutes": row.time_limit_minutes, "time_left_seconds": None if state.over else left,
        "winner": state.winner, "reason": state.reason,
        "ended_at": row.ended_at.isoformat() if row.ended_at else None, "revision": row.revision,
        "current_deal": deal, "current_trick": (deal or {}).get("current_trick"), "deals": results,
        "tournament": {"id": row.tournament_id, "round": row.bracket_round, "index": row.bracket_index}
        if row.tournament_id else None,
    }


def _level_card(state: Match, deal: dict | None) -> str | None:
    if state.over:
        return None
    level = deal["level"] if deal else state.deal_start().level
    return "10" if level == 10 else str(level)


def deal_view(phase, hidden: bool) -> dict:
    if isinstance(phase, Declaring):
        return _declaring(phase, hidden)
    view = _cards_view(phase.cards, hidden)
    view["phase"] = phase.phase
    if isinstance(phase, TributeReturn):
        view["turn"] = phase.cards.dealer_seat
        view["dry_pot"] = None  # decided on the bottom, shown only once the tribute is given back
    elif isinstance(phase, Burying):
        view["turn"] = phase.cards.dealer_seat
    elif isinstance(phase, BuryingJokers):
        view["turn"] = phase.seat
    elif isinstance(phase, Playing):
        view.update(_play_view(phase))
    return view


def _declaring(phase: Declaring, hidden: bool) -> dict:
    view = {"number": phase.start.number, "phase": phase.phase, "level": phase.start.level,
            "dealer_seat": phase.start.dealer_seat, "first_drawer": phase.draw.first_drawer, "trump": None,
            "declarations": [declaration_view(d) for d in phase.declarations]}
    if hidden:
        view["hands"] = {str(seat): codes(phase.draw.hand(seat)) for seat in SEATS}
        view["bottom"] = codes(phase.draw.bottom)
    return view


def declaration_view(declaration) -> dict:
    return {"seat": declaration.seat, "cards": codes(declaration.cards), "at": declaration.at,
            "suit": declaration.suit, "kind": declaration.kind}


def _cards_view(cards, hidden: bool) -> dict:
    shown = cards.bottom_shown or hidden
    view = {
        "number": cards.number, "level": cards.order.level, "trump": cards.order.trump,
        "dealer_seat": cards.dealer_seat, "holder": cards.holder, "dry_pot": cards.dry_pot,
        "bottom_shown": cards.bottom_shown, "bottom": codes(cards.bottom) if shown else None,
        "bottom_count": len(cards.bottom),
        "tribute": _tribute_view(cards, hidden),
        "hand_counts": {str(seat): len(cards.hand(seat)) for seat in SEATS},
        "declarations": [declaration_view(d) for d in cards.declarations],
    }
    if hidden:
        view["hands"] = {str(seat): codes(cards.hand(seat)) for seat in SEATS}
    return view


def _tribute_view(cards, hidden: bool) -> dict:
    """喝血 and 还贡: the count is public; the cards given and given back only with `hidden`."""
    view = {"from_seat": previous_seat(cards.dealer_seat), "to_seat": cards.dealer_seat, "blood": cards.blood,
            "count": len(cards.tribute), "returned": len(cards.returned) == len(cards.tribute)}
    if hidden:
        view.update(cards=codes(cards.tribute), returned_cards=codes(cards.returned))
    return view


def trick_view(plays, winner=None, points=None) -> dict:
    view = {"plays": [{"seat": play.seat, "cards": codes(play.cards)} for play in plays]}
    if winner is not None:
        view.update(winner=winner, points=points)
    return view


def _play_view(phase: Playing) -> dict:
    return {"turn": phase.seat, "tricks_played": len(phase.tricks),
            "current_trick": trick_view(phase.current) if phase.current else None,
            "last_trick": trick_view(phase.tricks[-1].plays, phase.tricks[-1].winner, phase.tricks[-1].points)
            if phase.tricks else None,
            "points": team_points(phase.tricks)}
