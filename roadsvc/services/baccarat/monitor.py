"""Running the monitoring rules: on the writes they watch, and on the clock.

The write-path hooks run inside the write's transaction (the shoe row is locked), so a
finding is stored with the change that caused it or not at all. A refused hand rolls its
own transaction back; `hand_refused` then records the refusal in a new one, the shoe
itself unchanged. `check_open_shoes` is the clock's pass (the jobs process runs it every
few seconds): stale tables raised, seen again, or resolved when a hand came or the shoe
closed. `advantages_seen` is the `positive_ev` rule's pass, run by the jobs process as it
follows the event log (services.odds_watch), never on the dealer's post path.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Iterator, Mapping, Sequence

from sqlalchemy.orm import Session

from roadsvc.domain.baccarat.dealing.hands import Hand
from roadsvc.domain.baccarat.monitoring.facts import HandIn, NextHandAdvantages
from roadsvc.domain.monitoring import (
    HandCorrected, HandRefused, LateSlip, ShoeClock, evaluate, resolve_settings, self_resolving_codes, subjects,
)
from roadsvc.domain.baccarat.integrity.advantage import POSITIVE_EV
from roadsvc.domain.errors import DomainError
from roadsvc.persistence import alerts as repo
from roadsvc.persistence.dealers import registry as dealers_repo
from roadsvc.persistence import repositories as shoes_repo
from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import ALERT_RESOLVED, OPEN, Alert, Shoe, utcnow
from roadsvc.persistence.models.dealers import LATE_SLIP, REFUSAL
from roadsvc.domain.games import BACCARAT
from roadsvc.services import alerts
from roadsvc.translations import N_  # a note the system writes: translated where it is shown

log = logging.getLogger(__name__)

REFUSED_HANDS, LATE_SLIPS, CORRECTIONS = "refused_hands", "late_slips", "corrections"
RULE_REFUSALS = frozenset({"third_card_rule", "impossible_card", "card_count"})  # the drawing rules, the card supply


class TableSettings(Mapping[str, Any]):
    """A table's thresholds, read from the database only if a rule asks for one."""

    def __init__(self, session: Session, table_id: int):
        self.session, self.table_id, self._values = session, table_id, None

    def _load(self) -> dict[str, Any]:
        if self._values is None:
            self._values = resolve_settings(shoes_repo.table_settings(self.session, self.table_id))
        return self._values

    def __getitem__(self, name: str) -> Any:
        return self._load()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._load())

    def __len__(self) -> int:
        return len(self._load())


def _record_all(session: Session, shoe: Shoe, fact: Any, now: datetime | None = None) -> list:
    findings = evaluate(fact, TableSettings(session, shoe.table_id))
    return [alerts.record(session, shoe.table_id, subjects.shoe(shoe.id), finding, now) for finding in findings]


def _bump(session: Session, shoe: Shoe, code: str) -> int:
    return repo.bump_tally(session, shoe.table_id, subjects.shoe(shoe.id), code, shoe.id)


# On the writes


def hand_in(session: Session, shoe: Shoe, hands: Sequence[Hand], number: int) -> None:
    """A hand was stored in `shoe` (locked); `hands` are its counted hands now."""
    _record_all(session, shoe, HandIn(hands, shoe.decks, number))


def hand_corrected(session: Session, shoe: Shoe, number: int, action: str, actor: str, reason: str) -> None:
    count = _bump(session, shoe, CORRECTIONS)
    _record_all(session, shoe, HandCorrected(count, number, action, actor, reason))


def slip_refused_late(session: Session, shoe: Shoe, hand_number: int | None, client_slip_id: str, account_id: str,
                      why: str) -> None:
    count = _bump(session, shoe, LATE_SLIPS)
    dealers_repo.record_incident(session, shoe.table_id, BACCARAT, LATE_SLIP, why or "late", utcnow())
    _record_all(session, shoe, LateSlip(count, hand_number, client_slip_id, account_id, why))


def is_rule_refusal(error: DomainError) -> bool:
    return error.code in RULE_REFUSALS


