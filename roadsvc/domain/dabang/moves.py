"""A deal's moves as the API's bodies name them: `apply_move(match, kind, data, now)` applies one (a request's,
a stored one being replayed, the demo bot's) to a Match. The kinds: `declaration`, `trump` (the end of
declaring), `tribute_return`, `bury`, `bury_jokers`, `play`; a deal's draw is `Match.start_deal`."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from roadsvc.domain.cards import Card, parse_cards
from roadsvc.domain.dabang.match import Match

MOVES = ("declaration", "trump", "tribute_return", "bury", "bury_jokers", "play")


def apply_move(match: Match, kind: str, data: dict[str, Any], now: datetime | None = None) -> Match:
    """The match after the move; a move the rules refuse raises the DomainError that says why."""
    def cards(name: str) -> list[Card]:
        return parse_cards(data.get(name) or [], name, jokers=True)

    if kind == "declaration":
        return match.declare(data["seat"], cards("cards"), data["at"], data.get("suit"))
    if kind == "trump":
        drawn = data.get("drawn_from_bottom")
        return match.end_declaring(None if drawn is None else cards("drawn_from_bottom"))
    if kind == "tribute_return":
        return match.return_tribute(data["seat"], cards("cards"))
    if kind == "bury":
        return match.bury(data["seat"], cards("cards"))
    if kind == "bury_jokers":
        return match.bury_jokers(data["seat"], cards("jokers"), cards("take"))
    if kind == "play":
        return match.play(data["seat"], cards("cards"), now=now)
    raise ValueError(f"unknown move {kind!r}")
