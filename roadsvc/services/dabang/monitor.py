"""The floor monitor at 打棒 matches: its alerts are about one match (subject `match:<id>`) at its table.

On the writes: a refused play (`play_refused`) is recorded in its own transaction, after the play's own has
rolled back, as baccarat's `hand_refused` is: the match stays exactly as it was (its revision too); only the
match's `refused_plays` alert is raised or counted again, by seat (roadsvc.domain.dabang.monitoring), and the
refusal is kept once, as the table's dealer incident (`dealer_incidents`: table, dealer then, game, the rule's
code, when; never a card), the one record the shift report, the dealers' figures and recall read.

On the clock, `check_matches(db, now)` (the jobs process, every MONITOR_INTERVAL seconds beside the other
games' passes): `stale_table` raised or seen again at every match under way with no move for its table's
`stale_after_seconds`, and resolved by itself at the first pass after a move came or the match ended.

No alert holds a card (see the domain module): readers of alerts are the operators (pit bosses and admins,
on the floor, the alerts API and the operators' stream), and an admin may not read hands.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Mapping

from sqlalchemy.orm import Session

from roadsvc.domain.dabang.monitoring import REFUSED_PLAYS, STALE_TABLE, MatchClock, PlayRefused
from roadsvc.domain.dabang.play_phase import Playing
from roadsvc.domain.errors import DomainError
from roadsvc.domain.games import DABANG
from roadsvc.domain.monitoring import evaluate, resolve_settings, subjects
from roadsvc.persistence import alerts as alerts_repo
from roadsvc.persistence.dealers import registry as dealers_repo
from roadsvc.persistence import dabang as rows
from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import Alert, DabangMatch, utcnow
from roadsvc.persistence.models.dealers import REFUSAL
from roadsvc.services import alerts
from roadsvc.services.dabang import replay, views
from roadsvc.services.errors import Conflict
from roadsvc.translations import N_  # a note the system writes: translated where it is shown

MATCH = "match"


def subject_of(match_id: int) -> str:
    return subjects.of(MATCH, match_id)


def _settings(session: Session, match: DabangMatch) -> dict[str, Any]:
    return resolve_settings(rows.table_row(session, match.table_id).settings)


# On the writes


def play_refused(db: Database, match_id: int, number: int, data: Mapping[str, Any], error: DomainError | Conflict,
                 now: datetime | None = None) -> None:
    """Record a refused play at a match under way (a match over, or none: nothing to record)."""
    now = now or utcnow()
    with db.write() as session:
        match = rows.match_row(session, match_id, for_update=True)
        if match is None or match.ended_at is not None:
            return
        subject = subject_of(match.id)
        dealers_repo.record_incident(session, match.table_id, DABANG, REFUSAL, error.code, now)
        active = alerts_repo.active_alert(session, match.table_id, subject, REFUSED_PLAYS)
        fact = PlayRefused(match.id, data["seat"], number, _trick_number(session, match), error.code,
                           error.field, _card_count(data.get("cards")),
                           dict((active.details or {}).get("by_seat", {})) if active else {})
        for finding in evaluate(fact, _settings(session, match)):
            alerts.record(session, match.table_id, subject, finding, now)


def _card_count(cards: Any) -> int:
    return len(cards) if isinstance(cards, list) else 0


def _trick_number(session: Session, match: DabangMatch) -> int | None:
    current = replay.state(session, match).current
    return len(current.tricks) + 1 if isinstance(current, Playing) else None


# On the clock


@dataclass(frozen=True)
class Pass:
    """What one clock pass did."""

    matches: int
    raised_or_seen: int
    resolved: int


def check_matches(db: Database, now: datetime | None = None) -> Pass:
    """stale_table at every match under way; a stale match's alert resolves once a move came or it ended."""
    now = now or utcnow()
    with db.read() as session:
        clocks = [_clock(session, match, now) for match in rows.open_matches(session)]
        active = {alert.subject: alert.id
                  for alert in alerts_repo.active_alerts_with_codes(session, [STALE_TABLE], kind=MATCH, game=DABANG)}
    seen, raised = set(), 0
    for clock in clocks:
        found = _record_stale(db, clock, now)
        raised += found
        if found:
            seen.add(subject_of(clock.match_id))
    gone = [alert_id for subject, alert_id in active.items() if subject not in seen]
    return Pass(len(clocks), raised, sum(_resolve_by_itself(db, alert_id, now) for alert_id in gone))


def _clock(session: Session, match: DabangMatch, now: datetime) -> MatchClock:
    current = replay.state(session, match).current
    deal = views.deal_view(current, hidden=False) if current is not None else None
    return MatchClock(now, match.id, deal and deal["number"], deal and deal["phase"], match.last_move_at)


def _record_stale(db: Database, clock: MatchClock, now: datetime) -> int:
    """The match's stale_table, raised or seen again if it is still stale once locked (a move may have come)."""
    with db.write() as session:
        match = rows.match_row(session, clock.match_id, for_update=True)
        if match is None or match.ended_at is not None:
            return 0
        fresh = MatchClock(now, match.id, clock.deal_number, clock.phase, match.last_move_at)
        findings = evaluate(fresh, _settings(session, match))
        for finding in findings:
            alerts.record(session, match.table_id, subject_of(match.id), finding, now)
        return len(findings)


def _resolve_by_itself(db: Database, alert_id: int, now: datetime) -> int:
    def why(session: Session, alert: Alert) -> str:
        match = rows.match_row(session, int(alert.subject.partition(":")[2]))
        return N_("the match ended") if match is None or match.ended_at is not None else N_("the condition is gone: a move came")

    return alerts.resolve_by_itself(db, alert_id, why, now)