def hand_refused(db: Database, table_id: int, error: DomainError, refused: Any, shoe_id: int | None = None) -> None:
    """Record a hand the drawing rules or the card supply refused (no open shoe: nothing to record)."""
    with db.write() as session:
        shoe = shoes_repo.latest_shoe(session, table_id, for_update=True)
        if shoe is None or shoe.status != OPEN or (shoe_id is not None and shoe.id != shoe_id):
            return
        count = _bump(session, shoe, REFUSED_HANDS)
        dealers_repo.record_incident(session, table_id, BACCARAT, REFUSAL, error.code, utcnow())
        number = shoes_repo.last_hand_number(session, shoe.id) + 1
        _record_all(session, shoe, HandRefused(count, number, error.code, error.message, error.field, refused))


def advantages_seen(session: Session, shoe: Shoe, fact: NextHandAdvantages, now: datetime | None = None) -> bool:
    """`positive_ev` at the shoe (locked): raised or seen again while an open bet qualifies,
    resolved by itself when none does. True when a bet qualifies."""
    if _record_all(session, shoe, fact, now):
        return True
    active = repo.active_alert(session, shoe.table_id, subjects.shoe(shoe.id), POSITIVE_EV)
    if active is not None:
        why = (N_("no open bet is at or above the threshold any more") if shoe.status == OPEN
               else N_("the shoe closed"))
        alerts.change_state(session, active, ALERT_RESOLVED, alerts.SYSTEM_ACTOR, why, now)
    return False


def has_active(db: Database, shoe_id: int, code: str) -> bool:
    with db.read() as session:
        return any(alert.shoe_id == shoe_id
                   for alert in repo.active_alerts_with_codes(session, [code], kind=subjects.SHOE))


# On the clock


@dataclass(frozen=True)
class Pass:
    """What one clock pass did."""

    shoes: int
    raised_or_seen: int
    resolved: int


def check_open_shoes(db: Database, now: datetime | None = None) -> Pass:
    """Every clock rule at every open shoe; self-resolving alerts whose condition is gone resolve. Only
    the shoes' alerts (subject `shoe:<id>`): a 百人牛牛 table's or a 打棒 match's stale_table is its
    own game's pass's to raise and resolve."""
    now = now or utcnow()
    with db.read() as session:
        rows = repo.open_shoes_with_activity(session)
        clock_codes = self_resolving_codes(ShoeClock)
        active = {(a.shoe_id, a.code): a.id
                  for a in repo.active_alerts_with_codes(session, clock_codes, kind=subjects.SHOE)}
    seen, raised = set(), 0
    for shoe, table, last_at, posted in rows:
        fact = ShoeClock(now, shoe.opened_at, last_at, posted or 0, shoe.last_hand is not None and
                         (posted or 0) >= shoe.last_hand)
        findings = evaluate(fact, resolve_settings(table.settings))
        if findings:
            raised += _record_at(db, shoe.id, findings, now)
        seen.update((shoe.id, finding.code) for finding in findings)
    gone = [alert_id for key, alert_id in active.items() if key not in seen]
    return Pass(len(rows), raised, sum(_resolve_by_itself(db, alert_id, now) for alert_id in gone))


def _record_at(db: Database, shoe_id: int, findings: list, now: datetime) -> int:
    with db.write() as session:
        shoe = shoes_repo.shoe_for_update(session, shoe_id)
        if shoe is None or shoe.status != OPEN:
            return 0
        for finding in findings:
            alerts.record(session, shoe.table_id, subjects.shoe(shoe.id), finding, now)
    return len(findings)


def _resolve_by_itself(db: Database, alert_id: int, now: datetime) -> int:
    def why(session: Session, alert: Alert) -> str:
        shoe = session.get(Shoe, alert.shoe_id)
        return N_("the shoe closed") if shoe is None or shoe.status != OPEN else N_("the condition is gone: a hand came")

    return alerts.resolve_by_itself(db, alert_id, why, now)

