"""The floor's rules at a 打棒 match: a match that stopped moving (`stale_table`, the same code, title and place
on the floor as a stopped baccarat or 百人牛牛 table) and refused plays (`refused_plays`).

Each alert is about one match (subject `match:<id>`). A refused play counts into its match's one unresolved
`refused_plays` alert, by seat: a refusal repeated at one seat is how a misread card or a dispute shows, so it
turns the alert critical at `refused_critical_at` refusals from that seat. `details.scope` is "match".

Nothing here holds a card: a refused play's cards were not played, and may be cards of the seat's hand, so a
refusal keeps its seat, deal, trick, code and field, and the number of cards posted, never the cards or the
refusal's message (which may name them).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Mapping

from roadsvc.domain.monitoring.registry import CRITICAL, WARNING, Finding, Settings, rule
from roadsvc.domain.monitoring.rules import REFUSED_CRITICAL_AT, STALE_AFTER

SCOPE = "match"
STALE_TABLE, REFUSED_PLAYS = "stale_table", "refused_plays"


@dataclass(frozen=True, slots=True)
class MatchClock:
    """A match under way, looked at by the clock: its deal under way (None between deals) and its last move
    (the match started, a deal posted, a declaration, the trump, a bury, a play)."""

    now: datetime
    match_id: int
    deal_number: int | None
    phase: str | None  # declaring, burying, burying_jokers, playing; None between deals
    last_move_at: datetime

    @property
    def idle_seconds(self) -> float:
        return max(0.0, (self.now - self.last_move_at).total_seconds())


@dataclass(frozen=True, slots=True)
class PlayRefused:
    """A play was refused (a rule of play, the turn, the hand, the phase); the match is unchanged.
    `by_seat`: the refusals of the match's unresolved refused_plays alert before this one, by seat."""

    match_id: int
    seat: int  # a malformed body (no seat 1-4) is refused by the API's schema and never counted
    deal_number: int
    trick_number: int | None
    code: str
    field: str | None
    card_count: int
    by_seat: Mapping[str, int] = field(default_factory=dict)


@rule(STALE_TABLE, on=MatchClock, settings=(STALE_AFTER,), resolves_itself=True)
def stale_match(fact: MatchClock, settings: Settings) -> Finding | None:
    """Stopped: no move at the match for longer than `stale_after_seconds` (a deal not posted, a trick not
    played); resolved by itself when a move comes or the match ends."""
    limit, idle = settings[STALE_AFTER.name], fact.idle_seconds
    if idle <= limit:
        return None
    details = {"scope": SCOPE, "match_id": fact.match_id, "deal_number": fact.deal_number, "phase": fact.phase,
               "seconds_since_last_move": round(idle, 1), "last_move_at": fact.last_move_at.isoformat(),
               "stale_after_seconds": limit}
    where = f"deal {fact.deal_number} ({fact.phase})" if fact.deal_number else "the next deal"
    return Finding(STALE_TABLE, WARNING, f"match {fact.match_id}: nothing from {where} for {idle:.0f} s "
                   f"(stale after {limit} s)", details, elapsed=("seconds_since_last_move",))


@rule(REFUSED_PLAYS, on=PlayRefused, settings=(REFUSED_CRITICAL_AT,))
def refused_plays(fact: PlayRefused, settings: Settings) -> Finding:
    """Every refused play, counted by seat; critical once one seat has `refused_critical_at` refusals, and it
    stays critical (naming that seat) whichever seat is refused next."""
    critical_at = settings[REFUSED_CRITICAL_AT.name]
    seat = str(fact.seat)
    by_seat = {**fact.by_seat, seat: fact.by_seat.get(seat, 0) + 1}
    refused = {"seat": fact.seat, "deal_number": fact.deal_number, "trick_number": fact.trick_number,
               "code": fact.code, "field": fact.field, "cards": fact.card_count}
    worst = max(by_seat, key=lambda key: (by_seat[key], key == seat))
    critical_seat = int(worst) if by_seat[worst] >= critical_at else None
    details = {"scope": SCOPE, "match_id": fact.match_id, "seat": fact.seat, "refusals": sum(by_seat.values()),
               "by_seat": by_seat, "seat_refusals": by_seat[seat], "critical_at": critical_at,
               "critical_seat": critical_seat, "refused": [refused]}
    severity = WARNING if critical_seat is None else CRITICAL
    message = f"match {fact.match_id}: {details['refusals']} play(s) refused, {by_seat[seat]} at seat {seat}"
    if critical_seat is not None:
        message += f"; seat {critical_seat} reached {by_seat[worst]} (critical at {critical_at})"
    message += f"; the last (deal {fact.deal_number}): {fact.code}"
    return Finding(REFUSED_PLAYS, severity, message, details, keep="refused")
