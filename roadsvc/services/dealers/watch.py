"""The floor monitor's pass over the dealers (issue 45): every MONITOR_INTERVAL seconds the jobs process
reads each dealer's figures in the shift so far (roadsvc.services.dealers.figures) and asks the two dealer
rules (roadsvc.domain.dealers.rules) whether the dealer's refusals or pace are out of line with the rest of
the floor's at the same game. A finding is an alert about the dealer (subject `dealer:<id>`), kept at the
table where it was first raised (the dealer's table then); it resolves by itself at the first pass that no
longer sees it (a new shift starts every dealer's figures again)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select

from roadsvc.domain.dealers.rules import DEALER_PACE, DEALER_REFUSALS, DealerPace, DealerRefusals
from roadsvc.domain.dealers.statistics import Gaps
from roadsvc.domain.monitoring import evaluate, subjects
from roadsvc.persistence import alerts as alerts_repo
from roadsvc.persistence.dealers import registry as repo
from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import ALERT_RESOLVED, Alert, Dealer, utcnow
from roadsvc.services import alerts
from roadsvc.services.dealers.figures import NONE, Figures, floor_of, period_figures
from roadsvc.services.pit.shifts import FloorClock
from roadsvc.translations import N_  # a note the system writes: translated where it is shown

DEALER = "dealer"
CODES = (DEALER_REFUSALS, DEALER_PACE)


@dataclass(frozen=True)
class Pass:
    """What one pass did."""

    dealers: int
    raised_or_seen: int
    resolved: int


def facts(found: Figures, names: dict[int, str], period: str) -> list:
    """Each dealer's refusal and pace facts, per game they dealt, against the rest of the floor."""
    found_facts: list = []
    for dealer_id, games in found.items():
        if dealer_id == NONE:
            continue
        for game, entry in games.items():
            floor = floor_of(found, game, dealer_id)
            name = names.get(dealer_id, str(dealer_id))
            found_facts.append(DealerRefusals(dealer_id, name, game, period, entry.refusals, entry.games,
                                              floor.refusals, floor.games))
            found_facts.append(DealerPace(dealer_id, name, game, period, Gaps.of(entry.gaps), Gaps.of(floor.gaps)))
    return found_facts


def check_dealers(db: Database, now: datetime | None = None, clock: FloorClock | None = None) -> Pass:
    now = now or utcnow()
    shift = (clock or FloorClock.default()).shift_at(now)
    found = period_figures(db, shift.begins, now, now)
    with db.read() as session:
        names = {dealer.id: dealer.name for dealer in repo.dealers(session)}
        where = {change.dealer_id: change.table_id for change in repo.latest_changes(session).values()}
        active = {(alert.subject, alert.code): alert.id
                  for alert in alerts_repo.active_alerts_with_codes(session, list(CODES), kind=DEALER)}
    seen, raised = set(), 0
    for fact in facts(found, names, shift.key):
        for finding in evaluate(fact, {}):
            subject = subjects.of(DEALER, fact.dealer_id)
            table_id = _table_of(found, fact.dealer_id, where)
            if table_id is not None and _record(db, table_id, subject, finding, now):
                raised += 1
                seen.add((subject, finding.code))
    gone = [alert_id for key, alert_id in active.items() if key not in seen]
    return Pass(len([d for d in found if d != NONE]), raised, sum(_resolve(db, alert_id, now) for alert_id in gone))


def _table_of(found: Figures, dealer_id: int, where: dict[int | None, int]) -> int | None:
    """The dealer's table now, else the last they dealt at in the period."""
    if dealer_id in where:
        return where[dealer_id]
    tables = sorted(table for entry in found.get(dealer_id, {}).values() for table in entry.tables)
    return tables[-1] if tables else None


def _record(db: Database, table_id: int, subject: str, finding, now: datetime) -> bool:
    with db.write() as session:
        if session.get(Dealer, int(subject.partition(":")[2])) is None:
            return False
        active = session.scalars(select(Alert).where(Alert.subject == subject, Alert.code == finding.code,
                                                     Alert.state != ALERT_RESOLVED)).first()
        alerts.record(session, active.table_id if active else table_id, subject, finding, now)
    return True


def _resolve(db: Database, alert_id: int, now: datetime) -> int:
    return alerts.resolve_by_itself(db, alert_id, N_("the dealer's figures are in line with the floor's again"), now)
